// Demo ratings and reviews: a few public books get one to four reviews each from
// public members who do not own them, and the books carry the totals
// saveReview would have kept (rating_count, rating_sum).
import { applyRatingChange, reviewId, type RatingTotals } from '../../src/domain/review.ts';
import { dateAfter, streamFor, type SeedDoc } from './context.ts';
import type { SeedBook } from './books.ts';
import type { Member } from './members.ts';

/** How many public books get reviews. */
const REVIEWED_BOOKS = 10;

const TEXTS = [
  'A **wonderful** read from the first page to the last.',
  'Slow to start, but the second half kept me up at night.',
  "The characters felt like old friends by the end. I'd happily read a sequel.",
  '',
  'Beautifully written.\n\n**Best part:** the ending, which I did not see coming.',
  'Not quite for me, though I can see why others love it.',
  '',
];

/** The review documents, after adding each one's stars to its book's totals (mutates the books' data). */
export function generateReviews(books: readonly SeedBook[], members: readonly Member[]): SeedDoc[] {
  const rng = streamFor('reviews');
  const reviewers = members.filter((m) => m.approval === 'approved' && m.active && !m.admin);
  const reviewed = books.filter((book) => book.doc.data.is_public === true).slice(0, REVIEWED_BOOKS);
  const docs: SeedDoc[] = [];
  for (const book of reviewed) {
    const candidates = reviewers.filter((m) => m.uid !== book.userId);
    let totals: RatingTotals = { rating_count: 0, rating_sum: 0 };
    for (const member of rng.sample(candidates, rng.int(1, 4))) {
      const rating = rng.chance(0.2) ? rng.int(1, 3) : rng.int(4, 5);
      const created = dateAfter(rng, book.createdAt, 60);
      totals = applyRatingChange(totals, null, rating);
      docs.push({
        collection: 'book_reviews',
        id: reviewId(book.id, member.uid),
        data: {
          book_id: book.id,
          book_title: book.title,
          user_id: member.uid,
          reviewer: { display_name: member.displayName, page_slug: member.pageSlug },
          reviewer_public: true,
          rating,
          text: rng.pick(TEXTS),
          created_at: created,
          updated_at: created,
        },
      });
    }
    Object.assign(book.doc.data, totals);
  }
  return docs;
}
