import { doc, getDoc, Timestamp } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  expectDenied,
  nonOwners,
  uids,
} from '../helpers/rules-env';
import { describeMemberPrivate } from '../helpers/member-private';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// Imports of a reading history (src/domain/imports/reading-import.ts).
// reading_imports/{id}, unmatched_reads/{uid}__{key} and import_pending_reviews/{book}__{uid}: the member (the 'owner'
// actor) and admins read theirs, by a get or a query naming user_id; nobody else
// reads them, nobody writes them from a client (the import functions do), and an
// import's chunks of rows are closed to every client, its member included.
const at = Timestamp.fromDate(new Date('2026-12-01T10:00:00Z'));
const anImport = (user: string) => ({
  user_id: user,
  layout: 'goodreads',
  file_name: 'goodreads.csv',
  status: 'done',
  total: 3,
  received: 3,
  processed: 3,
  matched: 2,
  unmatched: 1,
  reasons: { not_on_shelfmark: 1 },
  problems: [],
  problem_count: 0,
  created_at: at,
  updated_at: at,
});
const unmatched = (user: string) => ({
  user_id: user,
  title: 'Elsewhere',
  author: 'Someone',
  isbn13: null,
  shelf: 'read',
  custom_shelves: [],
  rating: 4,
  review: '',
  started_on: null,
  finished_on: null,
  added_on: null,
  match_key: 'elsewhere|someone',
  import_id: 'imp-own',
  created_at: at,
});
const pendingReview = (user: string) => ({
  user_id: user,
  book_id: 'book-1',
  book_title: 'Elsewhere',
  rating: 4,
  review: 'Kept for my word.',
  status: 'waiting',
  created_at: at,
});
const OWN_PENDING = `import_pending_reviews/book-1__${uids.owner}`;
const OWN_IMPORT = 'reading_imports/imp-own';
const OWN_UNMATCHED = `unmatched_reads/${uids.owner}__k1`;
const CHUNK = 'reading_imports/imp-own/chunks/0000';
const docs = {
  [OWN_IMPORT]: anImport(uids.owner),
  'reading_imports/imp-other': anImport(uids.other),
  [CHUNK]: { rows: [], done: false },
  [OWN_UNMATCHED]: unmatched(uids.owner),
  [`unmatched_reads/${uids.other}__k1`]: unmatched(uids.other),
  [OWN_PENDING]: pendingReview(uids.owner),
  [`import_pending_reviews/book-1__${uids.other}`]: pendingReview(uids.other),
};

const env = useSeededRulesEnv('reading-import', () => docs);

describeMemberPrivate(env, [
  { name: 'reading_imports', own: OWN_IMPORT, ownId: 'imp-own', seeded: 2, data: anImport },
  { name: 'unmatched_reads', own: OWN_UNMATCHED, ownId: `${uids.owner}__k1`, seeded: 2, data: unmatched },
  // Imported ratings waiting for their member: the member reads them; only settleImportedReviews publishes them.
  {
    name: 'import_pending_reviews',
    own: OWN_PENDING,
    ownId: `book-1__${uids.owner}`,
    seeded: 2,
    data: pendingReview,
  },
]);

describe('an import’s chunks of rows', () => {
  describeEachActor([...nonOwners, 'owner', 'admin'] as const, '%s', (actor) => {
    it('cannot read them', async () => {
      await expectDenied(getDoc(doc(dbAs(env(), actor), CHUNK)));
    });
  });
  describeWritesDeniedToEveryone(env, '%s writes none', () => ({
    newPath: 'reading_imports/imp-own/chunks/0001',
    existingPath: CHUNK,
    data: { rows: [], done: false },
  }));
});
