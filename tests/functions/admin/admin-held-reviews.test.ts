// adminHeldReviews on the emulators: only admins in good standing list, release
// or reject held reviews; the list is oldest first a page at a time with the
// count; a release counts the stars into the book's totals once even when two
// admins release at once; a reject deletes the review and needs a reason; each
// decision writes one audit entry, and a review no longer held is answered
// `decided: false` without one.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import {
  HELD_REVIEW_MESSAGES,
  HELD_REVIEWS_LIST_PAGE,
  type AdminHeldReviewsResponse,
  type HeldReviewEntry,
} from '../../../src/domain/admin/admin-held-reviews';
import { reviewId } from '../../../src/domain/reviews/review';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

type ListAnswer = { reviews: HeldReviewEntry[]; next: string | null; waiting: number };
const call = (caller: Member | undefined, data: Record<string, unknown>) =>
  callAs<AdminHeldReviewsResponse>('adminHeldReviews', caller, data);

let admin: Member;
let author: Member;
let reader: Member;
let bookId: string;

/** A review of `book` by `uid`, held by the burst guard `minutesAgo` minutes ago, as saveReview stores it. */
async function heldReview(
  book: string,
  uid: string,
  minutesAgo: number,
  extra: Record<string, unknown> = {},
) {
  const at = Timestamp.fromMillis(Date.now() - minutesAgo * 60_000);
  await db.doc(`book_reviews/${reviewId(book, uid)}`).set({
    book_id: book,
    book_title: 'Tides',
    user_id: uid,
    reviewer: { display_name: `Reader ${uid}`, page_slug: `reader-${uid}` },
    reviewer_public: false,
    moderation: 'held',
    rating: 3,
    text: '**Loved** it',
    created_at: at,
    updated_at: at,
    ...extra,
  });
}

async function totals() {
  const book = await db.doc(`books/${bookId}`).get();
  return { rating_count: book.get('rating_count'), rating_sum: book.get('rating_sum') };
}

async function auditEntries() {
  const snap = await db.collection(ADMIN_AUDIT_COLLECTION).get();
  return snap.docs
    .map((doc) => doc.data())
    .filter((entry) => String(entry.action).startsWith('held-review-'));
}

beforeEach(async () => {
  await clearFirestore();
  admin = await makeMember({ admin: true });
  author = await makeMember();
  reader = await makeMember();
  // One published 5-star review is counted already.
  bookId = (
    await db.collection('books').add(
      bookData(author.uid, {
        title: 'Tides',
        owner_public: true,
        is_public: true,
        rating_count: 1,
        rating_sum: 5,
      }),
    )
  ).id;
});

describe('adminHeldReviews', () => {
  it('refuses visitors, members, a self-styled Admin profile and a deactivated admin: nothing listed, released or rejected', async () => {
    await heldReview(bookId, reader.uid, 5);
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    const deactivated = await makeMember({ admin: true, profile: { is_active: false } });
    for (const caller of [undefined, author, reader, selfStyled, deactivated]) {
      const listed = await call(caller, { action: 'list' });
      expect(listed.error, 'list').toBeDefined();
      expect(listed.result).toBeUndefined();
      for (const action of ['release', 'reject'])
        expect((await call(caller, { action, bookId, uid: reader.uid, reason: 'x' })).error?.status).toMatch(
          /UNAUTHENTICATED|PERMISSION_DENIED/,
        );
    }
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).get('moderation')).toBe(
      'held',
    );
    expect(await totals()).toEqual({ rating_count: 1, rating_sum: 5 });
    expect(await auditEntries()).toEqual([]);
  });

  it('lists held reviews oldest first, a page at a time, with the count; published reviews are not listed', async () => {
    const batch = db.batch();
    for (let n = 0; n <= HELD_REVIEWS_LIST_PAGE; n += 1)
      batch.set(db.doc(`book_reviews/${reviewId(bookId, `u${String(n).padStart(2, '0')}`)}`), {
        book_id: bookId,
        book_title: 'Tides',
        user_id: `u${String(n).padStart(2, '0')}`,
        reviewer: { display_name: `Reader ${n}`, page_slug: null },
        reviewer_public: false,
        moderation: 'held',
        rating: 4,
        text: '',
        // u00 is the oldest.
        created_at: Timestamp.fromMillis(Date.now() - (100 - n) * 60_000),
      });
    await batch.commit();
    await heldReview(bookId, reader.uid, 1, { moderation: 'published', reviewer_public: true });

    const first = (await call(admin, { action: 'list' })).result as ListAnswer;
    expect(first.waiting).toBe(HELD_REVIEWS_LIST_PAGE + 1);
    expect(first.reviews).toHaveLength(HELD_REVIEWS_LIST_PAGE);
    expect(first.reviews[0]).toMatchObject({
      id: reviewId(bookId, 'u00'),
      bookId,
      bookTitle: 'Tides',
      bookPath: `/book/${bookId}`,
      uid: 'u00',
      reviewerName: 'Reader 0',
      reviewerPath: null,
      rating: 4,
      text: '',
    });
    expect(first.next).toBe(reviewId(bookId, `u${HELD_REVIEWS_LIST_PAGE - 1}`));
    const second = (await call(admin, { action: 'list', after: first.next })).result as ListAnswer;
    expect(second.reviews.map((r) => r.uid)).toEqual([`u${HELD_REVIEWS_LIST_PAGE}`]);
    expect(second.next).toBeNull();
  });

  it('shows the text as plain text: markup markers removed, anything else as typed', async () => {
    await heldReview(bookId, reader.uid, 5, { text: '**Loved** it <img src=x onerror=alert(1)>' });
    const answer = (await call(admin, { action: 'list' })).result as ListAnswer;
    expect(answer.reviews.map((r) => r.text)).toEqual(['Loved it <img src=x onerror=alert(1)>']);
  });

  it('two admins releasing at once: the review is published and its stars counted once, with one audit entry', async () => {
    const second = await makeMember({ admin: true });
    await heldReview(bookId, reader.uid, 5);
    const answers = await Promise.all([
      call(admin, { action: 'release', bookId, uid: reader.uid }),
      call(second, { action: 'release', bookId, uid: reader.uid, reason: 'Genuine reader' }),
    ]);
    expect(answers.map((a) => a.error)).toEqual([undefined, undefined]);
    expect(answers.map((a) => (a.result as { decided: boolean }).decided).sort()).toEqual([false, true]);
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).data()).toMatchObject({
      moderation: 'published',
      reviewer_public: true,
    });
    expect(await totals()).toEqual({ rating_count: 2, rating_sum: 8 });
    const winner = answers.findIndex((a) => (a.result as { decided: boolean }).decided);
    expect(await auditEntries()).toEqual([
      expect.objectContaining({
        action: 'held-review-release',
        actor_uid: [admin, second][winner]!.uid,
        target_uid: reader.uid,
        before: { moderation: 'held' },
        after: {
          item_kind: 'review',
          item_id: reviewId(bookId, reader.uid),
          item_title: `Review of "Tides" by Reader ${reader.uid} (3/5)`,
          reason: winner === 0 ? '' : 'Genuine reader',
          moderation: 'published',
        },
      }),
    ]);
    // Again later: still counted once, nothing logged.
    expect((await call(admin, { action: 'release', bookId, uid: reader.uid })).result).toEqual({
      action: 'release',
      decided: false,
    });
    expect(await totals()).toEqual({ rating_count: 2, rating_sum: 8 });
    expect(await auditEntries()).toHaveLength(1);
  });

  it('rejects only with a reason: the review is deleted, the totals unchanged, the audit written; twice is answered, not failed', async () => {
    await heldReview(bookId, reader.uid, 5);
    const blank = await call(admin, { action: 'reject', bookId, uid: reader.uid, reason: '  ' });
    expect(blank.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: HELD_REVIEW_MESSAGES.rejectReason,
    });
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(true);

    const rejected = await call(admin, { action: 'reject', bookId, uid: reader.uid, reason: 'Paid review' });
    expect(rejected.result).toEqual({ action: 'reject', decided: true });
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(false);
    expect(await totals()).toEqual({ rating_count: 1, rating_sum: 5 });
    expect(await auditEntries()).toEqual([
      expect.objectContaining({
        action: 'held-review-reject',
        actor_uid: admin.uid,
        target_uid: reader.uid,
        after: expect.objectContaining({
          item_id: reviewId(bookId, reader.uid),
          reason: 'Paid review',
          moderation: 'deleted',
        }),
      }),
    ]);
    expect(
      (await call(admin, { action: 'reject', bookId, uid: reader.uid, reason: 'Again' })).result,
    ).toEqual({
      action: 'reject',
      decided: false,
    });
    expect((await call(admin, { action: 'list' })).result).toEqual({ reviews: [], next: null, waiting: 0 });
    expect(await auditEntries()).toHaveLength(1);
  });

  it('a review deleted by its writer meanwhile, or a published one, is answered decided: false and left alone', async () => {
    await heldReview(bookId, reader.uid, 5);
    await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).delete();
    expect((await call(admin, { action: 'release', bookId, uid: reader.uid })).result).toEqual({
      action: 'release',
      decided: false,
    });
    await heldReview(bookId, reader.uid, 5, { moderation: 'published', reviewer_public: true });
    expect((await call(admin, { action: 'reject', bookId, uid: reader.uid, reason: 'x' })).result).toEqual({
      action: 'reject',
      decided: false,
    });
    expect((await db.doc(`book_reviews/${reviewId(bookId, reader.uid)}`).get()).exists).toBe(true);
    expect(await auditEntries()).toEqual([]);
  });
});
