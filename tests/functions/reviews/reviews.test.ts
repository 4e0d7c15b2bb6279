// saveReview and deleteReview on the emulators: who may rate (members in good
// standing, never the book's owner), one review per member per book (also when
// the same member saves twice at once), nobody edits or deletes another's review,
// review text stored as typed and rendered escaped, and the book's totals exact
// under concurrent ratings, edits and deletions.
import { beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_UNAVAILABLE_MESSAGE } from '../../../src/domain/billing/early-access';
import {
  listHeldReviews,
  rejectHeldReview,
  releaseHeldReview,
} from '../../../functions/src/reviews/held-reviews';
import { getBookReviews, getMemberReviews } from '../../../src/data/server/reviews/reviews';
import { getMemberShelves } from '../../../src/data/server/shelves/shelves';
import {
  REVIEW_MESSAGES,
  countedRating,
  renderReviewText,
  reviewId,
  type SaveReviewResponse,
} from '../../../src/domain/reviews/review';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import {
  applyFeelChange,
  countedFeel,
  emptyFeelTotals,
  feelTotalsOf,
} from '../../../src/domain/books/book-feel';
import { publishedThenHeld } from '../../shared/review-burst';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const save = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<SaveReviewResponse>('saveReview', member, data);
const remove = (member: Member | undefined, bookId: string) =>
  callAs<{ id: string }>('deleteReview', member, { bookId });

/** A public book of `owner`, with no ratings yet. */
async function publicBook(owner: Member): Promise<string> {
  const ref = await db
    .collection('books')
    .add(bookData(owner.uid, { title: 'Tides', owner_public: true, is_public: true }));
  return ref.id;
}

async function totalsOf(bookId: string) {
  const book = await db.doc(`books/${bookId}`).get();
  return { rating_count: book.get('rating_count') ?? 0, rating_sum: book.get('rating_sum') ?? 0 };
}

/** The totals recounted from the stored reviews: what the stored totals must equal. */
async function recount(bookId: string) {
  const all = await db.collection('book_reviews').where('book_id', '==', bookId).get();
  // Only shown reviews count: not those of hidden reviewers, nor held ones.
  const shown = all.docs.filter((doc) => countedRating(doc.data()) !== null);
  return {
    rating_count: shown.length,
    rating_sum: shown.reduce((sum, doc) => sum + Number(doc.get('rating')), 0),
  };
}

/** Gives the book a history of 2 published reviews a day, so the burst guard allows 10 new ones an hour. */
async function busyBook(bookId: string) {
  const days: Record<string, number> = {};
  for (let back = 1; back <= 30; back += 1)
    days[new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)] = 2;
  await db.doc(`book_review_activity/${bookId}`).set({ minutes: {}, days });
}

let author: Member;
let bookId: string;

beforeEach(async () => {
  await clearFirestore();
  author = await makeMember();
  bookId = await publicBook(author);
});

describe('saveReview', () => {
  it('a member rates and reviews a book: the review is stored under their id and counted on the book', async () => {
    const reader = await makeMember({ profile: { display_name: 'Rae Reader', page_slug: 'rae' } });
    const answer = await save(reader, { bookId, rating: 4, text: ' Loved it. ' });
    expect(answer.result).toEqual({
      id: reviewId(bookId, reader.uid),
      created: true,
      moderation: 'published',
    });
    const stored = (await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).data();
    expect(stored).toMatchObject({
      book_id: bookId,
      book_title: 'Tides',
      user_id: reader.uid,
      reviewer: { display_name: 'Rae Reader', page_slug: 'rae' },
      rating: 4,
      text: 'Loved it.',
    });
    expect(await totalsOf(bookId)).toEqual({ rating_count: 1, rating_sum: 4 });
  });

  it('a second rating by the same member is an edit of their one review; the totals move by the difference', async () => {
    const reader = await makeMember();
    await save(reader, { bookId, rating: 2 });
    const created = (await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).get('created_at');
    const again = await save(reader, { bookId, rating: 5, text: 'Changed my mind.' });
    expect(again.result?.created).toBe(false);
    const review = await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get();
    expect(review.get('rating')).toBe(5);
    expect(review.get('created_at')).toEqual(created);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 1, rating_sum: 5 });
  });

  it('two ratings by one member at once make one review, counted once', async () => {
    const reader = await makeMember();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => save(reader, { bookId, rating })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.result?.created)).toHaveLength(1);
    const reviews = await db.collection('book_reviews').where('user_id', '==', reader.uid).get();
    expect(reviews.size).toBe(1);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 1, rating_sum: reviews.docs[0]!.get('rating') });
  });

  it('an author cannot rate their own book', async () => {
    const answer = await save(author, { bookId, rating: 5, text: 'Mine is great.' });
    expect(answer.error).toMatchObject({ status: 'PERMISSION_DENIED', message: REVIEW_MESSAGES.ownBook });
    expect((await db.doc(`book_reviews/${reviewId(bookId, author.uid)}`).get()).exists).toBe(false);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 0, rating_sum: 0 });
  });

  it.each([
    ['a pending member', { profile: { approval_status: 'pending' } }],
    ['a denied member', { profile: { approval_status: 'denied' } }],
    ['a deactivated member', { profile: { is_active: false } }],
    ['a member whose email is not confirmed', { verified: false }],
  ])('%s cannot rate', async (_label, options) => {
    const reader = await makeMember(options);
    const answer = await save(reader, { bookId, rating: 5 });
    expect(answer.error).toMatchObject({ status: 'PERMISSION_DENIED', message: REVIEW_MESSAGES.notAllowed });
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(false);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 0, rating_sum: 0 });
  });

  it('a visitor cannot rate', async () => {
    const answer = await save(undefined, { bookId, rating: 5 });
    expect(answer.error).toMatchObject({ status: 'UNAUTHENTICATED', message: REVIEW_MESSAGES.signIn });
  });

  it('a book the public cannot see, or no book, cannot be rated', async () => {
    const reader = await makeMember();
    const hidden = await db
      .collection('books')
      .add(bookData(author.uid, { is_active: false, owner_public: true, is_public: false }));
    expect((await save(reader, { bookId: hidden.id, rating: 3 })).error?.status).toBe('NOT_FOUND');
    expect((await save(reader, { bookId: 'no-such-book', rating: 3 })).error?.status).toBe('NOT_FOUND');
    expect((await db.collection('book_reviews').get()).size).toBe(0);
  });

  it('bad ratings, long texts and forged fields are refused with nothing written', async () => {
    const reader = await makeMember();
    for (const data of [
      { bookId, rating: 0 },
      { bookId, rating: 6 },
      { bookId, rating: 4.5 },
      { bookId, rating: 4, text: 'x'.repeat(5_001) },
      { bookId, rating: 4, user_id: author.uid },
      { bookId, rating: 4, rating_count: 100 },
    ]) {
      expect((await save(reader, data)).error?.status).toBe('INVALID_ARGUMENT');
    }
    expect((await db.collection('book_reviews').get()).size).toBe(0);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 0, rating_sum: 0 });
  });

  it('markup and script in a review are stored as typed and rendered as text', async () => {
    const reader = await makeMember();
    const text = '<script>alert(1)</script> <img src=x onerror=alert(2)> **fine**';
    await save(reader, { bookId, rating: 3, text });
    const stored = (await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).get('text');
    expect(stored).toBe(text);
    const html = renderReviewText(stored);
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('is refused while the reviews switch is off, but a member may still delete their review', async () => {
    const reader = await makeMember();
    await save(reader, { bookId, rating: 4 });
    await db.doc('site_settings/main').set({ early_access: { reviews: 'off' } });
    const answer = await save(reader, { bookId, rating: 1 });
    expect(answer.error).toMatchObject({ status: 'PERMISSION_DENIED', message: FEATURE_UNAVAILABLE_MESSAGE });
    expect((await remove(reader, bookId)).result).toEqual({ id: reviewId(bookId, reader.uid) });
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(false);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 0, rating_sum: 0 });
  });
});

describe('deleteReview', () => {
  it('the author of a review deletes it and its stars leave the totals', async () => {
    const reader = await makeMember();
    const other = await makeMember();
    await save(reader, { bookId, rating: 2 });
    await save(other, { bookId, rating: 5 });
    expect((await remove(reader, bookId)).result).toEqual({ id: reviewId(bookId, reader.uid) });
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(false);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 1, rating_sum: 5 });
    expect((await remove(reader, bookId)).error?.status).toBe('NOT_FOUND');
  });

  it("nobody edits or deletes another member's review: the id is always the caller's own", async () => {
    const reader = await makeMember();
    const intruder = await makeMember();
    await save(reader, { bookId, rating: 4, text: 'Mine.' });
    expect((await remove(intruder, bookId)).error?.status).toBe('NOT_FOUND');
    await save(intruder, { bookId, rating: 1, text: 'Overwrite?' });
    const review = await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get();
    expect(review.data()).toMatchObject({ rating: 4, text: 'Mine.', user_id: reader.uid });
    expect(await totalsOf(bookId)).toEqual({ rating_count: 2, rating_sum: 5 });
  });
});

describe('the totals under concurrent writes', () => {
  it('stay equal to a recount of the reviews after concurrent ratings, edits and deletions', async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, () => makeMember()));
    // Six new reviews at once: a book used to that many, so the burst guard holds none.
    await busyBook(bookId);
    const created = await Promise.all(
      readers.map((reader, i) => save(reader, { bookId, rating: (i % 5) + 1 })),
    );
    expect(created.map((answer) => answer.error)).toEqual(Array(6).fill(undefined));
    expect(await totalsOf(bookId)).toEqual(await recount(bookId));
    expect((await totalsOf(bookId)).rating_count).toBe(6);
    // At once: three edit, two delete, one saves twice.
    const changed = await Promise.all([
      save(readers[0], { bookId, rating: 5 }),
      save(readers[1], { bookId, rating: 1 }),
      save(readers[2], { bookId, rating: 3 }),
      remove(readers[3], bookId),
      remove(readers[4], bookId),
      save(readers[5], { bookId, rating: 2 }),
      save(readers[5], { bookId, rating: 4 }),
    ]);
    expect(changed.map((answer) => answer.error)).toEqual(Array(7).fill(undefined));
    const totals = await totalsOf(bookId);
    expect(totals).toEqual(await recount(bookId));
    expect(totals.rating_count).toBe(4);
  }, 90_000);
});

describe('how the book felt', () => {
  const feelOf = async (id: string) => feelTotalsOf((await db.doc(`books/${id}`).get()).get('feel_totals'));
  /** The feel totals recounted from the stored reviews: what the stored totals must equal. */
  async function feelRecount(id: string) {
    const all = await db.collection('book_reviews').where('book_id', '==', id).get();
    return all.docs.reduce(
      (totals, doc) => applyFeelChange(totals, null, countedFeel(doc.data())),
      emptyFeelTotals(),
    );
  }

  it('stores the answers and the spoiler, and keeps the community totals exact under concurrent saves, edits and deletions', async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, () => makeMember()));
    await busyBook(bookId);
    const created = await Promise.all(
      readers.map((reader, i) =>
        save(reader, {
          bookId,
          rating: 4,
          moods: i % 2 === 0 ? ['dark', 'tense'] : ['dark'],
          pace: i < 4 ? 'fast' : 'slow',
          warnings: i < 3 ? ['violence'] : [],
          warning_note: i === 0 ? 'On the page.' : '',
          spoiler: i === 0 ? 'The narrator **is** the killer.' : '',
        }),
      ),
    );
    expect(created.map((answer) => answer.error)).toEqual(Array(6).fill(undefined));
    const first = await db.doc(`book_reviews/${reviewId(bookId, readers[0]!.uid)}`).get();
    expect(first.data()).toMatchObject({
      moods: ['dark', 'tense'],
      pace: 'fast',
      warnings: ['violence'],
      warning_note: 'On the page.',
      spoiler: 'The narrator **is** the killer.',
    });
    expect(await feelOf(bookId)).toEqual({
      moods_answered: 6,
      moods: { dark: 6, tense: 3 },
      pace_answered: 6,
      pace: { fast: 4, slow: 2 },
      warnings: { violence: 3 },
    });
    const changed = await Promise.all([
      save(readers[0], { bookId, rating: 4, moods: ['funny'], pace: null }),
      save(readers[1], { bookId, rating: 4, moods: ['dark'], pace: 'medium', warnings: ['war'] }),
      remove(readers[2], bookId),
      remove(readers[3], bookId),
      save(readers[4], { bookId, rating: 3 }),
    ]);
    expect(changed.map((answer) => answer.error)).toEqual(Array(5).fill(undefined));
    expect(await feelOf(bookId)).toEqual(await feelRecount(bookId));
    expect(await feelOf(bookId)).toEqual({
      moods_answered: 3,
      moods: { dark: 2, funny: 1 },
      pace_answered: 2,
      pace: { medium: 1, slow: 1 },
      warnings: { war: 1 },
    });
  }, 90_000);

  it('refuses answers outside the lists and changes nothing', async () => {
    const reader = await makeMember();
    const answer = await save(reader, { bookId, rating: 4, moods: ['cosy'] });
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect((await save(reader, { bookId, rating: 4, pace: 'glacial' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(false);
    expect(await feelOf(bookId)).toEqual(emptyFeelTotals());
  });

  it('drops a hidden reviewer’s answers from the totals and brings them back', async () => {
    const reader = await makeMember();
    await save(reader, { bookId, rating: 2, moods: ['sad'], pace: 'slow', warnings: ['grief'] });
    expect((await feelOf(bookId)).moods).toEqual({ sad: 1 });
    await db.doc(`profiles/${reader.uid}`).update({ is_active: false });
    await eventually(
      () => feelOf(bookId),
      (feel) => feel.moods_answered === 0,
      30_000,
    );
    expect(await feelOf(bookId)).toEqual(emptyFeelTotals());
    await db.doc(`profiles/${reader.uid}`).update({ is_active: true });
    await eventually(
      () => feelOf(bookId),
      (feel) => feel.moods_answered === 1,
      30_000,
    );
    expect(await feelOf(bookId)).toEqual(await feelRecount(bookId));
  }, 90_000);
});

describe('a deleted book', () => {
  it('takes its reviews with it', async () => {
    const reader = await makeMember();
    await save(reader, { bookId, rating: 4 });
    await db.doc(`books/${bookId}`).delete();
    await eventually(
      async () => (await db.collection('book_reviews').where('book_id', '==', bookId).get()).size,
      (size) => size === 0,
      30_000,
    );
  }, 60_000);
});

describe('a reviewer who is hidden', () => {
  it('has their reviews hidden and uncounted while deactivated, and back when re-enabled', async () => {
    const reader = await makeMember();
    const other = await makeMember();
    await save(reader, { bookId, rating: 1 });
    await save(other, { bookId, rating: 5 });
    const path = `book_reviews/${reviewId(bookId, reader.uid)}`;
    await db.doc(`profiles/${reader.uid}`).update({ is_active: false });
    await eventually(
      async () => (await db.doc(path).get()).get('reviewer_public'),
      (value) => value === false,
      30_000,
    );
    expect(await totalsOf(bookId)).toEqual({ rating_count: 1, rating_sum: 5 });
    await db.doc(`profiles/${reader.uid}`).update({ is_active: true });
    await eventually(
      async () => (await db.doc(path).get()).get('reviewer_public'),
      (value) => value === true,
      30_000,
    );
    expect(await totalsOf(bookId)).toEqual({ rating_count: 2, rating_sum: 6 });
  }, 90_000);

  it("shows the reviewer's new name after a rename", async () => {
    const reader = await makeMember({ profile: { display_name: 'Old Name', page_slug: 'old-name' } });
    await save(reader, { bookId, rating: 3 });
    await db.doc(`profiles/${reader.uid}`).update({ display_name: 'New Name', page_slug: 'new-name' });
    await eventually(
      async () => (await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).get('reviewer'),
      (reviewer) => reviewer?.display_name === 'New Name' && reviewer?.page_slug === 'new-name',
      30_000,
    );
  }, 60_000);
});

describe('a book that stops being public', () => {
  const shelfPath = (uid: string) => `book_shelves/${bookId}__${uid}`;
  const listsOf = async (uid: string) => ({
    shelves: (await getMemberShelves(uid, db))?.entries.map((entry) => entry.book_id),
    reviews: (await getMemberReviews(uid, 10, db)).map((review) => review.book_id),
  });

  it("leaves other members' shelves and review lists, uncounted, and comes back with the book", async () => {
    const reader = await makeMember();
    await save(reader, { bookId, rating: 2, text: 'Not for me.' });
    await callAs('setShelf', reader, { bookId, shelf: 'read' });
    expect(await listsOf(reader.uid)).toEqual({ shelves: [bookId], reviews: [bookId] });

    // Hidden by a moderator: the book's is_public follows, and so do its readers' lists.
    await db.doc(`books/${bookId}`).update({ moderation_hidden: true });
    await eventually(
      async () => [
        (await db.doc(shelfPath(reader.uid)).get()).get('book_public'),
        (await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).get('reviewer_public'),
      ],
      ([shelf, review]) => shelf === false && review === false,
      30_000,
    );
    expect(await listsOf(reader.uid)).toEqual({ shelves: [], reviews: [] });
    expect(await totalsOf(bookId)).toEqual({ rating_count: 0, rating_sum: 0 });
    // Shelving it again or reviewing it anew is refused while it is hidden.
    expect((await callAs('setShelf', reader, { bookId, shelf: 'reading' })).error?.status).toBe('NOT_FOUND');

    await db.doc(`books/${bookId}`).update({ moderation_hidden: false });
    await eventually(
      () => listsOf(reader.uid),
      (lists) => lists.shelves?.length === 1 && lists.reviews.length === 1,
      30_000,
    );
    expect((await db.doc(shelfPath(reader.uid)).get()).get('shelf')).toBe('read');
    expect(await totalsOf(bookId)).toEqual({ rating_count: 1, rating_sum: 2 });
  }, 90_000);

  it("follows its owner: a deactivated author's books leave their readers' lists", async () => {
    const reader = await makeMember();
    await save(reader, { bookId, rating: 4 });
    await callAs('setShelf', reader, { bookId, shelf: 'want-to-read' });
    await db.doc(`profiles/${author.uid}`).update({ is_active: false });
    await eventually(
      () => listsOf(reader.uid),
      (lists) => lists.shelves?.length === 0 && lists.reviews.length === 0,
      30_000,
    );
  }, 90_000);
});

describe('the burst guard', () => {
  /** `count` members in good standing (accounts created long ago unless `profile` says otherwise). */
  const members = (count: number, profile: Record<string, unknown> = {}) =>
    Promise.all(Array.from({ length: count }, () => makeMember({ profile })));

  it('holds the 6th new review within an hour on a quiet book: stored held, on no page and in no count', async () => {
    const readers = await members(6);
    const answers = [];
    for (const reader of readers) answers.push(await save(reader, { bookId, rating: 5, text: 'Fine.' }));
    expect(answers.map((a) => a.result?.moderation)).toEqual(publishedThenHeld(5, 1));
    const sixth = readers[5]!;
    expect((await db.doc(`book_reviews/${reviewId(bookId, sixth.uid)}`).get()).data()).toMatchObject({
      moderation: 'held',
      reviewer_public: false,
    });
    expect(await totalsOf(bookId)).toEqual({ rating_count: 5, rating_sum: 25 });
    const page = await getBookReviews(bookId, undefined, db);
    expect(page.reviews.map((r) => r.user_id)).not.toContain(sixth.uid);
    expect(await getMemberReviews(sixth.uid, 10, db)).toEqual([]);
    // Editing a held review keeps it held and uncounted.
    expect((await save(sixth, { bookId, rating: 1 })).result?.moderation).toBe('held');
    expect(await totalsOf(bookId)).toEqual({ rating_count: 5, rating_sum: 25 });
    expect((await listHeldReviews(db)).map((r) => r.user_id)).toEqual([sixth.uid]);
  }, 90_000);

  it("holds new accounts' third review within an hour on a book", async () => {
    const newcomers = await members(3, { created_at: new Date() });
    const moderation = [];
    for (const reader of newcomers)
      moderation.push((await save(reader, { bookId, rating: 4 })).result?.moderation);
    expect(moderation).toEqual(['published', 'published', 'held']);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 2, rating_sum: 8 });
  }, 60_000);

  it('a released review is shown and counted; a rejected one is gone; neither can be decided twice', async () => {
    const readers = await members(7);
    for (const reader of readers) await save(reader, { bookId, rating: 3 });
    const [released, rejected] = [readers[5]!, readers[6]!];
    expect((await listHeldReviews(db)).map((r) => r.user_id).sort()).toEqual(
      [released.uid, rejected.uid].sort(),
    );

    expect(await releaseHeldReview(db, bookId, released.uid)).toBe(true);
    expect(await releaseHeldReview(db, bookId, released.uid)).toBe(false);
    expect((await db.doc(`book_reviews/${reviewId(bookId, released.uid)}`).get()).data()).toMatchObject({
      moderation: 'published',
      reviewer_public: true,
    });
    expect(await totalsOf(bookId)).toEqual({ rating_count: 6, rating_sum: 18 });
    expect((await getBookReviews(bookId, undefined, db)).reviews.map((r) => r.user_id)).toContain(
      released.uid,
    );

    expect(await rejectHeldReview(db, bookId, rejected.uid)).toBe(true);
    expect(await rejectHeldReview(db, bookId, rejected.uid)).toBe(false);
    expect((await db.doc(`book_reviews/${reviewId(bookId, rejected.uid)}`).get()).exists).toBe(false);
    expect(await listHeldReviews(db)).toEqual([]);
    // A published review is not the queue's to reject.
    expect(await rejectHeldReview(db, bookId, readers[0]!.uid)).toBe(false);
    expect(await totalsOf(bookId)).toEqual({ rating_count: 6, rating_sum: 18 });
    expect(await totalsOf(bookId)).toEqual(await recount(bookId));

    // The rejection outlives the review: on a quiet book again, the member's next review is held.
    await db.doc(`book_review_activity/${bookId}`).delete();
    const again = await save(rejected, { bookId, rating: 5, text: 'Once more' });
    expect(again.result).toMatchObject({ created: true, moderation: 'held' });
    expect(await totalsOf(bookId)).toEqual({ rating_count: 6, rating_sum: 18 });
    // Others still post as before.
    const newcomer = (await members(1))[0]!;
    expect((await save(newcomer, { bookId, rating: 4 })).result?.moderation).toBe('published');
  }, 90_000);

  it('counts edits that change a rating like new reviews: a wave turning 5 stars into 1 is held from the 6th', async () => {
    const readers = await members(7);
    // Seven published 5-star reviews from long ago, as saveReview stores them; the book is quiet now.
    const long = new Date('2025-06-01T10:00:00Z');
    await Promise.all(
      readers.map((reader) =>
        db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).set({
          book_id: bookId,
          book_title: 'Tides',
          user_id: reader.uid,
          reviewer: { display_name: 'Reader', page_slug: null },
          rating: 5,
          text: 'Wonderful.',
          reviewer_public: true,
          moderation: 'published',
          created_at: long,
          updated_at: long,
        }),
      ),
    );
    await db.doc(`books/${bookId}`).update({ rating_count: 7, rating_sum: 35 });
    // Text edits are not a burst.
    for (const reader of readers)
      expect((await save(reader, { bookId, rating: 5, text: 'Still wonderful.' })).result?.moderation).toBe(
        'published',
      );
    const moderation = [];
    for (const reader of readers)
      moderation.push((await save(reader, { bookId, rating: 1 })).result?.moderation);
    // A quiet book allows five an hour.
    expect(moderation).toEqual([...Array<string>(5).fill('published'), 'held', 'held']);
    // The held edits are off the totals (their old 5 stars too) until a moderator decides.
    expect(await totalsOf(bookId)).toEqual({ rating_count: 5, rating_sum: 5 });
    expect(await totalsOf(bookId)).toEqual(await recount(bookId));
    expect((await listHeldReviews(db)).map((r) => r.user_id).sort()).toEqual(
      [readers[5]!.uid, readers[6]!.uid].sort(),
    );
  }, 90_000);
});
