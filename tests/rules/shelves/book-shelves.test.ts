import { serverTimestamp, Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  expectAllowed,
  expectDenied,
  listAll,
  listWhere,
  nonAdmins,
  nonOwners,
  readDoc,
  removeDoc,
  seed,
  uids,
  writeDoc,
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
/** A member's entries, as their own shelves page asks for them. */
const shelvesOf = (uid: string) => ({ user_id: uid });
/** A member's entries of public books, as everyone else must ask for them. */
const publicShelvesOf = (uid: string) => ({ user_id: uid, book_public: true });

const env = useSeededRulesEnv('book-shelves', () => docs);

describe('book_shelves', () => {
  it(`${actorLabel.owner} reads and lists their own entries, private or not`, async () => {
    await seed(env(), { [`shelf_settings/${uids.owner}`]: { private: true, updated_at: at } });
    const db = dbAs(env(), 'owner');
    expect((await expectAllowed(readDoc(db, OWN))).get('shelf')).toBe('reading');
    const mine = await expectAllowed(listWhere(db, 'book_shelves', shelvesOf(uids.owner)));
    expect(mine.docs.map((d) => d.id)).toEqual([`book-1__${uids.owner}`, `book-9__${uids.owner}`]);
    expect((await expectAllowed(readDoc(db, HIDDEN_BOOK))).get('book_public')).toBe(false);
  });

  describeEachActor(nonOwners, '%s', (actor) => {
    it("reads a public member's shown shelves by a query naming the member", async () => {
      const db = dbAs(env(), actor);
      await expectAllowed(readDoc(db, OWN));
      const listed = await expectAllowed(listWhere(db, 'book_shelves', publicShelvesOf(uids.owner)));
      expect(listed.docs.map((d) => d.id)).toEqual([`book-1__${uids.owner}`]);
    });
    it('cannot read an entry of a book that is not public, nor list without asking for public books', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(readDoc(db, HIDDEN_BOOK));
      await expectDenied(listWhere(db, 'book_shelves', shelvesOf(uids.owner)));
    });
    it('cannot read private shelves, shelves of a member who is not public, nor list every shelf', async () => {
      const db = dbAs(env(), actor);
      if (actor !== 'other') {
        await expectDenied(readDoc(db, OTHERS));
        await expectDenied(listWhere(db, 'book_shelves', publicShelvesOf(uids.other)));
      }
      if (actor !== 'inactive') await expectDenied(readDoc(db, INACTIVE));
      await expectDenied(listAll(db, 'book_shelves'));
    });
  });

  it("a member's shelves become unreadable to others once made private", async () => {
    await seed(env(), { [`shelf_settings/${uids.owner}`]: { private: true, updated_at: at } });
    await expectDenied(readDoc(dbAs(env(), 'anonymous'), OWN));
    await expectDenied(readDoc(dbAs(env(), 'other'), OWN));
  });

  it('an admin reads any entry, private ones included, and lists them', async () => {
    const db = dbAs(env(), 'admin');
    await expectAllowed(readDoc(db, OTHERS));
    await expectAllowed(readDoc(db, HIDDEN_BOOK));
    expect((await expectAllowed(listAll(db, 'book_shelves'))).size).toBe(4);
  });

  describeWritesDeniedToEveryone(env, '%s writes nothing', (actor) => {
    const uid = actor === 'admin' ? uids.admin : uids.owner;
    return { newPath: `book_shelves/book-2__${uid}`, existingPath: OWN, data: entry(uid, 'book-2') };
  });
});

describe('shelf_settings', () => {
  const settingsOf = (uid: string) => `shelf_settings/${uid}`;

  it(`${actorLabel.owner} reads, creates and changes their own choice`, async () => {
    const db = dbAs(env(), 'owner');
    const own = settingsOf(uids.owner);
    expect((await expectAllowed(readDoc(db, own))).exists()).toBe(false);
    await expectAllowed(writeDoc(db, own, { private: true, updated_at: serverTimestamp() }));
    await expectAllowed(writeDoc(db, own, { private: false, updated_at: serverTimestamp() }));
    await expectDenied(removeDoc(db, own));
  });

  it('refuses other fields, a missing field, a non-boolean and a client time', async () => {
    const db = dbAs(env(), 'owner');
    const own = settingsOf(uids.owner);
    await expectDenied(writeDoc(db, own, { private: true, updated_at: serverTimestamp(), shelf: 'read' }));
    await expectDenied(writeDoc(db, own, { private: true }));
    await expectDenied(writeDoc(db, own, { private: 'yes', updated_at: serverTimestamp() }));
    await expectDenied(writeDoc(db, own, { private: true, updated_at: new Date('2020-01-01') }));
  });

  for (const actor of ['pending', 'denied', 'inactive'] as const) {
    it(`${actorLabel[actor]} cannot set their own`, async () => {
      await expectDenied(
        writeDoc(dbAs(env(), actor), settingsOf(uids[actor]), {
          private: true,
          updated_at: serverTimestamp(),
        }),
      );
    });
  }

  for (const actor of nonAdmins.filter((a) => a !== 'other')) {
    it(`${actorLabel[actor]} cannot read or change another member's choice`, async () => {
      const db = dbAs(env(), actor);
      const theirs = settingsOf(uids.other);
      await expectDenied(readDoc(db, theirs));
      await expectDenied(writeDoc(db, theirs, { private: false, updated_at: serverTimestamp() }));
    });
  }

  it('an admin reads a choice but does not change it', async () => {
    const db = dbAs(env(), 'admin');
    const theirs = settingsOf(uids.other);
    expect((await expectAllowed(readDoc(db, theirs))).get('private')).toBe(true);
    await expectDenied(writeDoc(db, theirs, { private: false, updated_at: serverTimestamp() }));
  });
});
