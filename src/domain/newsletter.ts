import { z } from 'zod';
import { TEXT_LIMITS, idSchema, nonNegativeInt, optionalText, timestampSchema } from './common.ts';
import { editorialSlugSchema } from './editorial.ts';
import type { Profile } from './profile.ts';

/** Editable newsletter fields with the form's required-field messages. */
const newsletterFields = {
  /** Newsletter title. */
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  /** Optional subtitle. */
  subtitle: optionalText(TEXT_LIMITS.line),
  /** Body in light markup (like the blog, plus numbered or dashed bold list items). */
  content: z.string({ error: 'Content is required' }).trim().min(1, 'Content is required').max(TEXT_LIMITS.long),
  /** Drafts (false) are visible to admins only and cannot be sent. */
  is_published: z.boolean().default(false),
};

/** A newsletter, document `newsletters/{autoId}`. Only admins write; sent_at and recipient_count are set by the send function. */
export const newsletterSchema = z
  .object({
    /** Document id. */
    id: idSchema,
    ...newsletterFields,
    /** uid of the admin who created it. */
    created_by: idSchema,
    /** Creation time. */
    created_at: timestampSchema,
    /** Last edit. */
    updated_at: timestampSchema.nullish(),
    /** When it was emailed; set once, so each newsletter is sent at most once. */
    sent_at: timestampSchema.nullish(),
    /** How many members it was sent to. */
    recipient_count: nonNegativeInt.nullish(),
    /** URL slug under /newsletters/, set by a function when the newsletter is first published and never changed after. */
    slug: editorialSlugSchema.nullish(),
  })
  .describe('newsletters');

/** A newsletter. */
export type Newsletter = z.infer<typeof newsletterSchema>;

/** Fields as written to Firestore. */
export const newsletterWriteSchema = newsletterSchema.omit({ id: true });
/** Newsletter as written. */
export type NewsletterWrite = z.infer<typeof newsletterWriteSchema>;

/** The admin's create/edit form. */
export const newsletterFormSchema = z.object(newsletterFields);
/** Parsed newsletter form. */
export type NewsletterForm = z.infer<typeof newsletterFormSchema>;

/** Audiences a newsletter can be sent to. */
export const NEWSLETTER_RECIPIENT_GROUPS = [
  { value: 'all', label: 'All Users' },
  { value: 'author', label: 'Author' },
  { value: 'book-lover', label: 'Book Lover/Marketer' },
  { value: 'admin', label: 'Admin' },
] as const;
/** A recipient group value. */
export type RecipientGroup = (typeof NEWSLETTER_RECIPIENT_GROUPS)[number]['value'];

/** True when an active profile belongs to the group; authors match by role or category ('Author' or 'Book Author'). */
export function inRecipientGroup(
  profile: Pick<Profile, 'role' | 'category' | 'is_active'>,
  group: RecipientGroup,
): boolean {
  if (!profile.is_active) return false;
  switch (group) {
    case 'all':
      return true;
    case 'author':
      return ['Author', 'Book Author'].includes(profile.role) || profile.category === 'Book Author';
    case 'book-lover':
      return profile.role === 'Book Lover/Marketer' || profile.category === 'Book Lover/Marketer';
    case 'admin':
      return profile.role === 'Admin';
  }
}

/** True when the send control should show: published and never sent. */
export function canSend(newsletter: Pick<Newsletter, 'is_published' | 'sent_at'>): boolean {
  return newsletter.is_published && !newsletter.sent_at;
}
