// author_updates by actor × operation: anyone reads an update that is not hidden
// by moderation while its author is public; the author and admins read their
// hidden ones and list theirs; nobody else lists them; no client writes one
// (postAuthorUpdate, deleteAuthorUpdate and adminModeration do).
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
  updateDoc,
  where,
  type DocumentData,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  expectAllowed,
  expectDenied,
  uids,
  type Actor,
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

const updateAs = (actor: Actor, id: string) => doc(dbAs(env(), actor), 'author_updates', id);

describe('author_updates reads', () => {
  describeEachActor(['anonymous', 'pending', 'other'] as const, '%s', (actor) => {
    it('reads a shown update of a public author', async () => {
      await expectAllowed(getDoc(updateAs(actor, 'shown')));
    });
    it('cannot read an update hidden by moderation, nor one of an author who is not public', async () => {
      await expectDenied(getDoc(updateAs(actor, 'hidden')));
      await expectDenied(getDoc(updateAs(actor, 'of-hidden-author')));
    });
    it('cannot list an author’s updates', async () => {
      await expectDenied(
        getDocs(query(collection(dbAs(env(), actor), 'author_updates'), where('user_id', '==', uids.owner))),
      );
    });
  });
  it('the author reads and lists their own, hidden ones too; an admin reads and lists any', async () => {
    await expectAllowed(getDoc(updateAs('owner', 'hidden')));
    await expectAllowed(
      getDocs(query(collection(dbAs(env(), 'owner'), 'author_updates'), where('user_id', '==', uids.owner))),
    );
    await expectAllowed(getDoc(updateAs('admin', 'hidden')));
    await expectAllowed(getDoc(updateAs('admin', 'of-hidden-author')));
    await expectAllowed(
      getDocs(query(collection(dbAs(env(), 'admin'), 'author_updates'), where('user_id', '==', uids.owner))),
    );
  });
});

describe('author_updates writes: none from any client', () => {
  for (const actor of ['owner', 'other', 'admin', 'pending', 'anonymous'] as const) {
    it(`${actorLabel[actor]} cannot post, edit, unhide or delete an update`, async () => {
      const uid = actor === 'anonymous' ? uids.owner : uids[actor];
      await expectDenied(
        setDoc(updateAs(actor, 'new-update'), { ...update(uid), created_at: serverTimestamp() }),
      );
      await expectDenied(updateDoc(updateAs(actor, 'shown'), { title: 'Edited directly' }));
      await expectDenied(updateDoc(updateAs(actor, 'hidden'), { moderation_hidden: false }));
      await expectDenied(deleteDoc(updateAs(actor, 'shown')));
    });
  }
});
