// The view counter of member pages: profiles, books, products/services and
// classified ads (VIEW_COLLECTIONS). A detail page asks
// the site's endpoint to count one view after it has painted; the endpoint
// (through src/data/server/members/views.ts, the one module that counts views) adds one
// with the Admin SDK, at most once per visitor per item per UTC day. Nobody else
// can change `views_count`: the security rules refuse it on every client write.
//
// A visitor is the client address (src/security/client-address.ts: what the
// platform says, never a header the client wrote) hashed with a salt of the
// day, so no address is stored, no cookie is set, and yesterday's visitors
// cannot be linked to today's. The marks and the per-visitor limit are kept in
// Firestore, so every server instance sees the same ones.
import type { ThrottleLimit } from '../shared/throttle.ts';
import { isItemPublic, ownerVisibilityOf } from '../accounts/visibility.ts';

/**
 * The collections whose pages count views: each one also counts in its owner's
 * analytics (src/domain/members/member-stats.ts).
 */
export const VIEW_COLLECTIONS = ['products_services', 'classified_ads', 'books', 'profiles'] as const;
export type ViewCollection = (typeof VIEW_COLLECTIONS)[number];

/** Firestore auto ids and seeded ids: letters, digits, '_' and '-', at most 128 characters. */
export const VIEW_ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * How many view requests one visitor may send per minute, over all items,
 * counted or not. A person browsing never comes close; a script replaying the
 * request is cut off.
 */
export const VIEWS_PER_CLIENT_PER_MINUTE = 60;

/** The per-visitor limit in the form src/domain/shared/throttle.ts decides. */
export const VIEW_LIMITS_PER_CLIENT: readonly ThrottleLimit[] = [
  { max: VIEWS_PER_CLIENT_PER_MINUTE, windowMs: 60_000 },
];

/**
 * How long a day's marks, limits and salt are kept after the day began: the
 * day itself plus a margin for clocks. Firestore's TTL policy on `expires_at`
 * deletes them afterwards (firestore.indexes.json).
 */
export const VIEW_RECORD_TTL_MS = 2 * 24 * 60 * 60 * 1000;

/** The UTC day of `now` as YYYY-MM-DD: the day a view is counted in, and its salt's name. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** When the records of the day holding `now` expire (VIEW_RECORD_TTL_MS after the day began). */
export function viewRecordExpiry(now: number): Date {
  return new Date(Date.parse(`${utcDay(now)}T00:00:00Z`) + VIEW_RECORD_TTL_MS);
}

/** The id of the mark that says `visitor` has been counted for an item today. */
export function viewMarkId(day: string, visitor: string, collection: ViewCollection, id: string): string {
  return `${day}-${visitor}-${collection}-${id}`;
}

export function isViewCollection(value: unknown): value is ViewCollection {
  return typeof value === 'string' && (VIEW_COLLECTIONS as readonly string[]).includes(value);
}

/** The endpoint that counts one view of an item. */
export function viewEndpoint(collection: ViewCollection, id: string): string {
  return `/api/views/${collection}/${encodeURIComponent(id)}`;
}

/** What the endpoint answers, by outcome. */
export const VIEW_STATUS = {
  counted: 204,
  /** Already counted today for this visitor: answered as a count, so a replay learns nothing. */
  alreadyCounted: 204,
  /** A bot (by its User-Agent): answered as a count, and nothing is written. */
  bot: 204,
  badRequest: 400,
  crossSite: 403,
  notFound: 404,
  tooMany: 429,
  failed: 503,
} as const;
export type ViewOutcome = keyof typeof VIEW_STATUS;

/** A counted page's owner and title, as the analytics record them. */
export interface CountedItem {
  /** The owner's uid: whose analytics the view counts in. */
  owner: string;
  /** The item's title (a profile: the display name). */
  title: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Whether a view of `collection` needs its owner's profile to tell if it counts: a
 * product/service or ad stores no owner state of its own (a book does, `is_public`).
 */
export function viewNeedsOwner(collection: ViewCollection): boolean {
  return collection === 'products_services' || collection === 'classified_ads';
}

/**
 * Whether a view of item `id` of `collection` (its stored fields `data`) counts,
 * and for whom: only what its page shows to everyone. A profile counts while it
 * is active and approved, a book while it is public, a product/service or ad
 * while it is active, not hidden by moderation and its owner (`ownerProfile`,
 * read when viewNeedsOwner) is public (isItemPublic,
 * src/domain/accounts/visibility.ts); anything else, or an item without an owner, is null.
 */
export function countedItem(
  collection: ViewCollection,
  id: string,
  data: Record<string, unknown> | undefined,
  ownerProfile?: Record<string, unknown>,
): CountedItem | null {
  if (!data) return null;
  if (collection === 'profiles') {
    if (data.is_active !== true || data.approval_status !== 'approved') return null;
    return { owner: id, title: text(data.display_name) };
  }
  const owner = text(data.user_id);
  if (!owner) return null;
  const shown =
    collection === 'books'
      ? data.is_public === true
      : isItemPublic(
          {
            is_active: data.is_active === true,
            moderation_hidden: data.moderation_hidden === true,
            moderation_held: data.moderation_held === true,
          },
          ownerVisibilityOf(ownerProfile),
        );
  return shown ? { owner, title: text(data.title) } : null;
}

/**
 * Whether the item's own document carries `views_count` (shown on its page):
 * products/services and ads. Profiles and books count only in the owner's
 * analytics, which keeps their documents to the fields their editors save.
 */
export function keepsViewsCount(collection: ViewCollection): boolean {
  return collection === 'products_services' || collection === 'classified_ads';
}

/** The id of the mark that says `visitor` has been counted for a click on link `index` of a book today. */
export function clickMarkId(day: string, visitor: string, bookId: string, index: number): string {
  return `${day}-${visitor}-click-${bookId}-${index}`;
}
