// A member's own shelves for their profile and each shelf's page
// (src/domain/shelves/custom-shelf.ts). The profile lists the shelves (one
// indexed query: user_id, position; at most CUSTOM_SHELF_LIMITS.shelves
// documents) beside the standard shelves, under the same privacy switch. A
// shelf's page reads the public profile by slug (an old slug: the claim and the
// claimant, to send the visitor on), the privacy switch and the shelf by slug
// (one read and one query, side by side), then a page of its books of public
// books, newest first (shelf_id, book_public, added_at desc), after a cursor
// read through cursor-pages.ts.
//
// The count a visitor sees on either page is counted on that same query's
// placements (shelf_id, book_public == true; one count() per shelf, a read
// each: a shelf holds at most 1,000 books), so it agrees with the list: the
// stored book_count counts hidden books too (a moderator's hide, a deactivated
// author's books) and stays the member's own figure.
import type { Firestore } from 'firebase-admin/firestore';
import {
  CUSTOM_SHELF_BOOKS,
  CUSTOM_SHELF_LIMITS,
  CUSTOM_SHELVES,
  SHELF_PAGE_SIZE,
  customShelfBookSchema,
  customShelfSchema,
  type CustomShelf,
  type CustomShelfBook,
  type VisibleCustomShelf,
} from '../../../domain/shelves/custom-shelf.ts';
import { SHELF_SETTINGS } from '../../../domain/shelves/shelf.ts';
import { isPubliclyListed, type Profile } from '../../../domain/accounts/profile.ts';
import { PAGE_SLUG_PATTERN } from '../../../domain/shared/slug.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { getPageSlugClaim } from '../accounts/page-slugs.ts';
import { getProfileById, getPublicProfileBySlug } from '../accounts/profiles.ts';
import { cursorBatches } from '../shared/cursor-pages.ts';
import { getDb } from '../shared/firestore.ts';
import { meterCount, meterQuery, meterReads } from '../shared/read-meter.ts';

/** The placements of `shelfId` that visitors see (those of public books), the page's query without its order. */
function visiblePlacements(db: Firestore, shelfId: string) {
  return db.collection(CUSTOM_SHELF_BOOKS).where('shelf_id', '==', shelfId).where('book_public', '==', true);
}

/** The shelf with the number of its books a visitor sees (one count()). */
async function withVisibleCount(shelf: CustomShelf, db: Firestore): Promise<VisibleCustomShelf> {
  const snap = await visiblePlacements(db, shelf.id).count().get();
  const count = snap.data().count;
  meterCount(count);
  return { ...shelf, visible_count: count };
}

/**
 * The member's own shelves in their order, each with the count of its books a
 * visitor sees (the caller has checked the privacy switch).
 */
export async function getCustomShelves(uid: string, db: Firestore = getDb()): Promise<VisibleCustomShelf[]> {
  const snap = await db
    .collection(CUSTOM_SHELVES)
    .where('user_id', '==', uid)
    .orderBy('position', 'asc')
    .limit(CUSTOM_SHELF_LIMITS.shelves)
    .get();
  meterQuery(snap);
  return Promise.all(parseDocs(customShelfSchema, snap.docs).map((shelf) => withVisibleCount(shelf, db)));
}

/** What a shelf page renders. */
export type CustomShelfPageData =
  | {
      kind: 'found';
      profile: Profile;
      /** The shelf, with the count of its books a visitor sees. */
      shelf: VisibleCustomShelf;
      /** A page of the shelf's books of public books, newest first. */
      books: CustomShelfBook[];
      /** The cursor of the next page, or null on the last. */
      next: string | null;
      /** False when `after` named no book of this shelf (the first page is shown). */
      cursorFound: boolean;
    }
  /** The profile slug is the member's old one: answer 301 to their current one. */
  | { kind: 'moved'; uid: string; slug: string }
  /** No such public member or shelf, or the member's shelves are private. */
  | { kind: 'not-found' };

/**
 * Loads `/profile/{profileSlug}/shelves/{shelfSlug}` (see the file comment).
 * `shown` says whether shelves are on shared pages at all (the 'reviews' switch).
 */
export async function loadCustomShelfPage(
  profileSlug: string,
  shelfSlug: string,
  after: string | undefined,
  db: Firestore = getDb(),
): Promise<CustomShelfPageData> {
  if (!PAGE_SLUG_PATTERN.test(profileSlug) || !PAGE_SLUG_PATTERN.test(shelfSlug))
    return { kind: 'not-found' };
  const profile = await getPublicProfileBySlug(profileSlug, db);
  if (!profile) {
    const claim = await getPageSlugClaim(profileSlug, db);
    const owner = claim ? await getProfileById(claim.uid, db) : null;
    return owner && isPubliclyListed(owner) && owner.page_slug !== profileSlug
      ? { kind: 'moved', uid: owner.user_id, slug: owner.page_slug }
      : { kind: 'not-found' };
  }
  const uid = profile.user_id;
  const [settings, shelves] = await Promise.all([
    db.collection(SHELF_SETTINGS).doc(uid).get(),
    db.collection(CUSTOM_SHELVES).where('user_id', '==', uid).where('slug', '==', shelfSlug).limit(1).get(),
  ]);
  meterReads(1);
  meterQuery(shelves);
  const shelfDoc = shelves.docs[0];
  const shelf = shelfDoc ? tryParseDoc(customShelfSchema, shelfDoc) : null;
  if (settings.get('private') === true || !shelf) return { kind: 'not-found' };
  const query = visiblePlacements(db, shelf.id).orderBy('added_at', 'desc');
  const [{ cursorFound, fetchBatch }, counted] = await Promise.all([
    cursorBatches(
      db,
      CUSTOM_SHELF_BOOKS,
      query,
      after,
      (cursor) => cursor.get('shelf_id') === shelf.id && cursor.get('book_public') === true,
      (doc) => doc,
    ),
    withVisibleCount(shelf, db),
  ]);
  const docs = await fetchBatch(cursorFound ? after : undefined, SHELF_PAGE_SIZE + 1);
  const page = docs.slice(0, SHELF_PAGE_SIZE);
  return {
    kind: 'found',
    profile,
    shelf: counted,
    books: parseDocs(customShelfBookSchema, page),
    next: docs.length > SHELF_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    cursorFound,
  };
}
