// ID tokens for API tests, from the Auth emulator's REST sign-in: what the web SDK
// gets when a member logs in, without driving the login form.
import { AUTH_EMULATOR_HOST } from './emulators';
import { adminDb } from './fixtures';

/** What the Auth emulator's password sign-in answers: the tokens the web SDK keeps. */
export interface PasswordSession {
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token lasts. */
  expiresIn: string;
}

/** Whether an admin's sign-in also passes the second factor (default true). */
export interface SignInOptions {
  secondFactor?: boolean;
}

/** A fresh ID token for an account with an email and password. */
export async function idTokenFor(
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<string> {
  return (await passwordSession(email, password, options)).idToken;
}

/**
 * Records that the sign-in of `idToken` entered its admin's second factor (a
 * session that does not end), as the secondFactor function does after a right
 * code: what every admin does before using a power.
 */
export async function passSecondFactor(idToken: string): Promise<void> {
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  if (claims.admin !== true) return;
  await adminDb()
    .collection('admin_second_factors')
    .doc(String(claims.user_id))
    .set({ enrolled: true, sessions: { [String(claims.auth_time)]: 8.64e15 } }, { merge: true });
}

/**
 * Signs in with an email and password as the web SDK does, and returns its tokens.
 * An admin's sign-in also passes the second factor (passSecondFactor) unless
 * `secondFactor` is false, so the specs that use admin powers need not repeat it.
 */
export async function passwordSession(
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<PasswordSession> {
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-shelfmark-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as Partial<PasswordSession> & { error?: { message: string } };
  if (!body.idToken || !body.refreshToken || !body.expiresIn)
    throw new Error(`Could not sign in ${email}: ${body.error?.message ?? response.status}`);
  if (options.secondFactor !== false) await passSecondFactor(body.idToken);
  return { idToken: body.idToken, refreshToken: body.refreshToken, expiresIn: body.expiresIn };
}
