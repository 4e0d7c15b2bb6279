// One visibility rule for every place that shows a member's book, product/service
// or classified ad to the public: the item is active AND not hidden by an admin's
// moderation (`moderation_hidden`, set and cleared only by the adminModeration
// function) AND not held for a moderator (`moderation_held`: an ad or update of a
// member under a standing decision, src/domain/shared/moderation-standing.ts)
// AND its owner is public (an approved, active member). The book,
// product and ad pages, the profile page, the market index, the listings, the
// home page, search and the sitemap all decide with these functions. A blog post
// (no member owner) is public while published AND not hidden by moderation
// (isPostPublic).
import { isPubliclyListed, type Profile } from './profile.ts';

/** The owner fields that decide whether their items may be shown. */
export type OwnerVisibility = Pick<Profile, 'is_active' | 'approval_status'>;

/** True when the owner's items may be shown: the profile exists, is active and approved. */
export function isOwnerPublic(owner: OwnerVisibility | null | undefined): boolean {
  return owner != null && isPubliclyListed(owner);
}

/**
 * The owner fields of a stored profile's data, read strictly (only `is_active === true`
 * counts as active), or null when there is no profile: what isOwnerPublic judges.
 */
export function ownerVisibilityOf(profile: Record<string, unknown> | undefined): OwnerVisibility | null {
  if (!profile) return null;
  return {
    is_active: profile.is_active === true,
    approval_status: profile.approval_status as OwnerVisibility['approval_status'],
  };
}

/** The item's own visibility fields (book, product/service, classified ad). */
export interface ItemVisibility {
  is_active: boolean;
  moderation_hidden?: boolean | null;
  /** True while it waits for a moderator (an ad of a member under a standing decision); absent on other kinds. */
  moderation_held?: boolean | null;
}

/** True unless the item waits for a moderator (held under a standing decision). */
export function isNotHeld(item: { moderation_held?: boolean | null }): boolean {
  return item.moderation_held !== true;
}

/** The item's half of the rule, for a list whose owner is already known to be public: active, not hidden by moderation, not held. */
export function isItemShown(item: ItemVisibility): boolean {
  return item.is_active && item.moderation_hidden !== true && isNotHeld(item);
}

/** True when an item (book, product/service, classified ad) may be shown to the public: active, not hidden by moderation nor held, its owner public. */
export function isItemPublic(item: ItemVisibility, owner: OwnerVisibility | null | undefined): boolean {
  return isItemShown(item) && isOwnerPublic(owner);
}

/** True when a blog post may be shown to the public: published and not hidden by moderation. */
export function isPostPublic(post: { is_published: boolean; moderation_hidden?: boolean | null }): boolean {
  return post.is_published && post.moderation_hidden !== true;
}

/**
 * The visibility fields stored on each book, so a listing is one indexed query
 * with no owner read per book: `owner_public` mirrors the owner's profile (kept
 * by the books and profiles triggers) and `is_public` = is_active AND NOT
 * moderation_hidden AND owner_public.
 */
export interface BookVisibilityFields {
  owner_public: boolean;
  is_public: boolean;
}

/** The visibility fields of a book with this active flag, owner state and moderation flag. */
export function bookVisibilityFields(
  isActive: boolean,
  ownerPublic: boolean,
  moderationHidden = false,
): BookVisibilityFields {
  return { owner_public: ownerPublic, is_public: isActive && !moderationHidden && ownerPublic };
}

/** True when a stored document already holds exactly these visibility fields (so a trigger need not write, and cannot loop). */
export function sameVisibilityFields(
  stored: Record<string, unknown> | undefined,
  computed: BookVisibilityFields,
): boolean {
  return (
    stored !== undefined &&
    stored.owner_public === computed.owner_public &&
    stored.is_public === computed.is_public
  );
}

/**
 * The visibility fields a stored book should have when its owner's state is
 * already recorded on it (`owner_public` is a boolean), or undefined when the
 * owner must be read first (a new book, or one written before the field existed).
 */
export function visibilityFromStored(stored: Record<string, unknown>): BookVisibilityFields | undefined {
  if (typeof stored.owner_public !== 'boolean') return undefined;
  return bookVisibilityFields(
    stored.is_active !== false,
    stored.owner_public,
    stored.moderation_hidden === true,
  );
}

/** A stored book as the visibility backfill sees it. */
export interface StoredBookVisibility {
  id: string;
  data: Record<string, unknown>;
}

/**
 * The books whose stored visibility fields differ from what their owners give
 * (the backfill after deploying the fields, or a repair): id and the fields to write.
 */
export function visibilityUpdates(
  books: readonly StoredBookVisibility[],
  owners: ReadonlyMap<string, OwnerVisibility>,
): { id: string; fields: BookVisibilityFields }[] {
  return books.flatMap(({ id, data }) => {
    const owner = typeof data.user_id === 'string' ? owners.get(data.user_id) : undefined;
    const fields = bookVisibilityFields(
      data.is_active !== false,
      isOwnerPublic(owner),
      data.moderation_hidden === true,
    );
    return sameVisibilityFields(data, fields) ? [] : [{ id, fields }];
  });
}

/** The kinds of book: a member's listing, or a book of the open catalogue. */
export const BOOK_KINDS = ['listed', 'catalogue'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/** The kind of a stored book document: 'listed' unless it says 'catalogue' (books stored before kinds are listings). */
export function bookKindOf(data: Record<string, unknown> | undefined | null): BookKind {
  return data?.kind === 'catalogue' ? 'catalogue' : 'listed';
}

/**
 * True when readers may see, shelve, rate and review the stored book `data`: a
 * listed book while it is public (active, not hidden, of a public owner: the
 * stored `is_public`), a catalogue book while it is active and not hidden by
 * moderation. Reads raw fields, so it works on a snapshot's data without parsing.
 */
export function isReadableBook(
  data: Record<string, unknown> | undefined | null,
): data is Record<string, unknown> {
  if (!data) return false;
  if (bookKindOf(data) === 'catalogue') return data.is_active !== false && data.moderation_hidden !== true;
  return data.is_public === true;
}
