// Demo ratings and reviews: a few public books get one to four reviews each from
// public members who do not own them, and the books carry the totals
// saveReview would have kept (rating_count, rating_sum). Shelves: every reviewer
// has the book on 'Read', and a few members have other public books on
// 'Want to read' or 'Reading'; one of them keeps their shelves private. One
// more review is held by the burst guard, for the dashboard's Held reviews.
import { applyRatingChange, reviewId, type RatingTotals } from '../../src/domain/reviews/review.ts';
import { applyFeelChange, countedFeel, emptyFeelTotals } from '../../src/domain/books/book-feel.ts';
import { shelfId, type Shelf } from '../../src/domain/shelves/shelf.ts';
import { dateAfter, daysAgo, streamFor, type SeedDoc } from './context.ts';
import type { SeedBook } from './books.ts';
import type { Member } from './members.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

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

/**
 * One review the burst guard holds (`moderation: 'held'`, `reviewer_public:
 * false`: on no page and in no total), written 90 minutes before the reference
 * date, so the admin dashboard's Held reviews part has one to release or reject.
 * Its writer is the last reviewer, who is not among the shelving members, so the
 * shelves drawn for them stay as they were.
 */
export function generateHeldReview(
  books: readonly SeedBook[],
  members: readonly Member[],
  reviews: readonly SeedDoc[],
): SeedDoc[] {
  const reviewers = members.filter((m) => m.approval === 'approved' && m.active && !m.admin);
  const writer = reviewers.at(-1);
  if (!writer || reviewers.length <= SHELVING_MEMBERS) return [];
  const reviewed = new Set(reviews.map((review) => review.id));
  const book = books.find(
    (candidate) =>
      candidate.doc.data.is_public === true &&
      candidate.userId !== writer.uid &&
      !reviewed.has(reviewId(candidate.id, writer.uid)),
  );
  if (!book) return [];
  const created = new Date(Math.max(daysAgo(0, 90).getTime(), book.createdAt.getTime() + 60_000));
  return [
    {
      collection: 'book_reviews',
      id: reviewId(book.id, writer.uid),
      data: {
        book_id: book.id,
        book_title: book.title,
        user_id: writer.uid,
        reviewer: { display_name: writer.displayName, page_slug: writer.pageSlug },
        reviewer_public: false,
        moderation: 'held',
        rating: 5,
        text: 'Best book of the year!!! Everyone should buy it **today**.',
        created_at: created,
        updated_at: created,
      },
    },
  ];
}

/** Public books a shelving member puts on 'Want to read' or 'Reading'. */
const SHELVED_PER_MEMBER = 3;
/** How many members shelve books beyond the ones they reviewed. */
const SHELVING_MEMBERS = 6;

/** The shelf entries (as setShelf writes them) and one member's private-shelves choice. */
export function generateShelves(
  books: readonly SeedBook[],
  members: readonly Member[],
  reviews: readonly SeedDoc[],
): SeedDoc[] {
  const rng = streamFor('shelves');
  const titles = new Map(books.map((book) => [book.id, book]));
  const docs = new Map<string, SeedDoc>();
  const put = (bookId: string, uid: string, shelf: Shelf, at: Date) => {
    const book = titles.get(bookId);
    if (!book) return;
    docs.set(shelfId(bookId, uid), {
      collection: 'book_shelves',
      id: shelfId(bookId, uid),
      data: {
        book_id: bookId,
        book_title: book.title,
        user_id: uid,
        shelf,
        book_public: book.doc.data.is_public === true,
        updated_at: at,
      },
    });
  };
  for (const review of reviews)
    put(String(review.data.book_id), String(review.data.user_id), 'read', review.data.created_at as Date);
  const shelvers = members
    .filter((m) => m.approval === 'approved' && m.active && !m.admin)
    .slice(0, SHELVING_MEMBERS);
  const publicBooks = books.filter((book) => book.doc.data.is_public === true);
  for (const member of shelvers) {
    const candidates = publicBooks.filter(
      (book) => book.userId !== member.uid && !docs.has(shelfId(book.id, member.uid)),
    );
    for (const book of rng.sample(candidates, SHELVED_PER_MEMBER))
      put(
        book.id,
        member.uid,
        rng.pick(['want-to-read', 'reading'] as const),
        dateAfter(rng, book.createdAt, 30),
      );
  }
  const secretive = shelvers.at(-1);
  const settings: SeedDoc[] = secretive
    ? [
        {
          collection: 'shelf_settings',
          id: secretive.uid,
          data: { private: true, updated_at: secretive.createdAt },
        },
      ]
    : [];
  return [...docs.values(), ...settings];
}

/** The catalogue book whose readers say how it felt (enough of them for the book page's breakdown). */
export const DEMO_FEEL_BOOK = 'Frankenstein';

/** What each of its reviews says: rating, text, moods, pace, warnings, note and spoiler. */
const FEEL_REVIEWS = [
  {
    rating: 5,
    text: 'Far stranger and sadder than the films.',
    moods: ['dark', 'emotional', 'reflective'],
    pace: 'slow',
    warnings: ['death', 'grief'],
    note: '',
    spoiler: 'The creature outlives everyone he blames, and **it does not help**.',
  },
  {
    rating: 4,
    text: 'Gothic in the best way.',
    moods: ['dark', 'mysterious', 'tense'],
    pace: 'medium',
    warnings: ['death', 'violence'],
    note: 'Murders are described, not lingered on.',
    spoiler: '',
  },
  {
    rating: 5,
    text: '',
    moods: ['dark', 'emotional', 'sad'],
    pace: 'slow',
    warnings: ['grief'],
    note: '',
    spoiler: '',
  },
  {
    rating: 3,
    text: 'The letters at the start are slow going.',
    moods: ['reflective', 'dark'],
    pace: 'slow',
    warnings: [],
    note: '',
    spoiler: 'Walton turns the ship around at the end.',
  },
  {
    rating: 4,
    text: 'A book about responsibility more than monsters.',
    moods: ['reflective', 'sad', 'tense'],
    pace: 'medium',
    warnings: ['death', 'violence', 'grief'],
    note: '',
    spoiler: '',
  },
  { rating: 5, text: '', moods: ['dark', 'tense'], pace: 'slow', warnings: ['death'], note: '', spoiler: '' },
] as const;

/**
 * Reviews of DEMO_FEEL_BOOK with moods, pace, warnings and spoilers by approved members
 * (not the catalogue books' shelvers), and the book's rating and feel totals as
 * saveReview would have kept them (the book changes in place), so `npm start` shows the
 * community's breakdown on its page.
 */
export function catalogueFeelReviews(books: readonly SeedDoc[], members: readonly Member[]): SeedDoc[] {
  const book = books.find((doc) => doc.data.title === DEMO_FEEL_BOOK);
  // Not the demo accounts (the tests and the README describe their shelves), nor the last
  // members (the catalogue books' shelvers and the held review's writer).
  const reviewers = members
    .filter((m) => m.approval === 'approved' && m.active && !m.admin)
    .filter((m) => !DEMO_ACCOUNTS.some((account) => account.uid === m.uid))
    .slice(0, -4);
  if (!book || reviewers.length < FEEL_REVIEWS.length) return [];
  let totals: RatingTotals = { rating_count: 0, rating_sum: 0 };
  let feel = emptyFeelTotals();
  const docs = FEEL_REVIEWS.flatMap((answer, index): SeedDoc[] => {
    const member = reviewers[index]!;
    const created = daysAgo(12 - index, index * 5);
    totals = applyRatingChange(totals, null, answer.rating);
    const fields = {
      moods: [...answer.moods],
      pace: answer.pace,
      warnings: [...answer.warnings],
      warning_note: answer.note,
      spoiler: answer.spoiler,
    };
    feel = applyFeelChange(feel, null, countedFeel(fields));
    return [
      {
        collection: 'book_reviews',
        id: reviewId(book.id, member.uid),
        data: {
          book_id: book.id,
          book_title: book.data.title,
          user_id: member.uid,
          reviewer: { display_name: member.displayName, page_slug: member.pageSlug },
          reviewer_public: true,
          rating: answer.rating,
          text: answer.text,
          ...fields,
          created_at: created,
          updated_at: created,
        },
      },
      // Each reviewer has the book on Read, as every demo reviewer does.
      {
        collection: 'book_shelves',
        id: shelfId(book.id, member.uid),
        data: {
          book_id: book.id,
          book_title: book.data.title,
          user_id: member.uid,
          shelf: 'read',
          book_public: true,
          updated_at: created,
        },
      },
    ];
  });
  Object.assign(book.data, totals, { feel_totals: feel, has_readers: true });
  return docs;
}
