// The held reviews' request and what the section shows: a page of the list, a
// release with an optional reason, a reject only with one; reasons as plain text;
// a review's light markup shown as plain text.
import { describe, expect, it } from 'vitest';
import {
  adminHeldReviewsRequestSchema,
  HELD_REVIEW_MESSAGES,
  heldReviewEntryOf,
  heldReviewTitle,
  waitingText,
} from '../../../../src/domain/admin/admin-held-reviews';
import { reviewSchema } from '../../../../src/domain/reviews/review';

const parse = (data: unknown) => adminHeldReviewsRequestSchema.safeParse(data);
const target = { bookId: 'book1', uid: 'uid_A-2' };

describe('adminHeldReviewsRequestSchema', () => {
  it('asks for the first page, or the page after a review', () => {
    expect(parse({ action: 'list' }).data).toEqual({ action: 'list' });
    expect(parse({ action: 'list', after: 'book1__uid' }).data).toEqual({
      action: 'list',
      after: 'book1__uid',
    });
  });

  it('releases without a reason (stored as empty) or with one, sanitised', () => {
    expect(parse({ action: 'release', ...target }).data).toEqual({
      action: 'release',
      ...target,
      reason: '',
    });
    expect(parse({ action: 'release', ...target, reason: '  fine\u202E \r\n' }).data).toEqual({
      action: 'release',
      ...target,
      reason: 'fine',
    });
  });

  it('rejects only with a reason: a missing or blank one is refused with the message', () => {
    for (const reason of [undefined, '', '   \n ', '\u200B']) {
      const result = parse({ action: 'reject', ...target, reason });
      expect(result.success, JSON.stringify(reason)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(HELD_REVIEW_MESSAGES.rejectReason);
    }
    expect(parse({ action: 'reject', ...target, reason: 'Spam wave' }).data).toEqual({
      action: 'reject',
      ...target,
      reason: 'Spam wave',
    });
  });

  it('refuses a reason over 500 characters, ids that are not document ids, other actions and extra fields', () => {
    const long = parse({ action: 'release', ...target, reason: 'x'.repeat(501) });
    expect(long.error?.issues[0]?.message).toBe(HELD_REVIEW_MESSAGES.reasonTooLong);
    for (const bad of [
      { action: 'release', bookId: 'a/b', uid: 'u' },
      { action: 'release', bookId: 'b', uid: '' },
      { action: 'delete', ...target, reason: 'x' },
      { action: 'release', ...target, reason: 'x', moderation: 'published' },
      { action: 'list', after: '' },
    ])
      expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('heldReviewEntryOf', () => {
  const review = reviewSchema.parse({
    id: 'b 1__u1',
    book_id: 'b 1',
    book_title: 'Tides & <Storms>',
    user_id: 'u1',
    reviewer: { display_name: 'Rae', page_slug: 'rae' },
    rating: 4,
    moderation: 'held',
    reviewer_public: false,
    text: '**Great** read.\n\n<script>alert(1)</script>',
    created_at: new Date('2026-11-20T10:00:00Z'),
  });

  it('shows the book with its link, the writer with theirs, the stars and the text as plain text', () => {
    expect(heldReviewEntryOf(review)).toEqual({
      id: 'b 1__u1',
      bookId: 'b 1',
      bookTitle: 'Tides & <Storms>',
      bookPath: '/book/b%201',
      uid: 'u1',
      reviewerName: 'Rae',
      reviewerPath: '/profile/rae',
      rating: 4,
      text: 'Great read.\n\n<script>alert(1)</script>',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('names the review in the audit log as the Reports queue does', () => {
    expect(heldReviewTitle(review)).toBe('Review of "Tides & <Storms>" by Rae (4/5)');
    expect(heldReviewTitle({ ...review, reviewer: { display_name: '' } })).toBe(
      'Review of "Tides & <Storms>" by a member (4/5)',
    );
  });
});

describe('waitingText', () => {
  it('counts the waiting reviews in words', () => {
    expect(waitingText(1)).toBe('1 review is waiting for moderation.');
    expect(waitingText(1200)).toBe('1,200 reviews are waiting for moderation.');
  });
});
