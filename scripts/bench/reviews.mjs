// The book page's Firestore reads with 1,000 reviews: a fresh copy of a seeded
// public book gets 1,000 reviews from 1,000 reviewers (written with the Admin SDK,
// as saveReview stores them, with the book's totals), then the served build's
// first page of reviews and a later page ('More reviews', the cursor) are fetched
// with the read meter on. A page of reviews must cost the same with 1,000 reviews
// as with one: the book, its owner, the switches, one cursor read on a later
// page, and the page's query (one review more than shown).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../emulator-env.mjs';
import { fetchPage } from './page-cost.mjs';

/** How many reviews the book gets. */
export const REVIEW_COUNT = 1000;

function db() {
  return getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
}

/** A fresh public book copied from a seeded one, with `count` reviews written in batches; its id. */
async function bookWithReviews(count) {
  const store = db();
  const seeded = await store.collection('books').where('is_public', '==', true).limit(1).get();
  const source = seeded.docs[0];
  if (!source) throw new Error('no seeded public book to copy');
  const book = store.collection('books').doc();
  const start = Date.now() - count * 60_000;
  let sum = 0;
  for (let from = 0; from < count; from += 400) {
    const batch = store.batch();
    for (let i = from; i < Math.min(count, from + 400); i += 1) {
      const rating = (i % 5) + 1;
      sum += rating;
      const at = new Date(start + i * 60_000);
      batch.set(store.doc(`book_reviews/${book.id}__bench-reviewer-${i}`), {
        book_id: book.id,
        book_title: 'Bench reviews',
        user_id: `bench-reviewer-${i}`,
        reviewer: { display_name: `Reader ${i}`, page_slug: null },
        reviewer_public: true,
        rating,
        text: i % 2 === 0 ? `Review number ${i}, **bold** and plain.` : '',
        created_at: at,
        updated_at: at,
      });
    }
    await batch.commit();
  }
  await book.set({
    ...source.data(),
    title: 'Bench reviews',
    rating_count: count,
    rating_sum: sum,
    created_at: new Date(start - 60_000),
  });
  return book.id;
}

/** The reads of the book page's first page of reviews and of the page after it, with REVIEW_COUNT reviews. */
export async function benchReviewReads({ baseUrl }) {
  const bookId = await bookWithReviews(REVIEW_COUNT);
  const path = `/book/${bookId}`;
  await fetchPage(`${baseUrl}${path}`); // warm-up: the first render pays module loading
  const first = await fetchPage(`${baseUrl}${path}`);
  const cursor = /href="[^"]*\?reviews_after=([^"#&]+)/.exec(first.html)?.[1];
  if (first.status !== 200 || !cursor)
    throw new Error(`the book page answered ${first.status} without 'More reviews'`);
  const next = await fetchPage(`${baseUrl}${path}?reviews_after=${cursor}`);
  const shown = (html) => (html.match(/data-review(?=[\s>])/g) ?? []).length;
  return {
    reviews: REVIEW_COUNT,
    first_page: { status: first.status, reads: first.reads, reviews_shown: shown(first.html) },
    later_page: { status: next.status, reads: next.reads, reviews_shown: shown(next.html) },
  };
}
