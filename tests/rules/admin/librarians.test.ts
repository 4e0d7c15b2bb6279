import { Timestamp } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  everyone,
  expectAllowed,
  expectDenied,
  listAll,
  readDoc,
  uids,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeWritesDeniedToEveryone } from '../helpers/rules-env';

// librarians/{uid} (src/domain/admin/catalogue-curation.ts): a member an admin made a
// librarian, written only by adminLibrarians (Admin SDK). The librarian reads their own
// document (the book page's tools ask); nobody else reads one, nobody lists them, and
// no client writes one: a member cannot make themselves a librarian, an admin goes
// through the function (audited).
const granted = { granted_by: uids.admin, granted_at: Timestamp.fromDate(new Date('2026-12-01T10:00:00Z')) };
const docs = { [`librarians/${uids.owner}`]: granted };

const env = useSeededRulesEnv('librarians', () => docs);

describe('librarians', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      if (actor === 'owner')
        it('get of their own is allowed', async () => {
          await expectAllowed(readDoc(dbAs(env(), actor), `librarians/${uids.owner}`));
        });
      else
        it('get of another member’s is denied', async () => {
          await expectDenied(readDoc(dbAs(env(), actor), `librarians/${uids.owner}`));
        });
      it('list is denied', async () => {
        await expectDenied(listAll(dbAs(env(), actor), 'librarians'));
      });
    });
  }
});

describeWritesDeniedToEveryone(env, 'librarians writes: %s', (actor) => ({
  // Each actor tries to make themselves a librarian, and to change or remove the seeded one.
  newPath: `librarians/${actor === 'anonymous' ? 'nobody' : uids[actor]}`,
  existingPath: `librarians/${uids.owner}`,
  data: { granted_by: uids.admin, granted_at: new Date() },
}));
