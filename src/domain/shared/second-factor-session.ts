/**
 * The admin second factor as every guard sees it (the functions' caller guard,
 * the site's endpoints, firestore.rules' secondFactorLive): the record's
 * collection, the session rule and the refusals. The rest of the second factor
 * (codes, set-up) is src/domain/accounts/second-factor.ts.
 */

/** The functions-only collection holding each admin's secret, recovery codes and sessions. */
export const ADMIN_SECOND_FACTORS = 'admin_second_factors';

/** Shown when an admin power is refused because the sign-in has no second factor. */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Admin powers need your second factor: enter your authenticator code on the admin page.';
/** Shown when the admin has not set a second factor up yet. */
export const SECOND_FACTOR_SETUP_MESSAGE =
  'Admin powers need a second factor: set up two-step sign-in on your account page first.';

/**
 * True when `sessions` (auth_time in seconds, as a string → end of the session,
 * milliseconds) holds a session of the sign-in at `authTime` that has not ended
 * at `nowMillis`. The same rule firestore.rules' secondFactorLive() applies.
 */
export function secondFactorSessionLive(
  sessions: Record<string, number> | undefined,
  authTime: number,
  nowMillis: number,
): boolean {
  const until = sessions?.[String(authTime)];
  return typeof until === 'number' && until > nowMillis;
}
