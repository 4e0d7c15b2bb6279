// Merging a duplicate catalogue book into the kept one (src/domain/admin/catalogue-curation.ts).
// Everything that points at the merged book moves to the kept book, in batches of at
// most MAX_BATCH_WRITES so a book with thousands of readers merges too:
//
// 1. readers' entries, page by page until none is left: shelf entries, reviews,
//    custom-shelf placements and imported ratings waiting for their reader (ids embed
//    the book id, so each is written anew under the kept book's id and the old one
//    deleted in the same batch; a reader holding both keeps one by planShelf /
//    planReview / planPlacement), read-throughs (repointed);
// 2. one transaction: the editions, their ISBN claims and the catalogue_sources records
//    go to the kept book, its rating totals are counted again from its reviews, the
//    merged book becomes a tombstone (merged_into) and the audit entry names both books
//    and the counts;
// 3. a last sweep of step 1 for an entry a reader wrote meanwhile (none can be written
//    after step 2: the tombstone is not a readable book).
//
// Retried after a failure, it resumes where it stopped (each step reads what is left);
// asked again once done, it answers alreadyMerged. The books trigger sees two updates of
// catalogue books: the owner, plan, marketplace and release-alert handlers pass by them
// (listedBooksOnly); search drops the tombstone and the cache of both pages is purged.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import {
  CURATION_MESSAGES,
  mergedBookFields,
  noCounts,
  planPlacement,
  planReview,
  planShelf,
  tombstoneFields,
  type MergeCounts,
} from '../../../src/domain/admin/catalogue-curation';
import { catalogueBookSchema, type CatalogueBook } from '../../../src/domain/books/catalogue-book';
import { bookKindOf } from '../../../src/domain/accounts/visibility';
import { shelfId } from '../../../src/domain/shelves/shelf';
import { customShelfBookId } from '../../../src/domain/shelves/custom-shelf';
import { BOOK_REVIEWS, countedRating, reviewId } from '../../../src/domain/reviews/review';
import { applyFeelChange, countedFeel, emptyFeelTotals } from '../../../src/domain/books/book-feel';
import { COLLECTIONS } from '../../../src/domain/shared/collections';
import { IMPORT_PENDING_REVIEWS } from '../../../src/domain/imports/reading-import';
import { editionIsbns } from '../../../src/domain/catalogue/add-book';
import { parseDoc } from '../../../src/data/firestore-convert';
import { bookCacheTag } from '../../../src/data/server/shared/cache-tags';
import { claimRef } from '../books/isbn-claims';
import { millisOf, runTransactionWithRetry } from '../shared/firestore';
import { auditInTransaction } from '../shared/audit';
import { purgeCacheTags } from '../shared/cache-purge';

/** Entries read per page: each costs at most three writes, so a page fits one batch. */
const PAGE = 150;

/** A catalogue book read for a merge or split, or the refusal a curator sees. */
export function catalogueBookOf(snap: DocumentSnapshot): CatalogueBook {
  if (!snap.exists) throw new HttpsError('not-found', CURATION_MESSAGES.bookNotFound);
  if (bookKindOf(snap.data()) !== 'catalogue')
    throw new HttpsError('failed-precondition', CURATION_MESSAGES.listedBook);
  return parseDoc(catalogueBookSchema, snap.id, snap.data() ?? {}, 'books');
}

/** A reader's entry of the merged book as the kept book's (stored entries carry no id: it is the document's). */
function movedEntry(doc: DocumentSnapshot, keep: CatalogueBook, shelfEntry = true): Record<string, unknown> {
  const { id: _id, ...data } = doc.data() ?? {};
  // A shelf entry of the kept (readable) book is public, whatever the books trigger
  // wrote on the merged book's entry once it became a tombstone (the last sweep).
  return { ...data, book_id: keep.id, book_title: keep.title, ...(shelfEntry ? { book_public: true } : {}) };
}

/** Moves one page of the merged book's shelf entries; answers how many it read. */
async function moveShelves(firestore: Firestore, keep: CatalogueBook, mergeId: string, counts: MergeCounts) {
  const shelves = firestore.collection(COLLECTIONS.bookShelves);
  const page = await shelves.where('book_id', '==', mergeId).limit(PAGE).get();
  if (page.empty) return 0;
  const kept = await firestore.getAll(
    ...page.docs.map((doc) => shelves.doc(shelfId(keep.id, String(doc.get('user_id'))))),
  );
  const batch = firestore.batch();
  page.docs.forEach((doc, index) => {
    const own = kept[index]!;
    const plan = planShelf(doc.data(), own.exists ? own.data() : undefined);
    if (plan !== 'drop') batch.set(own.ref, movedEntry(doc, keep));
    batch.delete(doc.ref);
    if (plan === 'drop') counts.shelvesDropped++;
    else counts.shelves++;
  });
  await batch.commit();
  return page.size;
}

/** When a review was last saved, in ms. */
function savedAt(doc: DocumentSnapshot): number {
  return millisOf(doc.get('updated_at')) ?? millisOf(doc.get('created_at')) ?? 0;
}

/** Moves one page of the merged book's reviews. */
async function moveReviews(firestore: Firestore, keep: CatalogueBook, mergeId: string, counts: MergeCounts) {
  const reviews = firestore.collection(BOOK_REVIEWS);
  const page = await reviews.where('book_id', '==', mergeId).limit(PAGE).get();
  if (page.empty) return 0;
  const kept = await firestore.getAll(
    ...page.docs.map((doc) => reviews.doc(reviewId(keep.id, String(doc.get('user_id'))))),
  );
  const batch = firestore.batch();
  page.docs.forEach((doc, index) => {
    const own = kept[index]!;
    const plan = planReview({ savedAt: savedAt(doc) }, own.exists ? { savedAt: savedAt(own) } : undefined);
    if (plan !== 'drop') batch.set(own.ref, movedEntry(doc, keep, false));
    batch.delete(doc.ref);
    if (plan === 'drop') counts.reviewsDropped++;
    else counts.reviews++;
  });
  await batch.commit();
  return page.size;
}

/** Moves one page of the merged book's custom-shelf placements. */
async function movePlacements(
  firestore: Firestore,
  keep: CatalogueBook,
  mergeId: string,
  counts: MergeCounts,
) {
  const placements = firestore.collection(COLLECTIONS.customShelfBooks);
  const page = await placements.where('book_id', '==', mergeId).limit(PAGE).get();
  if (page.empty) return 0;
  const kept = await firestore.getAll(
    ...page.docs.map((doc) => placements.doc(customShelfBookId(String(doc.get('shelf_id')), keep.id))),
  );
  const batch = firestore.batch();
  page.docs.forEach((doc, index) => {
    const own = kept[index]!;
    batch.delete(doc.ref);
    if (planPlacement(own.exists) === 'drop') {
      // The shelf held both books: one placement goes, and the shelf counts one book less.
      batch.update(firestore.collection(COLLECTIONS.customShelves).doc(String(doc.get('shelf_id'))), {
        book_count: FieldValue.increment(-1),
      });
      counts.customShelfBooksDropped++;
    } else {
      batch.set(own.ref, movedEntry(doc, keep));
      counts.customShelfBooks++;
    }
  });
  await batch.commit();
  return page.size;
}

/** Moves one page of the merged book's imported ratings waiting for their reader (the kept book's wins). */
async function movePendingReviews(
  firestore: Firestore,
  keep: CatalogueBook,
  mergeId: string,
  counts: MergeCounts,
) {
  const pending = firestore.collection(IMPORT_PENDING_REVIEWS);
  const page = await pending.where('book_id', '==', mergeId).limit(PAGE).get();
  if (page.empty) return 0;
  const kept = await firestore.getAll(
    ...page.docs.map((doc) => pending.doc(reviewId(keep.id, String(doc.get('user_id'))))),
  );
  const batch = firestore.batch();
  page.docs.forEach((doc, index) => {
    const own = kept[index]!;
    if (!own.exists) {
      batch.set(own.ref, movedEntry(doc, keep, false));
      counts.pendingReviews++;
    }
    batch.delete(doc.ref);
  });
  await batch.commit();
  return page.size;
}

/** Repoints one page of the merged book's read-throughs (a reader keeps every read-through). */
async function moveReadThroughs(
  firestore: Firestore,
  keep: CatalogueBook,
  mergeId: string,
  counts: MergeCounts,
) {
  const page = await firestore
    .collection(COLLECTIONS.readThroughs)
    .where('book_id', '==', mergeId)
    .limit(PAGE)
    .get();
  if (page.empty) return 0;
  const batch = firestore.batch();
  page.docs.forEach((doc: QueryDocumentSnapshot) =>
    batch.update(doc.ref, { book_id: keep.id, book_title: keep.title }),
  );
  await batch.commit();
  counts.readThroughs += page.size;
  return page.size;
}

/** Step 1 (and 3): moves every reader's entry of the merged book. */
async function moveReaders(firestore: Firestore, keep: CatalogueBook, mergeId: string, counts: MergeCounts) {
  for (const move of [moveShelves, moveReviews, movePlacements, movePendingReviews, moveReadThroughs])
    while ((await move(firestore, keep, mergeId, counts)) > 0);
}

/** The kept book's rating and feel totals counted from its reviews (each shown review once). */
async function ratingTotals(firestore: Firestore, keepId: string) {
  let count = 0;
  let sum = 0;
  let feel = emptyFeelTotals();
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = firestore
      .collection(BOOK_REVIEWS)
      .where('book_id', '==', keepId)
      .orderBy('__name__')
      .limit(500);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    for (const doc of page.docs) {
      const rating = countedRating(doc.data());
      if (rating !== null) {
        count++;
        sum += rating;
      }
      feel = applyFeelChange(feel, null, countedFeel(doc.data()));
    }
    if (page.size < 500) return { rating_count: count, rating_sum: sum, feel_totals: feel };
    last = page.docs.at(-1);
  }
}

/** Merges `mergeId` into `keepId` for the curator `actorUid`; see the file comment. */
export async function mergeBooks(
  firestore: Firestore,
  actorUid: string,
  keepId: string,
  mergeId: string,
): Promise<{ counts: MergeCounts; alreadyMerged: boolean }> {
  if (keepId === mergeId) throw new HttpsError('invalid-argument', CURATION_MESSAGES.sameBook);
  const books = firestore.collection('books');
  const [keepSnap, mergeSnap] = await firestore.getAll(books.doc(keepId), books.doc(mergeId));
  const keep = catalogueBookOf(keepSnap!);
  const merge = catalogueBookOf(mergeSnap!);
  if (keep.merged_into) throw new HttpsError('failed-precondition', CURATION_MESSAGES.mergedAway);
  if (merge.merged_into && merge.merged_into !== keepId)
    throw new HttpsError('failed-precondition', CURATION_MESSAGES.mergedAway);
  if (merge.merged_into === keepId) return { counts: noCounts(), alreadyMerged: true };
  // Checked before anything moves: a merge that cannot finish must not start.
  if (!mergedBookFields(keep, merge))
    throw new HttpsError('failed-precondition', CURATION_MESSAGES.tooManyEditions);

  const counts = noCounts();
  await moveReaders(firestore, keep, mergeId, counts);
  const totals = await ratingTotals(firestore, keepId);
  const sources = await firestore
    .collection(COLLECTIONS.catalogueSources)
    .where('book_id', '==', mergeId)
    .get();

  await runTransactionWithRetry(firestore, async (tx) => {
    const [keepNow, mergeNow] = await tx.getAll(books.doc(keepId), books.doc(mergeId));
    const kept = catalogueBookOf(keepNow!);
    const merged = catalogueBookOf(mergeNow!);
    if (kept.merged_into || merged.merged_into) throw new HttpsError('aborted', CURATION_MESSAGES.mergedAway);
    const fields = mergedBookFields(kept, merged);
    if (!fields) throw new HttpsError('failed-precondition', CURATION_MESSAGES.tooManyEditions);
    const isbns = editionIsbns(merged);
    const claims = isbns.length > 0 ? await tx.getAll(...isbns.map((isbn) => claimRef(firestore, isbn))) : [];
    const now = Timestamp.now();
    for (const claim of claims)
      if (!claim.exists || claim.get('book_id') === mergeId) {
        tx.set(claim.ref, { book_id: keepId, user_id: null, claimed_at: now });
        counts.isbnClaims++;
      }
    for (const source of sources.docs) tx.update(source.ref, { book_id: keepId });
    counts.sources = sources.size;
    counts.editions = fields.editions.length - kept.editions.length;
    tx.update(keepNow!.ref, { ...fields, ...totals, updated_at: now });
    tx.update(mergeNow!.ref, { ...tombstoneFields(keepId), merged_at: now, updated_at: now });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'catalogue-merge',
      targetUid: null,
      before: { kept_id: keepId, kept_title: kept.title, merged_id: mergeId, merged_title: merged.title },
      after: { kept_id: keepId, merged_into: keepId, merged_id: mergeId, ...counts },
    });
  });
  // A reader who shelved or reviewed the merged book during step 1 is moved now.
  await moveReaders(firestore, keep, mergeId, counts);
  await purgeCacheTags([bookCacheTag(keepId), bookCacheTag(mergeId)]);
  logger.info('catalogue merge', { keepId, mergeId, by: actorUid, counts });
  return { counts, alreadyMerged: false };
}
