/**
 * Authors claiming their books (issue 53, part 4). A catalogue author has a page,
 * `/authors/{slug}` (catalogue-book.ts, authorSlug). An approved, active member
 * whose category publishes books (Book Author or Publisher) asks to claim it
 * (`authorClaim`); an admin approves or rejects with a reason (`adminAuthorClaims`,
 * with an audit entry). Approval writes `catalogue_authors/{slug}` with
 * `claimed_by`, and stamps `claimed_by` on the author's catalogue books, now and
 * when one is added later (functions/src/catalogue/store-book.ts). A claimed book
 * stays a catalogue book: its readers' shelves and reviews stay with it, it is not
 * a listing and counts against no plan (docs/decisions.md, "Claimed books").
 *
 * `author_claims/{slug}__{uid}`: one claim per member per page, written only by the
 * functions; the member reads their own, admins read all.
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';
import { showsBookCount } from '../accounts/profile.ts';
import { authorSlug } from './catalogue-book.ts';

/** Where a claim stands. */
export const AUTHOR_CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AuthorClaimStatus = (typeof AUTHOR_CLAIM_STATUSES)[number];

/** Longest note a member sends with a claim, and longest reason an admin gives for a rejection. */
export const AUTHOR_CLAIM_TEXT_MAX = 1_000;

/** Most pending claims the admin queue shows at once. */
export const AUTHOR_CLAIM_QUEUE_LIMIT = 50;

/** A member's claims: enough to claim a shelf of pen names, never a crawl of the catalogue. */
export const AUTHOR_CLAIM_LIMITS_PER_MEMBER = [
  { max: 5, windowMs: 60 * 60_000 },
  { max: 20, windowMs: 24 * 60 * 60_000 },
] as const;

/** What the pages and the functions say. */
export const AUTHOR_CLAIM_MESSAGES = {
  notEligible: 'Only approved Book Author and Publisher members can claim an author page.',
  slugRequired: 'Please name the author page to claim.',
  noSuchAuthor: 'No books by this author are on Shelfmark.',
  alreadyClaimed: 'This author page has already been claimed.',
  yoursAlready: 'This author page is already yours.',
  pending: 'Your claim is waiting for an admin.',
  sent: 'Your claim was sent. An admin will look at it soon.',
  rejected: 'Your claim was not approved.',
  messageTooLong: `Please keep your note under ${AUTHOR_CLAIM_TEXT_MAX} characters.`,
  reasonRequired: 'Please give the member a reason.',
  reasonTooLong: `Please keep the reason under ${AUTHOR_CLAIM_TEXT_MAX} characters.`,
  claimNotFound: 'No such claim.',
  notPending: 'This claim was already decided.',
  memberNotEligible:
    'This member can no longer claim author pages (not an approved, active Book Author or Publisher). Reject the claim instead.',
  throttled: 'Too many claims for now. Please try again later.',
  failed: 'The claim could not be saved. Please try again.',
} as const;

/** An author page's address part, as a request names it (what authorSlug makes). */
export const authorSlugSchema = z
  .string({ error: AUTHOR_CLAIM_MESSAGES.slugRequired })
  .min(1, AUTHOR_CLAIM_MESSAGES.slugRequired)
  .max(TEXT_LIMITS.slug)
  .refine((slug) => authorSlug(slug) === slug, AUTHOR_CLAIM_MESSAGES.noSuchAuthor);

/** A claim, document `author_claims/{slug}__{uid}`. Written only by the functions. */
export const authorClaimSchema = z
  .object({
    /** The author page claimed. */
    slug: authorSlugSchema,
    /** The author's name as the page shows it when the claim was made. */
    author_name: z.string().min(1).max(TEXT_LIMITS.name),
    /** The member claiming. */
    user_id: idSchema,
    /** The member's display name when they claimed (for the admin queue). */
    member_name: z.string().max(TEXT_LIMITS.name).default(''),
    status: z.enum(AUTHOR_CLAIM_STATUSES),
    /** The member's note or evidence (a website, the publisher), '' for none. */
    message: z.string().max(AUTHOR_CLAIM_TEXT_MAX).default(''),
    /** Why an admin rejected it, shown to the member; null unless rejected. */
    reason: z.string().max(AUTHOR_CLAIM_TEXT_MAX).nullish(),
    created_at: timestampSchema,
    decided_at: timestampSchema.nullish(),
    /** The admin who decided. */
    decided_by: idSchema.nullish(),
  })
  .describe('author_claims');
export type AuthorClaim = z.infer<typeof authorClaimSchema>;

/** Who holds an author page, document `catalogue_authors/{slug}`. Written only by adminAuthorClaims. */
export const catalogueAuthorSchema = z
  .object({
    name: z.string().min(1).max(TEXT_LIMITS.name),
    /** The member who claimed the page. */
    claimed_by: idSchema,
    claimed_at: timestampSchema,
  })
  .describe('catalogue_authors');
export type CatalogueAuthor = z.infer<typeof catalogueAuthorSchema>;

/** The id of `uid`'s claim of `slug` (a slug holds no '_', so the id splits back). */
export function authorClaimId(slug: string, uid: string): string {
  return `${slug}__${uid}`;
}

/** True when a member of this standing may claim author pages: approved, active, Book Author or Publisher. */
export function canClaimAuthorPages(profile: {
  category?: string | null;
  approval_status?: unknown;
  is_active?: unknown;
}): boolean {
  return (
    profile.approval_status === 'approved' && profile.is_active === true && showsBookCount(profile.category)
  );
}

const noteSchema = z.string().trim().max(AUTHOR_CLAIM_TEXT_MAX, AUTHOR_CLAIM_MESSAGES.messageTooLong);

/** authorClaim's request: the caller's standing on a page, or a new claim of it. */
export const authorClaimRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('status'), slug: authorSlugSchema }),
  z.strictObject({ action: z.literal('request'), slug: authorSlugSchema, message: noteSchema.default('') }),
]);
export type AuthorClaimRequest = z.input<typeof authorClaimRequestSchema>;

/** The claim form on the author page. */
export const authorClaimFormSchema = z.object({ message: noteSchema });

/** What authorClaim answers: may the caller claim, their claim (if any), and whether someone holds the page. */
export interface AuthorClaimStatusResponse {
  eligible: boolean;
  claim: { status: AuthorClaimStatus; reason: string | null } | null;
  /** The page is claimed (by the caller when their claim is approved). */
  claimed: boolean;
}

const claimIdSchema = z
  .string()
  .min(3)
  .max(TEXT_LIMITS.slug + TEXT_LIMITS.id + 2)
  .regex(/^[^/]+__[A-Za-z0-9_-]+$/);
const reasonSchema = z
  .string({ error: AUTHOR_CLAIM_MESSAGES.reasonRequired })
  .trim()
  .min(1, AUTHOR_CLAIM_MESSAGES.reasonRequired)
  .max(AUTHOR_CLAIM_TEXT_MAX, AUTHOR_CLAIM_MESSAGES.reasonTooLong);

/** adminAuthorClaims' request: the pending queue, or a decision on one claim. */
export const adminAuthorClaimsRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('list') }),
  z.strictObject({ action: z.literal('approve'), claimId: claimIdSchema }),
  z.strictObject({ action: z.literal('reject'), claimId: claimIdSchema, reason: reasonSchema }),
]);
export type AdminAuthorClaimsRequest = z.input<typeof adminAuthorClaimsRequestSchema>;

/** The rejection form in the admin queue. */
export const rejectClaimFormSchema = z.object({ reason: reasonSchema });

/** A pending claim as the admin queue shows it. */
export interface PendingAuthorClaim {
  id: string;
  slug: string;
  authorName: string;
  userId: string;
  memberName: string;
  message: string;
  /** ISO time of the claim. */
  createdAt: string;
}

/** What adminAuthorClaims answers: the pending claims, oldest first (after a decision, what is left). */
export interface AdminAuthorClaimsResponse {
  pending: PendingAuthorClaim[];
}

/** How saveBook's refusal of an ISBN a catalogue book holds begins (the editor shows it at the ISBN field). */
export const CATALOGUE_ISBN_PREFIX = 'This ISBN belongs to “';

/**
 * saveBook's refusal of an ISBN that a catalogue book holds: instead of a second
 * copy, the member is offered the book to claim, through its author's page
 * (`authorPath`; null when the book names no author with a page). A book the
 * member already claimed is theirs already.
 */
export function catalogueIsbnMessage(book: {
  title: string;
  authorPath: string | null;
  yours: boolean;
}): string {
  const start = `${CATALOGUE_ISBN_PREFIX}${book.title}”, a book already in Shelfmark’s catalogue, with its readers’ shelves and reviews.`;
  if (book.yours)
    return `${start} You claimed it: it shows on your profile, so there is no need to list it again.`;
  if (!book.authorPath)
    return `${start} Please ask an admin to give it to you rather than listing a second copy.`;
  return `${start} Claim it rather than listing a second copy: open ${book.authorPath} and choose “Claim this author page”.`;
}

/** True for saveBook's refusal of an ISBN a catalogue book holds. */
export function isCatalogueIsbnMessage(message: string): boolean {
  return message.startsWith(CATALOGUE_ISBN_PREFIX);
}
