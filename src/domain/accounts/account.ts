/**
 * Account self-service: forgotten passwords, password and email changes,
 * signing out everywhere. The forms' schemas and messages, the requests the
 * functions accept, and the pure checks both sides share (continue URLs, the
 * links our own pages answer).
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import { MIN_PASSWORD_LENGTH } from './signup.ts';

/** The answer to every forgotten-password request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = "If an account exists for that address, we've sent a link";
/** A new password shorter than the sign-up minimum. */
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters long.';
/** The new password and its confirmation differ. */
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match. Please try again.';
/** The current password given to confirm a change is wrong. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
/** The new email address is the one the account already has. */
export const SAME_EMAIL_MESSAGE = 'That is already your email address.';
/** A sensitive change asked without a fresh password check. */
export const REAUTH_REQUIRED_MESSAGE = 'Please confirm your current password and try again.';
/** Too many reset requests for one address or from one client. */
export const RESET_THROTTLED_MESSAGE = 'Too many password reset requests. Please wait a while and try again.';
/** Too many email-change requests by one member. */
export const EMAIL_CHANGE_THROTTLED_MESSAGE =
  'Too many email change requests. Please wait a while and try again.';
/** A continue address that is not on this site. */
export const FOREIGN_CONTINUE_URL_MESSAGE = 'The return address must be a page of this site.';
/** A reset link whose code has expired. */
export const RESET_LINK_EXPIRED_MESSAGE = 'This password reset link has expired.';
/** A reset link whose code was used already or never existed. */
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid or has already been used.';
/** An email-change link whose code has expired, was used, or never existed. */
export const EMAIL_LINK_INVALID_MESSAGE =
  'This confirmation link is invalid, has expired or has already been used.';

/** How long after entering the password a member may change the password or ask for an email change (seconds). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(TEXT_LIMITS.line)
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(4096);

/** The forgotten-password request: an address, and optionally where to return after the reset. */
export const passwordResetRequestSchema = z.strictObject({
  /** The address to send the link to (when it has an account). */
  email: emailSchema,
  /** A page of this site to offer after the reset; anything else is refused. */
  continueUrl: z.string().max(TEXT_LIMITS.url).optional(),
});
/** A forgotten-password request. */
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The forgotten-password form on the login tab and the reset page. */
export const forgotPasswordFormSchema = z.object({
  /** The account's email. */
  email: emailSchema,
});
/** The forgotten-password form's values. */
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The reset page: a new password twice. */
export const newPasswordFormSchema = z
  .object({
    /** The new password, at least the sign-up minimum. */
    password: newPasswordSchema,
    /** The same again. */
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MISMATCH_MESSAGE,
  });
/** The reset page's values. */
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** Change password on /account: the current one, then the new one twice. */
export const changePasswordFormSchema = z
  .object({
    /** The password in use, to prove it is the member. */
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    /** The new password, at least the sign-up minimum. */
    password: newPasswordSchema,
    /** The same again. */
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MISMATCH_MESSAGE,
  });
/** The change-password form's values. */
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** Change email on /account: the new address and the current password. */
export const changeEmailFormSchema = z.object({
  /** The address to move the account to. */
  newEmail: emailSchema,
  /** The password in use, to prove it is the member. */
  currentPassword: z.string().min(1, 'Please enter your current password.'),
});
/** The change-email form's values. */
export type ChangeEmailForm = z.infer<typeof changeEmailFormSchema>;

/** What requestEmailChange accepts. */
export const emailChangeRequestSchema = z.strictObject({
  /** The address to move the account to. */
  newEmail: emailSchema,
});

/** What the functions that act for a member or, for admins, for another member accept. */
export const memberTargetSchema = z
  .strictObject({
    /** Another member's uid (admins only); absent means the caller. */
    userId: z.string().trim().min(1).max(128).optional(),
  })
  .nullish();

/** A one-time code from a mailed link, as our pages pass it on. */
const actionCodeSchema = z
  .string({ error: RESET_LINK_INVALID_MESSAGE })
  .trim()
  .min(1, RESET_LINK_INVALID_MESSAGE)
  .max(512, RESET_LINK_INVALID_MESSAGE);

/** What changePassword accepts: the new password (the page re-authenticated with the current one just before). */
export const passwordChangeRequestSchema = z.strictObject({
  /** The new password, at least the sign-up minimum. */
  newPassword: newPasswordSchema,
});

/** What completePasswordReset accepts: the reset link's code and the new password. */
export const passwordResetCompletionSchema = z.strictObject({
  /** The one-time code from the reset mail's link. */
  oobCode: actionCodeSchema,
  /** The new password, at least the sign-up minimum. */
  newPassword: newPasswordSchema,
});

/**
 * What confirmEmailCode accepts: the code of a verification or email-change
 * link, nothing else. Whose address it is comes from the code alone, so a
 * caller cannot name a member.
 */
export const emailConfirmationRequestSchema = z.strictObject({
  /** The one-time code from the confirmation mail's link. */
  oobCode: z
    .string({ error: EMAIL_LINK_INVALID_MESSAGE })
    .trim()
    .min(1, EMAIL_LINK_INVALID_MESSAGE)
    .max(512, EMAIL_LINK_INVALID_MESSAGE),
});

/** Too many uses of mailed links from one client. */
export const ACTION_CODE_THROTTLED_MESSAGE =
  'Too many attempts with email links. Please wait a while and try again.';

/**
 * The address of `candidate` when it is a page of this site (`origin`, e.g.
 * https://shelfmark.example), else null. A path ('/account') is read as a
 * page of the site; '//other.example' and any other origin or scheme are not.
 */
export function sameOriginUrl(candidate: unknown, origin: string): string | null {
  if (typeof candidate !== 'string' || candidate.trim() === '') return null;
  const value = candidate.trim();
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007F' || ch === '\\')) return null;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    url = new URL(value, site);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== site.origin || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** The pages of our site that act on Firebase's email codes. */
export const ACTION_PAGES = {
  /** Choose a new password. */
  resetPassword: '/auth/reset',
  /** Confirm a new email address (and the first verification). */
  confirmEmail: '/auth/confirm-email',
} as const;

/**
 * Our own page's link for a link Firebase generated: the same one-time code
 * (`oobCode`) on `page` of `siteOrigin`, plus `extra` parameters. The code is
 * all our page needs; Firebase's handler and its continue URL are left out, so
 * the mail never sends anyone off the site. Throws when the link has no code.
 */
export function ownActionLink(
  firebaseLink: string,
  page: string,
  siteOrigin: string,
  extra: Record<string, string> = {},
): string {
  const code = new URL(firebaseLink).searchParams.get('oobCode');
  if (!code) throw new Error('The generated link carries no oobCode');
  const url = new URL(page, siteOrigin);
  url.searchParams.set('oobCode', code);
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.href;
}

/** Why a reset code cannot be used, from Firebase's error code. */
export function resetLinkProblem(code: string | undefined): string {
  return code === 'auth/expired-action-code' ? RESET_LINK_EXPIRED_MESSAGE : RESET_LINK_INVALID_MESSAGE;
}
