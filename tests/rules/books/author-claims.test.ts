import { Timestamp } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { describeMemberPrivate } from '../helpers/member-private';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// author_claims/{slug}__{uid}: members' claims of catalogue author pages
// (src/domain/books/author-claim.ts). The claimant (the 'owner' actor) and admins
// read them, by a get or a query naming user_id; nobody else reads them, and no
// client writes one (authorClaim and adminAuthorClaims do, with the Admin SDK): a
// member who could write their own would approve it. catalogue_authors is in the
// sweep of closed paths (tests/rules/sweeps/other-paths.test.ts).
const at = Timestamp.fromDate(new Date('2026-12-01T10:00:00Z'));
const aClaim = (user: string) => ({
  slug: 'jane-austen',
  author_name: 'Jane Austen',
  user_id: user,
  member_name: 'A member',
  status: 'pending',
  message: 'I am her estate.',
  reason: null,
  created_at: at,
  decided_at: null,
  decided_by: null,
});
const OWN_ID = `jane-austen__${uids.owner}`;
const docs = {
  [`author_claims/${OWN_ID}`]: aClaim(uids.owner),
  [`author_claims/jane-austen__${uids.other}`]: aClaim(uids.other),
};

const env = useSeededRulesEnv('author-claims', () => docs);

describeMemberPrivate(env, [
  { name: 'author_claims', own: `author_claims/${OWN_ID}`, ownId: OWN_ID, seeded: 2, data: aClaim },
]);
