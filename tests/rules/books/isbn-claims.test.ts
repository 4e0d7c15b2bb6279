import { Timestamp } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// isbn_claims/{isbn13} say which book an ISBN names (src/domain/books/isbn-claim.ts).
// Only the book saves, the deletes and adminIsbnClaims write them (Admin SDK): a
// client that could write one would take another member's ISBN, and one that could
// read them would learn who holds what. Every client operation is denied, the
// claim's owner and an admin included.
const claims = {
  'isbn_claims/9780306406157': {
    book_id: 'active-book',
    user_id: uids.owner,
    claimed_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
};

const env = useSeededRulesEnv('isbn-claims', () => claims);

describeServerOnly('isbn_claims', env, claims, {
  newPathOf: () => 'isbn_claims/9781861972712',
  data: () => ({ book_id: 'other-book', user_id: uids.other, claimed_at: new Date() }),
});
