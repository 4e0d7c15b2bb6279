// author_updates by actor × operation: anyone reads an update that is not hidden
// by moderation while its author is public; the author and admins read their
// hidden ones and list theirs; nobody else lists them; no client writes one
// (postAuthorUpdate, deleteAuthorUpdate and adminModeration do).
import { serverTimestamp, Timestamp, type DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  expectAllowed,
  expectDenied,
  listWhere,
  patchDoc,
  readDoc,
  removeDoc,
  uids,
  writeDoc,
} from '../helpers/rules-env';
import { actorProfiles, useSeededRulesEnv } from '../helpers/seeded-env';

function update(uid: string, overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uid,
    title: 'The sequel is written',
    body: 'Off to my editor this week.',
    book: null,
    moderation_hidden: false,
    created_at: Timestamp.fromDate(new Date('2026-11-20T09:00:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('author-updates', () => ({
  ...actorProfiles('owner', 'other', 'inactive'),
  'author_updates/shown': update(uids.owner),
  'author_updates/hidden': update(uids.owner, { moderation_hidden: true }),
  'author_updates/of-hidden-author': update(uids.inactive),
}));

const updateOf = (id: string) => `author_updates/${id}`;
const authorsUpdates = { user_id: uids.owner };

describe('author_updates reads', () => {
  describeEachActor(['anonymous', 'pending', 'other'] as const, '%s', (actor) => {
    it('reads a shown update of a public author', async () => {
      await expectAllowed(readDoc(dbAs(env(), actor), updateOf('shown')));
    });
    it('cannot read an update hidden by moderation, nor one of an author who is not public', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(readDoc(db, updateOf('hidden')));
      await expectDenied(readDoc(db, updateOf('of-hidden-author')));
    });
    it('cannot list an author’s updates', async () => {
      await expectDenied(listWhere(dbAs(env(), actor), 'author_updates', authorsUpdates));
    });
  });
  it('the author reads and lists their own, hidden ones too; an admin reads and lists any', async () => {
    const author = dbAs(env(), 'owner');
    await expectAllowed(readDoc(author, updateOf('hidden')));
    await expectAllowed(listWhere(author, 'author_updates', authorsUpdates));
    const admin = dbAs(env(), 'admin');
    await expectAllowed(readDoc(admin, updateOf('hidden')));
    await expectAllowed(readDoc(admin, updateOf('of-hidden-author')));
    await expectAllowed(listWhere(admin, 'author_updates', authorsUpdates));
  });
});

describe('author_updates writes: none from any client', () => {
  for (const actor of ['owner', 'other', 'admin', 'pending', 'anonymous'] as const) {
    it(`${actorLabel[actor]} cannot post, edit, unhide or delete an update`, async () => {
      const db = dbAs(env(), actor);
      const uid = actor === 'anonymous' ? uids.owner : uids[actor];
      await expectDenied(
        writeDoc(db, updateOf('new-update'), { ...update(uid), created_at: serverTimestamp() }),
      );
      await expectDenied(patchDoc(db, updateOf('shown'), { title: 'Edited directly' }));
      await expectDenied(patchDoc(db, updateOf('hidden'), { moderation_hidden: false }));
      await expectDenied(removeDoc(db, updateOf('shown')));
    });
  }
});
