/**
 * What the profile editors (the /profile-edit page and the inline editor on
 * /profile/{slug}) send to the server, and what they get back. Every save goes
 * through the `saveProfile` callable function, which checks the caller (owner
 * or admin; an owner must be verified, approved and active), validates the
 * request with these same schemas and writes in one transaction the profile's
 * changed fields and the page-slug claim. Nothing is written when any part is
 * refused. Books are not part of a profile save: owned items save and delete
 * only through their own callables (saveBook, deleteBook), which keep their
 * covers, claims and plan limit.
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, optionalMediaPathOrHttpsUrl, optionalText } from '../shared/common.ts';
import { approvalStatusSchema, profileRoleSchema, socialLinksSchema, userCategorySchema } from './profile.ts';
import { displayNameProblem } from '../shared/display-name.ts';
import { PAGE_SLUG_PATTERN, profileSlug } from '../shared/slug.ts';

/** Fields the owner edits (and an admin, for anyone). */
export const profileEditFieldsSchema = z.object({
  /** Public name; required, with the sign-up rules: no links, markup, look-alike or control characters (firestore.rules repeats them). */
  display_name: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(TEXT_LIMITS.name)
    .superRefine((name, ctx) => {
      const problem = displayNameProblem(name);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** Optional heading of the profile page. */
  page_title: optionalText(TEXT_LIMITS.title),
  /**
   * The address /profile/{page_slug}. Left empty, the server derives it from the
   * display name (`derivedPageSlug`) and makes it unique with -2, -3 …; typed,
   * it must be free (else the save is refused with SAVE_PROFILE_MESSAGES.slugTaken).
   */
  page_slug: z
    .string()
    .trim()
    .max(TEXT_LIMITS.slug, 'Page slug must be 100 characters or less')
    .regex(/^(?:[a-z0-9_-]+)?$/, 'Use lower-case letters, digits, hyphens and underscores only'),
  /** /media/… path from the upload endpoint, an https URL, or '' for none. */
  profile_image: optionalMediaPathOrHttpsUrl,
  about_me: optionalText(TEXT_LIMITS.medium),
  special_announcement: optionalText(TEXT_LIMITS.medium),
  /** One event per line. */
  upcoming_events: optionalText(TEXT_LIMITS.medium),
  social_links: socialLinksSchema,
});
/** The owner-editable fields. */
export type ProfileEditFields = z.infer<typeof profileEditFieldsSchema>;

/**
 * Fields only an admin may change. Setting role to 'Admin' (or away from it) also
 * sets (or clears) the `admin` claim. Never the plan (subscription_status): only
 * the billing webhook and the admin's grant/revoke action write it.
 */
export const profileAdminFieldsSchema = z.strictObject({
  role: profileRoleSchema,
  category: userCategorySchema,
  is_active: z.boolean(),
  approval_status: approvalStatusSchema,
});
/** The admin-only fields. */
export type ProfileAdminFields = z.infer<typeof profileAdminFieldsSchema>;

const SAVE_PROFILE_NO_BOOKS =
  'This editor is out of date: books are saved one at a time in the Books section, not with the profile. Reload the page and save again.';

/**
 * A save request: only what changed since the editor loaded the profile. Any
 * other key is refused. Books save one at a time through the owned-item path: an
 * editor opened before that change sends an empty `books` part with every save,
 * which is let through so its profile changes are kept; a book in it is refused
 * with SAVE_PROFILE_MESSAGES.noBooks, so such an editor is told to reload rather
 * than having its book changes dropped without a word.
 */
export const saveProfileRequestSchema = z.strictObject({
  /** Whose profile (the caller's own uid, or any uid for an admin). */
  userId: idSchema,
  /**
   * `updated_at` of the profile as the editor loaded it (ISO 8601), or null when it had
   * never been saved. The save is refused with code 'aborted' and
   * SAVE_PROFILE_MESSAGES.conflict when the stored value differs: someone saved in between.
   */
  expectedUpdatedAt: z.iso.datetime().nullable(),
  /** Changed owner fields. */
  profile: profileEditFieldsSchema.partial().default({}),
  /** Changed admin fields (refused with 'permission-denied' for a non-admin). */
  admin: profileAdminFieldsSchema.partial().optional(),
  /** An out-of-date editor's empty book changes (see above); never read. */
  books: z
    .strictObject(
      {
        create: z.array(z.unknown()).max(0, SAVE_PROFILE_NO_BOOKS),
        update: z.array(z.unknown()).max(0, SAVE_PROFILE_NO_BOOKS),
        remove: z.array(z.unknown()).max(0, SAVE_PROFILE_NO_BOOKS),
      },
      { error: () => SAVE_PROFILE_NO_BOOKS },
    )
    .partial()
    .optional(),
});
/** A save request as sent. */
export type SaveProfileRequest = z.input<typeof saveProfileRequestSchema>;
/** A save request after validation. */
export type ParsedSaveProfileRequest = z.output<typeof saveProfileRequestSchema>;

/** What a successful save returns. */
export const saveProfileResponseSchema = z.object({
  /** The page slug after the save (derived or changed), for the redirect to /profile/{slug}. */
  page_slug: z.string().regex(PAGE_SLUG_PATTERN),
  /** The new updated_at (ISO 8601): the editor's next expectedUpdatedAt. */
  updated_at: z.iso.datetime(),
});
/** A save's result. */
export type SaveProfileResponse = z.infer<typeof saveProfileResponseSchema>;

/** Messages the editors show for a refused save (toasts use the spec's 'Failed to save profile: {message}'). */
export const SAVE_PROFILE_MESSAGES = {
  conflict:
    'This profile was changed in another tab or by someone else since you opened it. Reload to see the latest version, then make your changes again.',
  slugTaken: 'That page address is already taken. Choose another or leave it empty to use your name.',
  notAllowed: 'Insufficient permissions to edit this profile',
  noBooks: SAVE_PROFILE_NO_BOOKS,
} as const;

/** deleteAccount's request: whose account (own, or any for an admin). */
export const deleteAccountRequestSchema = z.object({ userId: idSchema });
/** deleteAccount's answer once everything is gone (also when it was already gone: the call is idempotent). */
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** ensureProfile's answer: the caller's profile exists now (created as sign-up would, if it was missing). */
export const ensureProfileResponseSchema = z.object({
  page_slug: z.string().regex(PAGE_SLUG_PATTERN),
  created: z.boolean(),
});

/** The slug an empty page_slug becomes: the display name, lower-cased, each run of other characters a hyphen, hyphens trimmed at the ends. */
export function derivedPageSlug(displayName: string): string {
  return profileSlug(displayName).slice(0, TEXT_LIMITS.slug - 10);
}
