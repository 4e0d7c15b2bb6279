import { z } from 'zod';
import { TEXT_LIMITS, idSchema, nonNegativeInt, optionalText, timestampSchema } from '../shared/common.ts';
import { editorialSlugSchema } from './editorial.ts';
import type { Profile } from '../accounts/profile.ts';

/** Editable newsletter fields with the form's required-field messages. */
const newsletterFields = {
  /** Newsletter title. */
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  /** Optional subtitle. */
  subtitle: optionalText(TEXT_LIMITS.line),
  /** Body in light markup (like the blog, plus numbered or dashed bold list items). */
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(TEXT_LIMITS.long),
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

/**
 * Audiences a newsletter can be sent to. Groups go by the member's category, and
 * "Admins" by the admin claim (profile.role only mirrors it for display).
 * "Newsletter Subscribers" are the visitors who subscribed and confirmed
 * (newsletter_subscribers, src/domain/editorial/newsletter-subscriber.ts); "All Users" is
 * every member who receives newsletters and every subscriber, one copy per
 * address (a member who also subscribed as a visitor gets the member's copy).
 */
export const NEWSLETTER_RECIPIENT_GROUPS = [
  { value: 'all', label: 'All Users' },
  { value: 'book-author', label: 'Book Authors' },
  { value: 'publisher', label: 'Publishers' },
  { value: 'book-lover', label: 'Book Lovers/Marketers' },
  { value: 'admin', label: 'Admins' },
  { value: 'subscribers', label: 'Newsletter Subscribers' },
] as const;
/** A recipient group value. */
export type RecipientGroup = (typeof NEWSLETTER_RECIPIENT_GROUPS)[number]['value'];
/** The group values, for validating a request. */
export const recipientGroupSchema = z.enum(
  NEWSLETTER_RECIPIENT_GROUPS.map((g) => g.value) as [RecipientGroup, ...RecipientGroup[]],
);

/** What decides whether a member receives a newsletter. */
export interface RecipientCandidate {
  /** Profile fields. */
  profile: Pick<Profile, 'category' | 'is_active' | 'approval_status'>;
  /** Auth: the address is confirmed. */
  emailVerified: boolean;
  /** Auth: the admin claim. */
  admin: boolean;
  /** The member turned newsletters off (newsletter_preferences or the unsubscribe link). */
  unsubscribed: boolean;
}

/**
 * True when the member gets a newsletter sent to `group`: only active, approved,
 * verified members who have not unsubscribed, and then by category (or the admin
 * claim for Admins).
 */
export function isNewsletterRecipient(candidate: RecipientCandidate, group: RecipientGroup): boolean {
  const { profile } = candidate;
  if (
    !profile.is_active ||
    profile.approval_status !== 'approved' ||
    !candidate.emailVerified ||
    candidate.unsubscribed
  )
    return false;
  switch (group) {
    case 'all':
      return true;
    case 'book-author':
      return profile.category === 'Book Author';
    case 'publisher':
      return profile.category === 'Publisher';
    case 'book-lover':
      return profile.category === 'Book Lover/Marketer';
    case 'admin':
      return candidate.admin;
    case 'subscribers':
      // Visitors who subscribed, not members: see newsletter_subscribers.
      return false;
  }
}

/** The Send button's label with the audience size. */
export function sendLabel(count: number): string {
  return `Send (${count})`;
}

/** The success toast after a send. */
export function sentToast(count: number): string {
  return `Newsletter sent to ${count} recipients!`;
}

/** True when the send control should show: published and never sent. */
export function canSend(newsletter: Pick<Newsletter, 'is_published' | 'sent_at'>): boolean {
  return newsletter.is_published && !newsletter.sent_at;
}
