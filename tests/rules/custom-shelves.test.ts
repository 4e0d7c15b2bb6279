import { collection, doc, getDoc, getDocs, query, Timestamp, where } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  expectAllowed,
  expectDenied,
  nonOwners,
  uids,
} from './helpers';
import { useSeededRulesEnv } from './shared/seeded-env';

// Shelves of one's own (src/domain/readers/custom-shelf.ts). custom_shelves/{id}
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

for (const [name, own, mine] of [
  ['custom_shelves', OWN_SHELF, 'cs-own'],
  ['custom_shelf_books', OWN_BOOK, 'cs-own__book-1'],
] as const) {
  describe(name, () => {
    it(`${actorLabel.owner} gets and lists their own`, async () => {
      const db = dbAs(env(), 'owner');
      await expectAllowed(getDoc(doc(db, own)));
      const listed = await expectAllowed(
        getDocs(query(collection(db, name), where('user_id', '==', uids.owner))),
      );
      expect(listed.docs.map((d) => d.id)).toEqual([mine]);
    });

    describeEachActor(nonOwners, '%s', (actor) => {
      it("cannot get or list another member's, nor list them all", async () => {
        const db = dbAs(env(), actor);
        await expectDenied(getDoc(doc(db, own)));
        await expectDenied(getDocs(query(collection(db, name), where('user_id', '==', uids.owner))));
        await expectDenied(getDocs(collection(db, name)));
      });
    });

    it('an admin gets and lists any', async () => {
      const db = dbAs(env(), 'admin');
      await expectAllowed(getDoc(doc(db, own)));
      expect((await expectAllowed(getDocs(collection(db, name)))).size).toBe(2);
    });

    describeWritesDeniedToEveryone(env, '%s writes nothing', (actor) => {
      const uid = actor === 'admin' ? uids.admin : uids.owner;
      return {
        newPath: `${name}/${uid}__new`,
        existingPath: own,
        data: name === 'custom_shelves' ? shelf(uid) : placement(uid, 'cs-own'),
      };
    });
  });
}
