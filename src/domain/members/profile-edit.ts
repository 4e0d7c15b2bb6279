/**
 * What the profile editors (the /profile-edit page and the inline editor on
 * /profile/{slug}) send to the server, and what they get back. Every save goes
 * through the `saveProfile` callable function, which checks the caller (owner
 * or admin; an owner must be verified, approved and active), validates the
 * request with these same schemas and writes everything in one transaction:
 * the profile's changed fields, the page-slug claim, and the member's books
 * (created, changed, removed). Nothing is written when any part is refused.
 */
import { z } from 'zod';
import { bookFormSchema } from '../books/book.ts';
import { TEXT_LIMITS, idSchema, optionalMediaPathOrHttpsUrl, optionalText } from '../shared/common.ts';
import { approvalStatusSchema, profileRoleSchema, socialLinksSchema, userCategorySchema } from './profile.ts';
import { displayNameProblem } from '../accounts/signup.ts';
import { PAGE_SLUG_PATTERN, profileSlug } from '../shared/slug.ts';

/** Most books one save may create, change or remove (bounds the transaction, far above any real edit). */
export const MAX_BOOK_CHANGES_PER_SAVE = 100;

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

/**
 * A book's changed fields: any subset of the book form (fields not sent stay as
 * stored, e.g. manuscript sections). The form's defaults (empty lists, false) are
 * for a new book only: applied here they would reset every field a change does not
 * name, so they are taken off first.
 */
export const bookChangesSchema = bookFormSchema
  .extend({
    genre: bookFormSchema.shape.genre.unwrap(),
    sub_genre: bookFormSchema.shape.sub_genre.unwrap(),
    purchase_links: bookFormSchema.shape.purchase_links.unwrap(),
    manuscript_content: bookFormSchema.shape.manuscript_content.unwrap(),
    is_full_book_free: bookFormSchema.shape.is_full_book_free.unwrap(),
  })
  .partial();

/** A save request: only what changed since the editor loaded the profile. */
export const saveProfileRequestSchema = z.object({
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
  books: z
    .object({
      /** New books; a blank title is dropped before sending (see `dropBlankBooks`). Counts against the plan limit. */
      create: z.array(bookFormSchema).max(MAX_BOOK_CHANGES_PER_SAVE).default([]),
      /** Changed books of this member (a book of anyone else is refused). */
      update: z
        .array(z.object({ id: idSchema, changes: bookChangesSchema }))
        .max(MAX_BOOK_CHANGES_PER_SAVE)
        .default([]),
      /** Ids of this member's books to delete. */
      remove: z.array(idSchema).max(MAX_BOOK_CHANGES_PER_SAVE).default([]),
    })
    .default({ create: [], update: [], remove: [] }),
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
  /** Ids given to `books.create`, in the same order. */
  created_book_ids: z.array(idSchema),
});
/** A save's result. */
export type SaveProfileResponse = z.infer<typeof saveProfileResponseSchema>;

/** Messages the editors show for a refused save (toasts use the spec's 'Failed to save profile: {message}'). */
export const SAVE_PROFILE_MESSAGES = {
  conflict:
    'This profile was changed in another tab or by someone else since you opened it. Reload to see the latest version, then make your changes again.',
  slugTaken: 'That page address is already taken. Choose another or leave it empty to use your name.',
  notAllowed: 'Insufficient permissions to edit this profile',
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

/** Books whose title is blank are dropped on save (the editor's empty rows). */
export function dropBlankBooks<T extends { title?: string | null }>(books: readonly T[]): T[] {
  return books.filter((book) => (book.title ?? '').trim() !== '');
}
