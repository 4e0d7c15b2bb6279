import { collection, doc, getDoc, getDocs, query, Timestamp, where } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeWritesDeniedToEveryone,
  expectAllowed,
  expectDenied,
  nonOwners,
  uids,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// book_reviews/{bookId}__{uid}: the reviewer (the 'owner' actor here) and admins
// read a review; nobody else reads one from a client (the pages read them on the
// server); nobody writes from a client: saveReview and deleteReview do, with the
// book's rating totals in the same transaction.
const at = Timestamp.fromDate(new Date('2026-01-05T10:00:00Z'));
const review = (user: string, book: string) => ({
  book_id: book,
  book_title: 'Tides',
  user_id: user,
  reviewer: { display_name: 'Alice', page_slug: 'alice' },
  rating: 4,
  text: 'Lovely.',
  created_at: at,
  updated_at: at,
});
const OWN = `book_reviews/book-1__${uids.owner}`;
const OTHERS = `book_reviews/book-1__${uids.other}`;
const docs = {
  [OWN]: review(uids.owner, 'book-1'),
  [OTHERS]: review(uids.other, 'book-1'),
};

const env = useSeededRulesEnv('book-reviews', () => docs);

describe('book_reviews', () => {
  describe(actorLabel.owner, () => {
    it('reads their own review and lists their own reviews', async () => {
      const db = dbAs(env(), 'owner');
      expect((await expectAllowed(getDoc(doc(db, OWN)))).get('rating')).toBe(4);
      const mine = await expectAllowed(
        getDocs(query(collection(db, 'book_reviews'), where('user_id', '==', uids.owner))),
      );
      expect(mine.docs.map((d) => d.id)).toEqual([`book-1__${uids.owner}`]);
      // The review form's query: their review of a book they have not reviewed is an empty answer, not a refusal.
      const none = await expectAllowed(
        getDocs(
          query(
            collection(db, 'book_reviews'),
            where('user_id', '==', uids.owner),
            where('book_id', '==', 'book-9'),
          ),
        ),
      );
      expect(none.size).toBe(0);
    });
    it("cannot read another member's review, nor list a book's reviews", async () => {
      const db = dbAs(env(), 'owner');
      await expectDenied(getDoc(doc(db, OTHERS)));
      await expectDenied(getDocs(query(collection(db, 'book_reviews'), where('book_id', '==', 'book-1'))));
    });
  });

  for (const actor of nonOwners) {
    it(`${actorLabel[actor]} cannot read the member's review or list reviews`, async () => {
      const db = dbAs(env(), actor);
      await expectDenied(getDoc(doc(db, OWN)));
      await expectDenied(getDocs(collection(db, 'book_reviews')));
      await expectDenied(getDocs(query(collection(db, 'book_reviews'), where('user_id', '==', uids.owner))));
    });
  }

  it('an admin reads any review and lists them', async () => {
    const db = dbAs(env(), 'admin');
    await expectAllowed(getDoc(doc(db, OTHERS)));
    expect((await expectAllowed(getDocs(collection(db, 'book_reviews')))).size).toBe(2);
  });

  describeWritesDeniedToEveryone(env, '%s writes nothing', (actor) => {
    const uid = actor === 'admin' ? uids.admin : uids.owner;
    return { newPath: `book_reviews/book-2__${uid}`, existingPath: OWN, data: review(uid, 'book-2') };
  });
});
