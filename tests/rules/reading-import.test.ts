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

// Imports of a reading history (src/domain/readers/reading-import.ts).
// reading_imports/{id} and unmatched_reads/{uid}__{key}: the member (the 'owner'
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
const OWN_IMPORT = 'reading_imports/imp-own';
const OWN_UNMATCHED = `unmatched_reads/${uids.owner}__k1`;
const CHUNK = 'reading_imports/imp-own/chunks/0000';
const docs = {
  [OWN_IMPORT]: anImport(uids.owner),
  'reading_imports/imp-other': anImport(uids.other),
  [CHUNK]: { rows: [], done: false },
  [OWN_UNMATCHED]: unmatched(uids.owner),
  [`unmatched_reads/${uids.other}__k1`]: unmatched(uids.other),
};

const env = useSeededRulesEnv('reading-import', () => docs);

for (const [name, own, mine] of [
  ['reading_imports', OWN_IMPORT, 'imp-own'],
  ['unmatched_reads', OWN_UNMATCHED, `${uids.owner}__k1`],
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
        data: name === 'reading_imports' ? anImport(uid) : unmatched(uid),
      };
    });
  });
}

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
