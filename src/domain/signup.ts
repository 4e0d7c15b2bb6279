import { z } from 'zod';
import { TEXT_LIMITS } from './common.ts';
import {
  hasControlCharacters,
  hasLookalikeCharacters,
  hasMarkup,
  hasWebAddress as webAddressIn,
} from './display-name.ts';
import { userCategorySchema } from './profile.ts';

/** Shortest password accepted at sign-up. */
export const MIN_PASSWORD_LENGTH = 6;

/** The sign-up draft fields the checks look at. */
export interface SignupChecksInput {
  /** Password. */
  password: string;
  /** Repeated password. */
  confirmPassword: string;
  /** Terms box ticked. */
  agreedToTerms: boolean;
  /** Privacy box ticked. */
  agreedToPrivacy: boolean;
}

/** A failed check as a toast: title and message, shown verbatim (the wording is fixed). */
export interface SignupProblem {
  /** Toast title. */
  title: string;
  /** Toast text. */
  message: string;
}

/** Runs the sign-up checks in the spec's order and returns the first failure, or null when all pass. */
export function signupProblem(draft: SignupChecksInput): SignupProblem | null {
  if (draft.password !== draft.confirmPassword) {
    return { title: 'Password Mismatch', message: 'Passwords do not match. Please try again.' };
  }
  if (draft.password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Password Too Short', message: 'Password must be at least 6 characters long.' };
  }
  if (!draft.agreedToTerms) {
    return {
      title: 'Terms Required',
      message: 'You must agree to the Terms and Conditions to create an account.',
    };
  }
  if (!draft.agreedToPrivacy) {
    return {
      title: 'Privacy Policy Required',
      message: 'You must agree to the Privacy Policy to create an account.',
    };
  }
  return null;
}

/** Why a display name is refused when it carries a web address. */
export const DISPLAY_NAME_LINK_MESSAGE = 'Display name cannot contain links or web addresses.';

/** Why a display name is refused when it carries invisible control characters. */
export const DISPLAY_NAME_CONTROL_MESSAGE = 'Display name cannot contain special control characters.';

/** Why a display name is refused when it carries markup. */
export const DISPLAY_NAME_MARKUP_MESSAGE = 'Display name cannot contain < or >.';

/** Why a display name is refused when it carries full-width, styled or circled letters, digits or dots. */
export const DISPLAY_NAME_LOOKALIKE_MESSAGE =
  'Display name cannot contain full-width, styled or circled letters, digits or dots. Please type them as plain text.';

export { hasControlCharacters } from './display-name.ts';

/** True when `name` holds something a mail program or browser would take for a link, also once look-alike letters are folded (NFKC). */
export function hasWebAddress(name: string): boolean {
  return webAddressIn(name) || webAddressIn(name.normalize('NFKC'));
}

/**
 * Problems with a display name beyond its length, or null. The name is shown on
 * public pages and inserted into emails sent to the address typed at sign-up, so
 * it must not carry links (anyone could otherwise send our mail with their link
 * in it), markup, look-alike characters or invisible characters. The rules of
 * src/domain/display-name.ts, which firestore.rules repeats.
 */
export function displayNameProblem(name: string): string | null {
  if (hasControlCharacters(name)) return DISPLAY_NAME_CONTROL_MESSAGE;
  if (hasWebAddress(name)) return DISPLAY_NAME_LINK_MESSAGE;
  if (hasMarkup(name)) return DISPLAY_NAME_MARKUP_MESSAGE;
  if (hasLookalikeCharacters(name)) return DISPLAY_NAME_LOOKALIKE_MESSAGE;
  return null;
}

/**
 * What the sign-up form sends to the `signUp` Cloud Function, checked by both.
 * Strict: any other key (approval_status, role, subscription_status …) is refused,
 * so a crafted request cannot smuggle starting values into the new profile.
 * The confirmation and agreement boxes are checked in the browser only
 * (signupProblem); they never leave it.
 */
export const signupRequestSchema = z.strictObject({
  /** Login email; stored in Firebase Auth only, never on the public profile. */
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  /** Password; Firebase Auth stores only its hash. */
  password: z
    .string({ error: 'Password is required.' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long.')
    .max(4096, 'Password is too long.'),
  /** Public name; the page slug is derived from it. */
  display_name: z
    .string({ error: 'Display name is required.' })
    .trim()
    .min(1, 'Display name is required.')
    .max(TEXT_LIMITS.name, `Display name must be at most ${TEXT_LIMITS.name} characters.`)
    .refine((name) => !hasControlCharacters(name), DISPLAY_NAME_CONTROL_MESSAGE)
    .refine((name) => !hasWebAddress(name), DISPLAY_NAME_LINK_MESSAGE)
    .refine((name) => !hasMarkup(name), DISPLAY_NAME_MARKUP_MESSAGE)
    .refine((name) => !hasLookalikeCharacters(name), DISPLAY_NAME_LOOKALIKE_MESSAGE),
  /** The role chosen on the form ("I am a …"), stored as the profile's category. */
  category: z.enum(userCategorySchema.options, {
    error: 'Please choose a role: Book Author, Book Lover/Marketer or Publisher.',
  }),
});

/** A sign-up request after validation (trimmed). */
export type SignupRequest = z.infer<typeof signupRequestSchema>;
