import { Timestamp } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// Anything not matched in firestore.rules is closed, admins included: a
// collection the spec does not name, and sub-collections of named ones.
const unlistedPaths = {
  'users/alice-uid': { email: 'alice@example.com', user_id: uids.owner },
  // The reviews' burst guard counts (server only, src/domain/reviews/review-burst.ts).
  'book_review_activity/book-1': { minutes: {}, days: { '2025-03-05': 2 } },
  // Moderators' standing decisions on reviews (server only, src/domain/reviews/review.ts): not
  // even the member the decision is about reads or removes it.
  [`review_decisions/book-1__${uids.owner}`]: {
    book_id: 'book-1',
    user_id: uids.owner,
    decision: 'hidden',
    decided_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
  // Who has had a free trial (server only, src/domain/billing/billing.ts): a keyed hash of the
  // address, kept after the account, which no client may read, make or remove.
  [`trial_claims/${'a'.repeat(64)}`]: {
    claimed_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
    expires_at: Timestamp.fromDate(new Date('2027-03-05T10:00:00Z')),
  },
  // A past-due member's grace (server only): the sweep's, not the member's.
  [`billing_grace/${uids.owner}`]: { ends_at: Timestamp.fromDate(new Date('2025-03-08T10:00:00Z')) },
  // A failed trigger handler kept for its retry (server only, functions/src/triggers/handler-retries.ts).
  'trigger_retries/0123456789abcdef0123456789abcdef': {
    collection: 'books',
    handler: 'readers of the book',
    document_id: 'book-1',
    attempts: 1,
  },
  // Whose series a series address is (server only, src/domain/books/series-claim.ts): a client
  // that could write one would take another author's series page.
  'series_claims/the-tidewater-chronicles': {
    user_id: uids.owner,
    claimed_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
  // Who holds a claimed catalogue author page (server only, src/domain/books/author-claim.ts): a
  // client that could write one would take an author's books onto their profile.
  'catalogue_authors/jane-austen': {
    name: 'Jane Austen',
    claimed_by: uids.owner,
    claimed_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
  // Which catalogue book an Open Library work became (server only, functions/src/catalogue/find-books.ts):
  // a client that could write one would point every reader adding the work at another book.
  'catalogue_sources/openlibrary_OL66554W': {
    book_id: 'cat-book-1',
    created_at: Timestamp.fromDate(new Date('2026-12-05T10:00:00Z')),
  },
  'books/active-book/reviews/r1': {
    user_id: uids.other,
    rating: 5,
    created_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
};

const env = useSeededRulesEnv('other-paths', () => unlistedPaths);

describeServerOnly('paths the rules do not name', env, unlistedPaths, { data: () => ({ note: 'anything' }) });
