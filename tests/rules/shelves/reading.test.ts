import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  expectAllowed,
  listWhere,
  nonOwners,
  readDoc,
  uids,
} from '../helpers/rules-env';
import { describeMemberPrivate } from '../helpers/member-private';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// The readers' journal (src/domain/shelves/reading.ts). read_throughs/{id} and
// reading_years/{uid}__{year}: the member (the 'owner' actor) and admins read
// theirs, by a get or a query naming user_id; nobody else reads them (the profile
// shows others what the server renders), and nobody writes them from a client
// (setShelf, updateReading and setReadingGoal do). reading_stats/{year}-{shard}:
// anyone reads; nobody writes from a client.
const at = Timestamp.fromDate(new Date('2026-01-05T10:00:00Z'));
const readThrough = (user: string) => ({
  user_id: user,
  book_id: 'book-1',
  book_title: 'Tides',
  started_at: at,
  finished_at: null,
  progress_page: 40,
  progress_percent: 20,
  updated_at: at,
});
const readingYear = (user: string) => ({ user_id: user, year: 2026, goal: 12, finished: 3, updated_at: at });
const OWN_READ = 'read_throughs/rt-own';
const OTHERS_READ = 'read_throughs/rt-other';
const OWN_YEAR = `reading_years/${uids.owner}__2026`;
const OTHERS_YEAR = `reading_years/${uids.other}__2026`;
const STATS = 'reading_stats/2026-0';
const docs = {
  [OWN_READ]: readThrough(uids.owner),
  [OTHERS_READ]: readThrough(uids.other),
  [OWN_YEAR]: readingYear(uids.owner),
  [OTHERS_YEAR]: readingYear(uids.other),
  [STATS]: { year: 2026, finished: 7 },
};

const env = useSeededRulesEnv('reading', () => docs);

describeMemberPrivate(env, [
  { name: 'read_throughs', own: OWN_READ, ownId: 'rt-own', seeded: 2, data: readThrough },
  { name: 'reading_years', own: OWN_YEAR, ownId: `${uids.owner}__2026`, seeded: 2, data: readingYear },
]);

describe('reading_stats', () => {
  describeEachActor([...nonOwners, 'owner', 'admin'] as const, '%s', (actor) => {
    it("reads a year's shards", async () => {
      const db = dbAs(env(), actor);
      expect((await expectAllowed(readDoc(db, STATS))).get('finished')).toBe(7);
      const year = await expectAllowed(listWhere(db, 'reading_stats', { year: 2026 }));
      expect(year.size).toBe(1);
    });
  });

  describeWritesDeniedToEveryone(env, '%s writes nothing', () => ({
    newPath: 'reading_stats/2026-1',
    existingPath: STATS,
    data: { year: 2026, finished: 1000 },
  }));
});
