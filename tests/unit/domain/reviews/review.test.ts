import { describe, expect, it } from 'vitest';
import { bookJsonLd } from '../../../../src/domain/book-json-ld.ts';
import {
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  aggregateRatingJsonLd,
  applyRatingChange,
  averageRating,
  deleteReviewRequestSchema,
  ratingSummaryText,
  renderReviewText,
  reviewFormSchema,
  reviewId,
  reviewJsonLd,
  reviewerPath,
  saveReviewRequestSchema,
  starsText,
} from '../../../../src/domain/reviews/review.ts';

describe('review ids', () => {
  it('are the book and the member, so one member has one review per book', () => {
    expect(reviewId('book-1', 'uid-a')).toBe('book-1__uid-a');
    expect(reviewId('book-1', 'uid-a')).toBe(reviewId('book-1', 'uid-a'));
    expect(reviewId('book-1', 'uid-a')).not.toBe(reviewId('book-1', 'uid-b'));
  });
});

describe('the review form', () => {
  it('takes 1 to 5 whole stars and an optional text, trimmed', () => {
    const noFeel = { moods: [], pace: null, warnings: [], warning_note: '', spoiler: '' };
    expect(reviewFormSchema.parse({ rating: 5 })).toEqual({ rating: 5, text: '', ...noFeel });
    expect(reviewFormSchema.parse({ rating: 1, text: '  Good.  ' })).toEqual({
      rating: 1,
      text: 'Good.',
      ...noFeel,
    });
  });
  it('takes how the book felt, from the lists only', () => {
    expect(
      reviewFormSchema.parse({
        rating: 4,
        moods: ['tense', 'dark'],
        pace: 'fast',
        warnings: ['war'],
        spoiler: ' It ends. ',
      }),
    ).toMatchObject({ moods: ['dark', 'tense'], pace: 'fast', warnings: ['war'], spoiler: 'It ends.' });
    expect(reviewFormSchema.safeParse({ rating: 4, moods: ['cosy'] }).success).toBe(false);
    expect(reviewFormSchema.safeParse({ rating: 4, mood: 'dark' }).success).toBe(false);
  });
  it.each([0, 6, 3.5, '4', null, undefined])('refuses the rating %s with the form message', (rating) => {
    const result = reviewFormSchema.safeParse({ rating, text: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.ratingRequired);
  });
  it('refuses a text over the limit', () => {
    const result = reviewFormSchema.safeParse({ rating: 3, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) });
    expect(result.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.textTooLong);
    expect(reviewFormSchema.safeParse({ rating: 3, text: 'x'.repeat(REVIEW_TEXT_MAX) }).success).toBe(true);
  });
  it('the requests refuse fields they do not know (no forged totals or authors)', () => {
    expect(saveReviewRequestSchema.safeParse({ bookId: 'b', rating: 4, user_id: 'x' }).success).toBe(false);
    expect(saveReviewRequestSchema.safeParse({ bookId: '', rating: 4 }).success).toBe(false);
    expect(deleteReviewRequestSchema.safeParse({ bookId: 'b', uid: 'someone' }).success).toBe(false);
  });
});

describe('rating totals', () => {
  const none = { rating_count: 0, rating_sum: 0 };
  it('count a new rating, an edit and a deletion once each', () => {
    const one = applyRatingChange(none, null, 4);
    expect(one).toEqual({ rating_count: 1, rating_sum: 4 });
    const two = applyRatingChange(one, null, 5);
    expect(two).toEqual({ rating_count: 2, rating_sum: 9 });
    expect(applyRatingChange(two, 4, 2)).toEqual({ rating_count: 2, rating_sum: 7 });
    expect(applyRatingChange(two, 5, null)).toEqual({ rating_count: 1, rating_sum: 4 });
  });
  it('never go below zero, whatever was stored', () => {
    expect(applyRatingChange(none, 3, null)).toEqual(none);
    expect(applyRatingChange({ rating_count: 1, rating_sum: 1 }, 5, null)).toEqual(none);
  });
  it('give the average to one decimal, and none without ratings', () => {
    expect(averageRating(none)).toBeNull();
    expect(averageRating({ rating_count: 3, rating_sum: 13 })).toBe(4.3);
    expect(ratingSummaryText(none)).toBe('No ratings yet');
    expect(ratingSummaryText({ rating_count: 1, rating_sum: 5 })).toBe('5.0 out of 5 from 1 rating');
    expect(ratingSummaryText({ rating_count: 4, rating_sum: 14 })).toBe('3.5 out of 5 from 4 ratings');
    expect(starsText(3.5)).toBe('★★★★☆');
    expect(starsText(1)).toBe('★☆☆☆☆');
  });
});

describe('review text', () => {
  it('is rendered as light markup with every character escaped: script and markup stay text', () => {
    const html = renderReviewText(
      '<script>alert(1)</script>\n**bold** <img src=x onerror=alert(1)>\n\n[a](javascript:alert(1))',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>bold</strong>');
  });
  it('puts headings below the section heading', () => {
    expect(renderReviewText('## Plot')).toBe('<h3>Plot</h3>');
  });
  it('links the reviewer only through a slug, encoded', () => {
    expect(reviewerPath({ display_name: 'A', page_slug: 'a b' })).toBe('/profile/a%20b');
    expect(reviewerPath({ display_name: 'A', page_slug: null })).toBeNull();
  });
});

describe('book JSON-LD', () => {
  const book = {
    id: 'b1',
    title: 'Tides',
    description: null,
    user_id: 'u1',
    author: { display_name: 'Ann', page_slug: 'ann' },
    category: null,
    genre: [],
    sub_genre: [],
    purchase_links: [],
  };
  const review = {
    rating: 4,
    text: '**Great** read',
    reviewer: { display_name: 'Bob', page_slug: 'bob' },
    created_at: new Date('2026-01-05T10:00:00Z'),
  };
  const input = { book, pageUrl: 'https://x.example/book/b1', site: 'https://x.example' };
  it('carries aggregateRating and review only when ratings exist', () => {
    expect(bookJsonLd(input)).not.toHaveProperty('aggregateRating');
    expect(
      bookJsonLd({ ...input, ratings: { totals: { rating_count: 0, rating_sum: 0 }, reviews: [] } }),
    ).not.toHaveProperty('aggregateRating');
    const ld = bookJsonLd({
      ...input,
      ratings: { totals: { rating_count: 2, rating_sum: 9 }, reviews: [review] },
    });
    expect(ld.aggregateRating).toEqual(aggregateRatingJsonLd({ rating_count: 2, rating_sum: 9 }));
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, ratingCount: 2, bestRating: 5 });
    expect(ld.review).toEqual([reviewJsonLd(review)]);
    expect(reviewJsonLd(review)).toMatchObject({
      reviewBody: 'Great read',
      author: { '@type': 'Person', name: 'Bob' },
      reviewRating: { ratingValue: 4 },
      datePublished: '2026-01-05',
    });
  });
});
