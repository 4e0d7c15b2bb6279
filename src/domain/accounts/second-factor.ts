/**
 * The admin second factor: a TOTP code from an authenticator app (RFC 6238,
 * checked by the functions, not by Firebase Auth: the Auth emulator knows only
 * SMS second factors, see docs/decisions.md), with ten one-time recovery codes.
 *
 * A code opens a "second-factor session" bound to the sign-in that entered it
 * (the ID token's `auth_time`) for SECOND_FACTOR_SESSION_HOURS. The functions'
 * caller guard and firestore.rules' isAdmin() both read it from the member's
 * record in `admin_second_factors`, which no client can read or write, so a
 * password-only sign-in (another `auth_time`) has no admin powers.
 */
import { z } from 'zod';

export {
  ADMIN_SECOND_FACTORS,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SETUP_MESSAGE,
  secondFactorSessionLive,
} from '../shared/second-factor-session.ts';

/** How long a code keeps the sign-in's admin powers open. */
export const SECOND_FACTOR_SESSION_HOURS = 12;
/** At most this many signed-in browsers hold a second-factor session at once (the oldest goes). */
export const SECOND_FACTOR_SESSIONS_KEPT = 5;
/** Wrong codes in a row before the code check locks. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
/** How long the code check stays locked after SECOND_FACTOR_MAX_FAILURES wrong codes. */
export const SECOND_FACTOR_LOCK_MINUTES = 15;
/** How many recovery codes a member gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Shelfmark';

/** A code that does not match (or was used already). */
export const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';
/** Too many wrong codes. */
export const CODE_LOCKED_MESSAGE = 'Too many wrong codes. Please wait 15 minutes and try again.';

/** A code as typed: six digits from the app, or a recovery code (letters and digits, dashes and spaces ignored). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(40, 'That code is too long')
  .describe('A six-digit TOTP code or a recovery code');

/** The form that asks for a code. */
export const secondFactorCodeFormSchema = z.object({
  /** The code the member typed. */
  code: secondFactorCodeSchema,
});
/** The values of the code form. */
export type SecondFactorCodeForm = z.infer<typeof secondFactorCodeFormSchema>;

/** What the account page and the admin page ask the `secondFactor` callable. */
export const secondFactorRequestSchema = z.discriminatedUnion('action', [
  /** Where the caller stands: enrolled, a live session, recovery codes left. */
  z.object({ action: z.literal('status') }),
  /** Starts enrolment: a new secret, not yet in force. */
  z.object({ action: z.literal('start') }),
  /** Ends enrolment with the first code from the app; answers the recovery codes. */
  z.object({ action: z.literal('confirm'), code: secondFactorCodeSchema }),
  /** Opens a second-factor session for this sign-in (a TOTP or a recovery code). */
  z.object({ action: z.literal('verify'), code: secondFactorCodeSchema }),
  /** New recovery codes (the old ones stop working); needs a TOTP code. */
  z.object({ action: z.literal('regenerate'), code: secondFactorCodeSchema }),
  /** Turns the second factor off; needs a TOTP or a recovery code. */
  z.object({ action: z.literal('disable'), code: secondFactorCodeSchema }),
  /** Another admin clears a member's second factor (lost device and codes); audited. */
  z.object({ action: z.literal('reset'), uid: z.string().min(1).max(128) }),
]);
/** A request to the `secondFactor` callable. */
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

/** The caller's second factor as the account and admin pages show it. */
export interface SecondFactorStatus {
  /** A confirmed TOTP secret is in force. */
  enrolled: boolean;
  /** This sign-in passed the second factor and it has not expired. */
  sessionLive: boolean;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
}

/** The answers of the `secondFactor` callable, by action. */
export interface SecondFactorResponse {
  /** Every action but start answers the status after it. */
  status: SecondFactorStatus;
  /** start: the base32 secret, for typing into the app by hand. */
  secret?: string;
  /** start: the otpauth:// URI the QR code carries. */
  uri?: string;
  /** confirm and regenerate: the new recovery codes, shown once. */
  recoveryCodes?: string[];
}

/** The sessions to keep after opening one for `authTime`: the live ones, newest last, at most SECOND_FACTOR_SESSIONS_KEPT. */
export function withSession(
  sessions: Record<string, number> | undefined,
  authTime: number,
  nowMillis: number,
): Record<string, number> {
  const live = Object.entries(sessions ?? {}).filter(
    ([key, until]) => key !== String(authTime) && until > nowMillis,
  );
  live.sort((a, b) => a[1] - b[1]);
  const kept = live.slice(-(SECOND_FACTOR_SESSIONS_KEPT - 1));
  kept.push([String(authTime), nowMillis + SECOND_FACTOR_SESSION_HOURS * 3600_000]);
  return Object.fromEntries(kept);
}

/** The typed code without spaces and dashes, upper-cased: how codes are compared. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** True for a six-digit TOTP code (else it is tried as a recovery code). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(normaliseCode(code));
}
