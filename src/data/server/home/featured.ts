import type { Firestore } from 'firebase-admin/firestore';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { bookSchema, type Book } from '../../../domain/books/book.ts';
import {
  FEATURED_BOOK_SLOTS,
  FEATURED_PROFILE_SLOTS,
  featuredBookSchema,
  featuredProfileSchema,
  fillFeaturedProfileSlots,
  toSlots,
} from '../../../domain/home/featured.ts';
import { profileSchema, type Profile } from '../../../domain/accounts/profile.ts';
import { getDb } from '../shared/firestore.ts';
import { getPublicProfileBySlug, getRecentPublicProfiles } from '../accounts/profiles.ts';
import { meterQuery, meterReads } from '../shared/read-meter.ts';

/**
 * The twelve featured-book slots, each the featured book or null. The books are
 * fetched in one batched getAll (not a read per slot); missing books and books that
 * are not public (inactive, or of a member who is not approved and active: the
 * denormalised is_public) leave their slot empty; so do entries
 * and books that fail their schema (logged).
 */
export async function getFeaturedBookSlots(db: Firestore = getDb()): Promise<(Book | null)[]> {
  const featuredSnap = await db.collection('featured_books').get();
  meterQuery(featuredSnap);
  const entries = parseDocs(featuredBookSchema, featuredSnap.docs);
  const slots = toSlots(entries, FEATURED_BOOK_SLOTS);
  const ids = [...new Set(slots.flatMap((s) => (s ? [s.book_id] : [])))];
  const books = new Map<string, Book>();
  if (ids.length > 0) {
    const snaps = await db.getAll(...ids.map((id) => db.collection('books').doc(id)));
    meterReads(snaps.length);
    for (const snap of snaps) {
      const book = snap.exists ? tryParseDoc(bookSchema, snap) : null;
      if (book?.is_public) books.set(book.id, book);
    }
  }
  return slots.map((slot) => (slot ? (books.get(slot.book_id) ?? null) : null));
}

/**
 * The six "Meet Our Community" slots: featured profiles by position,
 * then the site owner's page for slot 1, then the newest public profiles.
 * Costs one query for the featured entries, one getAll and one bounded query.
 * A featured entry or profile that fails its schema leaves its slot to the next
 * recent member (logged), rather than emptying the block.
 */
export async function getFeaturedAuthorSlots(
  ownerSlug: string,
  db: Firestore = getDb(),
): Promise<(Profile | null)[]> {
  const featuredSnap = await db.collection('featured_profiles').get();
  meterQuery(featuredSnap);
  const entries = parseDocs(featuredProfileSchema, featuredSnap.docs);
  const slots = toSlots(entries, FEATURED_PROFILE_SLOTS);
  const ids = [...new Set(slots.flatMap((s) => (s ? [s.user_id] : [])))];
  const byId = new Map<string, Profile>();
  if (ids.length > 0) {
    const snaps = await db.getAll(...ids.map((id) => db.collection('profiles').doc(id)));
    meterReads(snaps.length);
    for (const snap of snaps) {
      const profile = snap.exists ? tryParseDoc(profileSchema, snap) : null;
      // Public pages show only active, approved members.
      if (profile?.is_active && profile.approval_status === 'approved') byId.set(profile.id, profile);
    }
  }
  const featured = slots.map((slot) => (slot ? (byId.get(slot.user_id) ?? null) : null));
  // Enough recent profiles to fill every slot even if all of them are featured already.
  const recent = await getRecentPublicProfiles(FEATURED_PROFILE_SLOTS * 2 + 1, db);
  const owner = recent.some((p) => p.page_slug === ownerSlug)
    ? null
    : await getPublicProfileBySlug(ownerSlug, db);
  return fillFeaturedProfileSlots(featured, owner ? [owner, ...recent] : recent, ownerSlug);
}
