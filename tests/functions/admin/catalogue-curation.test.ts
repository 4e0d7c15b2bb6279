// Librarians and their tools on the emulators (issue 53, part 3), by actor × operation:
// an admin makes a member a librarian (audited) and un-makes them; a librarian or an
// admin edits a catalogue book, marks a hand-added one reviewed, merges a duplicate
// (readers' shelves, reviews, read-throughs and custom-shelf entries move to the kept
// book, a reader holding both keeps one of each, the ISBN claims and source follow, the
// old book becomes a tombstone, an audit entry counts it all, and asking again changes
// nothing) and splits editions off; visitors and members are refused and nothing moves;
// bad input gets its message and changes nothing.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CURATION_MESSAGES,
  LIBRARIANS_COLLECTION,
  type AdminLibrariansResponse,
  type CurateCatalogueResults,
} from '../../../src/domain/admin/catalogue-curation';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { shelfId } from '../../../src/domain/shelves/shelf';
import { reviewId } from '../../../src/domain/reviews/review';
import { customShelfBookId } from '../../../src/domain/shelves/custom-shelf';
import { adminDb, clearFirestore, uniqueId } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const curate = <A extends keyof CurateCatalogueResults>(
  member: Member | undefined,
  data: { action: A } & Record<string, unknown>,
) => callAs<CurateCatalogueResults[A]>('curateCatalogue', member, data);
const librarians = (member: Member | undefined, data: unknown) =>
  callAs<AdminLibrariansResponse>('adminLibrarians', member, data);

const ISBN_A = '9780306406157';
const ISBN_B = '9781861972712';
const ISBN_B2 = '9780140449266';
const at = (iso: string) => Timestamp.fromDate(new Date(iso));

/** A stored catalogue book as addCatalogueBook writes it. */
function catalogueBook(title: string, editions: { isbn: string | null; source_id?: string }[], extra = {}) {
  return {
    kind: 'catalogue',
    title,
    authors: [{ name: 'Herman Melville', source_id: null }],
    description: null,
    cover_image: null,
    subjects: [],
    editions: editions.map((e) => ({
      source_id: e.source_id ?? null,
      isbn: e.isbn,
      format: null,
      publisher: null,
    })),
    isbn: editions[0]?.isbn ?? null,
    first_published: null,
    source: 'openlibrary',
    source_id: null,
    needs_review: false,
    added_by: 'someone',
    match_key: 'x',
    author_slugs: ['herman-melville'],
    search_keywords: ['moby'],
    is_public: false,
    is_active: true,
    moderation_hidden: false,
    rating_count: 0,
    rating_sum: 0,
    created_at: at('2026-01-01T00:00:00Z'),
    updated_at: at('2026-01-01T00:00:00Z'),
    ...extra,
  };
}

let admin: Member;
let librarian: Member;
let member: Member;
let keepId: string;
let mergeId: string;

async function audits(action: string) {
  return (await db.collection(ADMIN_AUDIT_COLLECTION).where('action', '==', action).get()).docs.map((d) =>
    d.data(),
  );
}

beforeEach(async () => {
  await clearFirestore();
  [admin, librarian, member] = await Promise.all([makeMember({ admin: true }), makeMember(), makeMember()]);
  await db
    .doc(`${LIBRARIANS_COLLECTION}/${librarian.uid}`)
    .set({ granted_by: admin.uid, granted_at: Timestamp.now() });
  // Ids of their own per test: the books trigger removes the entries of a deleted book
  // (clearFirestore's), which must not race this test's entries of a same-named one.
  keepId = uniqueId('keep');
  mergeId = uniqueId('dupe');
  await Promise.all([
    db.doc(`books/${keepId}`).set(catalogueBook('Moby-Dick', [{ isbn: ISBN_A, source_id: 'OL1M' }])),
    db
      .doc(`books/${mergeId}`)
      .set(
        catalogueBook('Moby Dick; or, The Whale', [{ isbn: ISBN_B, source_id: 'OL2M' }, { isbn: ISBN_B2 }]),
      ),
    db.doc(`isbn_claims/${ISBN_A}`).set({ book_id: keepId, user_id: null, claimed_at: Timestamp.now() }),
    db.doc(`isbn_claims/${ISBN_B}`).set({ book_id: mergeId, user_id: null, claimed_at: Timestamp.now() }),
    db.doc(`isbn_claims/${ISBN_B2}`).set({ book_id: mergeId, user_id: null, claimed_at: Timestamp.now() }),
    db.doc('catalogue_sources/openlibrary_OL2W').set({ book_id: mergeId, created_at: Timestamp.now() }),
  ]);
});

/** Readers of both books: `both` has each book (shelves, reviews, one custom shelf), `only` has the duplicate alone. */
async function seedReaders() {
  const both = uniqueId('both');
  const only = uniqueId('only');
  const shelf = (bookId: string, uid: string, name: string) =>
    db.doc(`book_shelves/${shelfId(bookId, uid)}`).set({
      book_id: bookId,
      book_title: 'x',
      user_id: uid,
      shelf: name,
      book_public: true,
      progress_page: null,
      progress_percent: null,
      updated_at: at('2026-02-01T00:00:00Z'),
    });
  const review = (bookId: string, uid: string, rating: number, saved: string) =>
    db.doc(`book_reviews/${reviewId(bookId, uid)}`).set({
      book_id: bookId,
      book_title: 'x',
      user_id: uid,
      reviewer: { display_name: uid, page_slug: null },
      rating,
      reviewer_public: true,
      moderation: 'published',
      moderation_hidden: false,
      text: `${uid} on ${bookId}`,
      created_at: at(saved),
      updated_at: at(saved),
    });
  const place = (bookId: string, shelfIdValue: string, uid: string) =>
    db.doc(`custom_shelf_books/${customShelfBookId(shelfIdValue, bookId)}`).set({
      shelf_id: shelfIdValue,
      user_id: uid,
      book_id: bookId,
      book_title: 'x',
      book_public: true,
      added_at: at('2026-02-01T00:00:00Z'),
    });
  await Promise.all([
    shelf(keepId, both, 'want-to-read'),
    shelf(mergeId, both, 'read'),
    shelf(mergeId, only, 'reading'),
    review(keepId, both, 2, '2026-01-01T00:00:00Z'),
    review(mergeId, both, 5, '2026-03-01T00:00:00Z'),
    review(mergeId, only, 4, '2026-03-01T00:00:00Z'),
    db
      .doc('custom_shelves/shelf-both')
      .set({ user_id: both, name: 'Sea', slug: 'sea', position: 0, book_count: 2 }),
    place(keepId, 'shelf-both', both),
    place(mergeId, 'shelf-both', both),
    db
      .doc('custom_shelves/shelf-only')
      .set({ user_id: only, name: 'Sea', slug: 'sea', position: 0, book_count: 1 }),
    place(mergeId, 'shelf-only', only),
    db.doc('read_throughs/rt-1').set({
      user_id: only,
      book_id: mergeId,
      book_title: 'x',
      started_at: at('2026-02-01T00:00:00Z'),
      finished_at: null,
      progress_page: 10,
      progress_percent: null,
      updated_at: at('2026-02-01T00:00:00Z'),
    }),
  ]);
  return { both, only };
}

describe('adminLibrarians', () => {
  it('lets an admin make a member a librarian by address and un-make them, audited', async () => {
    const made = await librarians(admin, { action: 'set', member: member.email, librarian: true });
    expect(made.error).toBeUndefined();
    expect(made.result?.librarians.map((l) => l.uid).sort()).toEqual([librarian.uid, member.uid].sort());
    expect((await db.doc(`${LIBRARIANS_COLLECTION}/${member.uid}`).get()).exists).toBe(true);
    expect(await audits('librarian-grant')).toEqual([
      expect.objectContaining({ actor_uid: admin.uid, target_uid: member.uid, after: { librarian: true } }),
    ]);
    const unmade = await librarians(admin, { action: 'set', member: member.uid, librarian: false });
    expect(unmade.result?.librarians.map((l) => l.uid)).toEqual([librarian.uid]);
    expect(await audits('librarian-revoke')).toHaveLength(1);
  });

  it('refuses visitors, members and librarians, and makes nobody a librarian', async () => {
    for (const actor of [undefined, member, librarian]) {
      const answer = await librarians(actor, {
        action: 'set',
        member: actor?.uid ?? member.uid,
        librarian: true,
      });
      expect(answer.error?.status).toMatch(/PERMISSION_DENIED|UNAUTHENTICATED/);
    }
    expect((await db.doc(`${LIBRARIANS_COLLECTION}/${member.uid}`).get()).exists).toBe(false);
  });

  it('says so for an unknown member or an empty field', async () => {
    expect(
      (await librarians(admin, { action: 'set', member: 'nobody@example.com', librarian: true })).error,
    ).toEqual({
      status: 'NOT_FOUND',
      message: CURATION_MESSAGES.memberNotFound,
    });
    expect((await librarians(admin, { action: 'set', member: ' ', librarian: true })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: CURATION_MESSAGES.memberRequired,
    });
  });
});

describe('curateCatalogue: who may', () => {
  it('tells each caller whether they curate', async () => {
    expect((await curate(member, { action: 'status' })).result).toEqual({ curator: false });
    expect((await curate(librarian, { action: 'status' })).result).toEqual({ curator: true });
    expect((await curate(admin, { action: 'status' })).result).toEqual({ curator: true });
    expect((await curate(undefined, { action: 'status' })).error?.status).toBe('UNAUTHENTICATED');
  });

  it('refuses visitors and members every change, and changes nothing', async () => {
    await seedReaders();
    const requests = [
      { action: 'queue' },
      { action: 'review', bookId: keepId },
      {
        action: 'edit',
        bookId: keepId,
        book: { title: 'X', authors: 'Y', description: '', subjects: '', first_published: '' },
      },
      { action: 'merge', keepId, mergeId },
      { action: 'split', bookId: mergeId, editions: [1], editionCount: 2 },
    ] as const;
    for (const actor of [undefined, member])
      for (const request of requests) {
        const answer = await curate(actor, request);
        expect(answer.error?.status).toMatch(/PERMISSION_DENIED|UNAUTHENTICATED/);
      }
    expect((await db.doc(`books/${mergeId}`).get()).get('merged_into')).toBeUndefined();
    expect((await db.doc(`books/${keepId}`).get()).get('title')).toBe('Moby-Dick');
    expect((await db.collection('book_shelves').where('book_id', '==', mergeId).get()).size).toBe(2);
  });

  it('refuses a librarian who was un-made', async () => {
    await db.doc(`${LIBRARIANS_COLLECTION}/${librarian.uid}`).delete();
    expect((await curate(librarian, { action: 'merge', keepId, mergeId })).error).toEqual({
      status: 'PERMISSION_DENIED',
      message: CURATION_MESSAGES.notCurator,
    });
  });
});

describe('curateCatalogue: merge', () => {
  it('moves every reader’s entries to the kept book, keeps one of each for a reader of both, and leaves a tombstone', async () => {
    const { both, only } = await seedReaders();
    const answer = await curate(librarian, {
      action: 'merge',
      keepId,
      mergeId: `http://localhost:4321/book/${mergeId}`,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({
      keptId: keepId,
      mergedId: mergeId,
      alreadyMerged: false,
      counts: {
        shelves: 2,
        shelvesDropped: 0,
        reviews: 2,
        reviewsDropped: 0,
        customShelfBooks: 1,
        customShelfBooksDropped: 1,
        readThroughs: 1,
        editions: 2,
        isbnClaims: 2,
        sources: 1,
      },
    });
    // Shelves: the further-along one wins.
    expect((await db.doc(`book_shelves/${shelfId(keepId, both)}`).get()).get('shelf')).toBe('read');
    expect((await db.doc(`book_shelves/${shelfId(keepId, only)}`).get()).data()).toMatchObject({
      book_id: keepId,
      shelf: 'reading',
      book_title: 'Moby-Dick',
    });
    expect((await db.collection('book_shelves').where('book_id', '==', mergeId).get()).size).toBe(0);
    // Reviews: the newer one wins; the totals are counted again.
    expect((await db.doc(`book_reviews/${reviewId(keepId, both)}`).get()).get('rating')).toBe(5);
    expect((await db.collection('book_reviews').where('book_id', '==', mergeId).get()).size).toBe(0);
    const kept = (await db.doc(`books/${keepId}`).get()).data()!;
    expect(kept).toMatchObject({ rating_count: 2, rating_sum: 9 });
    expect(kept.editions.map((e: { isbn: string }) => e.isbn)).toEqual([ISBN_A, ISBN_B, ISBN_B2]);
    // Custom shelves: once each, the count right.
    expect((await db.doc('custom_shelves/shelf-both').get()).get('book_count')).toBe(1);
    expect((await db.doc(`custom_shelf_books/${customShelfBookId('shelf-only', keepId)}`).get()).exists).toBe(
      true,
    );
    expect((await db.doc('read_throughs/rt-1').get()).get('book_id')).toBe(keepId);
    // ISBNs and the source follow; the old book is a tombstone.
    expect((await db.doc(`isbn_claims/${ISBN_B}`).get()).get('book_id')).toBe(keepId);
    expect((await db.doc('catalogue_sources/openlibrary_OL2W').get()).get('book_id')).toBe(keepId);
    expect((await db.doc(`books/${mergeId}`).get()).data()).toMatchObject({
      merged_into: keepId,
      is_active: false,
      editions: [],
      search_keywords: [],
    });
    expect(await audits('catalogue-merge')).toEqual([
      expect.objectContaining({
        actor_uid: librarian.uid,
        after: expect.objectContaining({ kept_id: keepId, merged_id: mergeId, shelves: 2, reviews: 2 }),
      }),
    ]);

    // Asked again (a retry): nothing more happens.
    const again = await curate(admin, { action: 'merge', keepId, mergeId });
    expect(again.result).toMatchObject({ alreadyMerged: true });
    expect(await audits('catalogue-merge')).toHaveLength(1);
  });

  it('moves hundreds of readers in batches, and an imported rating waiting for its reader', async () => {
    const readers = Array.from({ length: 320 }, (_, i) => `many-${i}-${mergeId}`);
    for (let i = 0; i < readers.length; i += 400) {
      const batch = db.batch();
      for (const uid of readers.slice(i, i + 400))
        batch.set(db.doc(`book_shelves/${shelfId(mergeId, uid)}`), {
          book_id: mergeId,
          book_title: 'x',
          user_id: uid,
          shelf: 'want-to-read',
          book_public: true,
          progress_page: null,
          progress_percent: null,
          updated_at: at('2026-02-01T00:00:00Z'),
        });
      await batch.commit();
    }
    await db.doc(`import_pending_reviews/${reviewId(mergeId, readers[0]!)}`).set({
      user_id: readers[0],
      book_id: mergeId,
      book_title: 'x',
      rating: 4,
      review: '',
      status: 'waiting',
      created_at: at('2026-02-01T00:00:00Z'),
    });
    const answer = await curate(admin, { action: 'merge', keepId, mergeId });
    expect(answer.result?.counts).toMatchObject({ shelves: 320, pendingReviews: 1 });
    expect(
      (await db.collection('book_shelves').where('book_id', '==', keepId).count().get()).data().count,
    ).toBe(320);
    expect(
      (await db.collection('book_shelves').where('book_id', '==', mergeId).count().get()).data().count,
    ).toBe(0);
    expect(
      (await db.doc(`import_pending_reviews/${reviewId(keepId, readers[0]!)}`).get()).get('book_id'),
    ).toBe(keepId);
  });

  it('refuses a listed book, the same book, a merged one, and bad input, moving nothing', async () => {
    const listedId = uniqueId('listed');
    await db.doc(`books/${listedId}`).set({ user_id: member.uid, title: 'Mine', is_public: true });
    expect((await curate(librarian, { action: 'merge', keepId, mergeId: listedId })).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: CURATION_MESSAGES.listedBook,
    });
    expect((await curate(librarian, { action: 'merge', keepId, mergeId: keepId })).error?.message).toBe(
      CURATION_MESSAGES.sameBook,
    );
    expect((await curate(librarian, { action: 'merge', keepId, mergeId: 'missing' })).error).toEqual({
      status: 'NOT_FOUND',
      message: CURATION_MESSAGES.bookNotFound,
    });
    expect((await curate(librarian, { action: 'merge', keepId, mergeId: 'not a book!' })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: CURATION_MESSAGES.notABook,
    });
    expect((await db.doc(`books/${listedId}`).get()).get('merged_into')).toBeUndefined();
  });
});

describe('curateCatalogue: edit, review and split', () => {
  it('lets an admin edit a catalogue book, recomputing its derived fields, audited', async () => {
    const answer = await curate(admin, {
      action: 'edit',
      bookId: keepId,
      book: {
        title: 'Moby-Dick; or, The Whale',
        authors: 'Herman Melville',
        description: 'A whale of a book.',
        subjects: 'Whaling, Sea stories',
        first_published: '1851',
        editions: [{ format: 'Hardcover', publisher: 'Harper', publication_year: '1851', pages: '635' }],
      },
    });
    expect(answer.error).toBeUndefined();
    const book = (await db.doc(`books/${keepId}`).get()).data()!;
    expect(book).toMatchObject({
      title: 'Moby-Dick; or, The Whale',
      description: 'A whale of a book.',
      subjects: ['Whaling', 'Sea stories'],
      first_published: 1851,
      author_slugs: ['herman-melville'],
    });
    expect(book.search_keywords).toContain('whale');
    expect(book.editions[0]).toMatchObject({ isbn: ISBN_A, format: 'Hardcover', pages: 635 });
    expect(await audits('catalogue-edit')).toHaveLength(1);
    const bad = await curate(admin, {
      action: 'edit',
      bookId: keepId,
      book: { title: ' ', authors: 'A', description: '', subjects: '', first_published: '' },
    });
    expect(bad.error).toEqual({ status: 'INVALID_ARGUMENT', message: CURATION_MESSAGES.titleRequired });
  });

  it('lists hand-added books awaiting review and clears the mark', async () => {
    const handId = uniqueId('hand');
    await db
      .doc(`books/${handId}`)
      .set(catalogueBook('Typed In', [], { source: 'hand', needs_review: true }));
    expect((await curate(librarian, { action: 'queue' })).result?.books).toEqual([
      { id: handId, title: 'Typed In', authors: 'Herman Melville', isbn: null },
    ]);
    expect((await curate(librarian, { action: 'review', bookId: handId })).error).toBeUndefined();
    expect((await db.doc(`books/${handId}`).get()).get('needs_review')).toBe(false);
    expect((await curate(librarian, { action: 'queue' })).result?.books).toEqual([]);
    expect(await audits('catalogue-review')).toHaveLength(1);
  });

  it('splits editions off to a new book with their ISBN claims; readers stay on the original', async () => {
    const { only } = await seedReaders();
    const answer = await curate(librarian, {
      action: 'split',
      bookId: mergeId,
      editions: [1],
      editionCount: 2,
    });
    expect(answer.error).toBeUndefined();
    const newId = answer.result!.newBookId;
    expect((await db.doc(`books/${newId}`).get()).data()).toMatchObject({
      kind: 'catalogue',
      title: 'Moby Dick; or, The Whale',
      editions: [expect.objectContaining({ isbn: ISBN_B2 })],
      isbn: ISBN_B2,
    });
    expect((await db.doc(`books/${mergeId}`).get()).get('editions')).toEqual([
      expect.objectContaining({ isbn: ISBN_B }),
    ]);
    expect((await db.doc(`isbn_claims/${ISBN_B2}`).get()).get('book_id')).toBe(newId);
    expect((await db.doc(`book_shelves/${shelfId(mergeId, only)}`).get()).exists).toBe(true);
    expect(await audits('catalogue-split')).toHaveLength(1);
    // A second split from a stale page is refused.
    expect(
      (await curate(librarian, { action: 'split', bookId: mergeId, editions: [0], editionCount: 2 })).error,
    ).toEqual({
      status: 'FAILED_PRECONDITION',
      message: CURATION_MESSAGES.editionsChanged,
    });
  });
});
