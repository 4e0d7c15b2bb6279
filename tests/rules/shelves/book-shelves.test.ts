import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  expectAllowed,
  expectDenied,
  nonAdmins,
  nonOwners,
  seed,
  uids,
} from '../helpers/rules-env';
import { actorProfiles, useSeededRulesEnv } from '../helpers/seeded-env';

// book_shelves/{bookId}__{uid}: the member (the 'owner' actor) and admins read
// their entries; anyone reads a member's entries of public books (book_public) by
// a query naming user_id and book_public while the member shows their shelves and
// is public; nobody writes them from a client
// (setShelf does). shelf_settings/{uid}: the member in good standing reads and
// sets their own { private, updated_at = now }; admins read it.
const at = Timestamp.fromDate(new Date('2026-01-05T10:00:00Z'));
const entry = (user: string, book: string) => ({
  book_id: book,
  book_title: 'Tides',
  user_id: user,
  shelf: 'reading',
  book_public: true,
  updated_at: at,
});
const OWN = `book_shelves/book-1__${uids.owner}`;
const OTHERS = `book_shelves/book-1__${uids.other}`;
const INACTIVE = `book_shelves/book-1__${uids.inactive}`;
/** The owner's entry of a book that is no longer public. */
const HIDDEN_BOOK = `book_shelves/book-9__${uids.owner}`;
const docs = {
  ...actorProfiles('owner', 'other', 'pending', 'denied', 'inactive'),
  [OWN]: entry(uids.owner, 'book-1'),
  [OTHERS]: entry(uids.other, 'book-1'),
  [INACTIVE]: entry(uids.inactive, 'book-1'),
  [HIDDEN_BOOK]: { ...entry(uids.owner, 'book-9'), book_public: false },
  // bob keeps his shelves private.
  [`shelf_settings/${uids.other}`]: { private: true, updated_at: at },
};
const shelvesOf = (uid: string) => where('user_id', '==', uid);
const ofPublicBooks = where('book_public', '==', true);

const env = useSeededRulesEnv('book-shelves', () => docs);

describe('book_shelves', () => {
  it(`${actorLabel.owner} reads and lists their own entries, private or not`, async () => {
    await seed(env(), { [`shelf_settings/${uids.owner}`]: { private: true, updated_at: at } });
    const db = dbAs(env(), 'owner');
    expect((await expectAllowed(getDoc(doc(db, OWN)))).get('shelf')).toBe('reading');
    const mine = await expectAllowed(getDocs(query(collection(db, 'book_shelves'), shelvesOf(uids.owner))));
    expect(mine.docs.map((d) => d.id)).toEqual([`book-1__${uids.owner}`, `book-9__${uids.owner}`]);
    expect((await expectAllowed(getDoc(doc(db, HIDDEN_BOOK)))).get('book_public')).toBe(false);
  });

  describeEachActor(nonOwners, '%s', (actor) => {
    it("reads a public member's shown shelves by a query naming the member", async () => {
      const db = dbAs(env(), actor);
      await expectAllowed(getDoc(doc(db, OWN)));
      const listed = await expectAllowed(
        getDocs(query(collection(db, 'book_shelves'), shelvesOf(uids.owner), ofPublicBooks)),
      );
      expect(listed.docs.map((d) => d.id)).toEqual([`book-1__${uids.owner}`]);
    });
    it('cannot read an entry of a book that is not public, nor list without asking for public books', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(getDoc(doc(db, HIDDEN_BOOK)));
      await expectDenied(getDocs(query(collection(db, 'book_shelves'), shelvesOf(uids.owner))));
    });
    it('cannot read private shelves, shelves of a member who is not public, nor list every shelf', async () => {
      const db = dbAs(env(), actor);
      if (actor !== 'other') {
        await expectDenied(getDoc(doc(db, OTHERS)));
        await expectDenied(
          getDocs(query(collection(db, 'book_shelves'), shelvesOf(uids.other), ofPublicBooks)),
        );
      }
      if (actor !== 'inactive') await expectDenied(getDoc(doc(db, INACTIVE)));
      await expectDenied(getDocs(collection(db, 'book_shelves')));
    });
  });

  it("a member's shelves become unreadable to others once made private", async () => {
    await seed(env(), { [`shelf_settings/${uids.owner}`]: { private: true, updated_at: at } });
    await expectDenied(getDoc(doc(dbAs(env(), 'anonymous'), OWN)));
    await expectDenied(getDoc(doc(dbAs(env(), 'other'), OWN)));
  });

  it('an admin reads any entry, private ones included, and lists them', async () => {
    const db = dbAs(env(), 'admin');
    await expectAllowed(getDoc(doc(db, OTHERS)));
    await expectAllowed(getDoc(doc(db, HIDDEN_BOOK)));
    expect((await expectAllowed(getDocs(collection(db, 'book_shelves')))).size).toBe(4);
  });

  describeWritesDeniedToEveryone(env, '%s writes nothing', (actor) => {
    const uid = actor === 'admin' ? uids.admin : uids.owner;
    return { newPath: `book_shelves/book-2__${uid}`, existingPath: OWN, data: entry(uid, 'book-2') };
  });
});

describe('shelf_settings', () => {
  it(`${actorLabel.owner} reads, creates and changes their own choice`, async () => {
    const db = dbAs(env(), 'owner');
    const own = doc(db, 'shelf_settings', uids.owner);
    expect((await expectAllowed(getDoc(own))).exists()).toBe(false);
    await expectAllowed(setDoc(own, { private: true, updated_at: serverTimestamp() }));
    await expectAllowed(setDoc(own, { private: false, updated_at: serverTimestamp() }));
    await expectDenied(deleteDoc(own));
  });

  it('refuses other fields, a missing field, a non-boolean and a client time', async () => {
    const own = doc(dbAs(env(), 'owner'), 'shelf_settings', uids.owner);
    await expectDenied(setDoc(own, { private: true, updated_at: serverTimestamp(), shelf: 'read' }));
    await expectDenied(setDoc(own, { private: true }));
    await expectDenied(setDoc(own, { private: 'yes', updated_at: serverTimestamp() }));
    await expectDenied(setDoc(own, { private: true, updated_at: new Date('2020-01-01') }));
  });

  for (const actor of ['pending', 'denied', 'inactive'] as const) {
    it(`${actorLabel[actor]} cannot set their own`, async () => {
      await expectDenied(
        setDoc(doc(dbAs(env(), actor), 'shelf_settings', uids[actor]), {
          private: true,
          updated_at: serverTimestamp(),
        }),
      );
    });
  }

  for (const actor of nonAdmins.filter((a) => a !== 'other')) {
    it(`${actorLabel[actor]} cannot read or change another member's choice`, async () => {
      const theirs = doc(dbAs(env(), actor), 'shelf_settings', uids.other);
      await expectDenied(getDoc(theirs));
      await expectDenied(setDoc(theirs, { private: false, updated_at: serverTimestamp() }));
    });
  }

  it('an admin reads a choice but does not change it', async () => {
    const theirs = doc(dbAs(env(), 'admin'), 'shelf_settings', uids.other);
    expect((await expectAllowed(getDoc(theirs))).get('private')).toBe(true);
    await expectDenied(setDoc(theirs, { private: false, updated_at: serverTimestamp() }));
  });
});
