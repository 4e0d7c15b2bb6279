import { Timestamp } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { describeMemberPrivate } from '../helpers/member-private';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// Shelves of one's own (src/domain/shelves/custom-shelf.ts). custom_shelves/{id}
// and custom_shelf_books/{shelfId}__{bookId}: the member (the 'owner' actor) and
// admins read theirs, by a get or a query naming user_id; nobody else reads them
// (a shelf's page is rendered by the server), and nobody writes them from a
// client (editCustomShelf and placeOnCustomShelf do).
const at = Timestamp.fromDate(new Date('2026-01-05T10:00:00Z'));
const shelf = (user: string) => ({
  user_id: user,
  name: 'Summer reads',
  slug: 'summer-reads',
  position: 0,
  book_count: 1,
  created_at: at,
  updated_at: at,
});
const placement = (user: string, shelfId: string) => ({
  shelf_id: shelfId,
  user_id: user,
  book_id: 'book-1',
  book_title: 'Tides',
  book_public: true,
  added_at: at,
});
const OWN_SHELF = 'custom_shelves/cs-own';
const OTHERS_SHELF = 'custom_shelves/cs-other';
const OWN_BOOK = 'custom_shelf_books/cs-own__book-1';
const OTHERS_BOOK = 'custom_shelf_books/cs-other__book-1';
const docs = {
  [OWN_SHELF]: shelf(uids.owner),
  [OTHERS_SHELF]: shelf(uids.other),
  [OWN_BOOK]: placement(uids.owner, 'cs-own'),
  [OTHERS_BOOK]: placement(uids.other, 'cs-other'),
};

const env = useSeededRulesEnv('custom-shelves', () => docs);

describeMemberPrivate(env, [
  { name: 'custom_shelves', own: OWN_SHELF, ownId: 'cs-own', seeded: 2, data: shelf },
  {
    name: 'custom_shelf_books',
    own: OWN_BOOK,
    ownId: 'cs-own__book-1',
    seeded: 2,
    data: (uid) => placement(uid, 'cs-own'),
  },
]);
