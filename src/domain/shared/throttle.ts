/**
 * Attempt throttling for actions anyone can repeat at our cost (creating
 * accounts, sending email). Each throttled subject (an email address, a client
 * IP, a member) keeps a log of the times of its recent attempts; an attempt is
 * allowed only while every limit still has room in its sliding window. The
 * logic here is pure; the Cloud Functions keep the logs in Firestore.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** At most `max` attempts in any `windowMs` milliseconds. */
export interface ThrottleLimit {
  /** Attempts allowed within one window. */
  max: number;
  /** Length of the sliding window in milliseconds. */
  windowMs: number;
}

/** Sign-ups for one email address: a typo can be retried, a mail bomb cannot. */
export const SIGNUP_LIMITS_PER_EMAIL: readonly ThrottleLimit[] = [{ max: 3, windowMs: HOUR_MS }];

/** Sign-ups from one client IP: a household or office can still join together. */
export const SIGNUP_LIMITS_PER_IP: readonly ThrottleLimit[] = [{ max: 10, windowMs: HOUR_MS }];

/** Verification emails a member can ask to have sent again. */
export const RESEND_VERIFICATION_LIMITS: readonly ThrottleLimit[] = [
  { max: 1, windowMs: MINUTE_MS },
  { max: 5, windowMs: DAY_MS },
];

/** The message for a refused sign-up. */
export const SIGNUP_THROTTLED_MESSAGE = 'Too many sign-up attempts. Please try again later.';

/** The message for a refused resend of the verification email. */
export const RESEND_THROTTLED_MESSAGE =
  'Too many verification emails requested. Please wait a while and try again.';

/** What an attempt comes to: allowed or not, and the log to store. */
export interface ThrottleDecision {
  /** True when every limit had room. */
  allowed: boolean;
  /** The attempt times to keep: those still inside the longest window, plus this one when allowed. */
  attempts: number[];
  /** When refused: milliseconds until the fullest window has room again. */
  retryAfterMs: number;
}

/**
 * Decides an attempt at `now` given the earlier attempt times. A refused
 * attempt is not recorded, so someone who keeps trying is not locked out for
 * longer than the window. Times in the future (clock skew) count as now.
 */
export function decideAttempt(
  previous: readonly number[],
  now: number,
  limits: readonly ThrottleLimit[],
): ThrottleDecision {
  const longest = Math.max(0, ...limits.map((limit) => limit.windowMs));
  const recent = previous
    .filter((time) => Number.isFinite(time) && time > now - longest)
    .map((time) => Math.min(time, now))
    .sort((a, b) => a - b);
  let retryAfterMs = 0;
  for (const limit of limits) {
    const inWindow = recent.filter((time) => time > now - limit.windowMs);
    if (inWindow.length >= limit.max) {
      // Room returns when the oldest attempt that keeps the window full leaves it.
      const oldestBlocking = inWindow[inWindow.length - limit.max] ?? now;
      retryAfterMs = Math.max(retryAfterMs, oldestBlocking + limit.windowMs - now);
    }
  }
  if (retryAfterMs > 0) return { allowed: false, attempts: recent, retryAfterMs };
  return { allowed: true, attempts: [...recent, now], retryAfterMs: 0 };
}

/** Password-reset mails for one address: a lost mail can be asked for again, an inbox cannot be flooded. */
export const PASSWORD_RESET_LIMITS_PER_EMAIL: readonly ThrottleLimit[] = [
  { max: 3, windowMs: HOUR_MS },
  { max: 6, windowMs: DAY_MS },
];

/** Password-reset requests from one client IP, whatever the addresses. */
export const PASSWORD_RESET_LIMITS_PER_IP: readonly ThrottleLimit[] = [{ max: 10, windowMs: HOUR_MS }];

/** Email-change requests by one member (each mails the new address). */
export const EMAIL_CHANGE_LIMITS: readonly ThrottleLimit[] = [
  { max: 3, windowMs: HOUR_MS },
  { max: 6, windowMs: DAY_MS },
];

/**
 * Uses of mailed one-time codes (a password-reset completion, an email
 * confirmation) from one client IP: a person follows a link or two, a script
 * guessing codes is stopped long before it could find one.
 */
export const ACTION_CODE_LIMITS_PER_IP: readonly ThrottleLimit[] = [{ max: 20, windowMs: HOUR_MS }];
