import { describe, it } from 'vitest';
import { emailFollowId, memberFollowId } from '../../../src/domain/follows/follows';
import {
  dbAs,
  describeEachActor,
  everyone,
  expectAllowed,
  expectDenied,
  listAll,
  listWhere,
  patchDoc,
  readDoc,
  removeDoc,
  uids,
  writeDoc,
  type Actor,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// follows: a member reads only their own follows; nobody reads another's (the
// followed author and admins included), nobody reads an email follower's
// address, and no client writes any follow (updateFollow and the opt-in
// functions do, with the Admin SDK).
const author = uids.other;
const followOf = (actor: Exclude<Actor, 'anonymous'>) => memberFollowId(author, uids[actor]);
/** The path of the follow with id `id`. */
const followAt = (id: string) => `follows/${id}`;
const memberFollow = (uid: string) => ({
  author_uid: author,
  follower: { kind: 'member', uid },
  mode: 'instant',
  created_at: new Date('2026-11-01T00:00:00Z'),
});
const emailFollow = emailFollowId(author, 'a'.repeat(64));
/** Followers with a follow of `author` each (the author does not follow themselves). */
const followers = ['owner', 'pending', 'denied', 'inactive', 'admin'] as const;

/** The alerts' server-only records: no match in the rules, so closed to every client. */
const serverOnly = {
  'book_alerts/book-1': {
    author_uid: author,
    released_at: new Date('2026-11-01T00:00:00Z'),
    kind: 'preorder',
    out_now_due: '2027-03-18',
  },
  'book_alerts/book-1/deliveries/f1': { status: 'sent' },
  'book_alerts/book-1/out_now_batches/0000': { follow_ids: ['f1'], done: false },
  'book_alerts/book-1/out_now_deliveries/f1': { status: 'sent' },
  [`follow_digests/m_${uids.owner}_2026-W48`]: { follow_ids: [followOf('owner')], status: 'sent' },
  // An update's mail to instant followers: the author's own marker is closed to them too.
  'update_mail/update-1': { author_uid: uids.owner, released_at: new Date('2026-12-01T00:00:00Z') },
  'update_mail/update-1/batches/0000': { follow_ids: [followOf('owner')], done: true },
  'update_mail/update-1/deliveries/f1': { status: 'sent' },
};

const env = useSeededRulesEnv('follows', () => ({
  ...Object.fromEntries(followers.map((actor) => [`follows/${followOf(actor)}`, memberFollow(uids[actor])])),
  ...serverOnly,
  [`follows/${emailFollow}`]: {
    author_uid: author,
    follower: { kind: 'email', email: 'reader@example.com' },
    mode: 'weekly',
    created_at: new Date('2026-11-01T00:00:00Z'),
  },
}));

// The query /account makes (src/data/client/follows/follows.ts): both filters, so it can match only the member's own.
const followsOf = (uid: string) => ({ 'follower.kind': 'member', 'follower.uid': uid });

describe('follows', () => {
  describeEachActor(followers, '%s, a follower', (actor) => {
    it('gets their own follow', async () => {
      await expectAllowed(readDoc(dbAs(env(), actor), followAt(followOf(actor))));
    });
    it('lists their own follows', async () => {
      await expectAllowed(listWhere(dbAs(env(), actor), 'follows', followsOf(uids[actor])));
    });
  });

  describeEachActor(everyone, '%s', (actor) => {
    it("gets another member's follow: denied", async () => {
      const other = actor === 'pending' ? 'owner' : 'pending';
      await expectDenied(readDoc(dbAs(env(), actor), followAt(followOf(other))));
    });
    it("gets an email follower's follow: denied", async () => {
      await expectDenied(readDoc(dbAs(env(), actor), followAt(emailFollow)));
    });
    it("lists another member's follows: denied", async () => {
      const other = actor === 'owner' ? 'inactive' : 'owner';
      await expectDenied(listWhere(dbAs(env(), actor), 'follows', followsOf(uids[other])));
    });
    it("lists an author's followers: denied", async () => {
      await expectDenied(listWhere(dbAs(env(), actor), 'follows', { author_uid: author }));
    });
    it('lists every follow: denied', async () => {
      await expectDenied(listAll(dbAs(env(), actor), 'follows'));
    });
    if (actor !== 'anonymous') {
      it('creates their own follow with the exact id and fields: denied (updateFollow writes it)', async () => {
        const db = dbAs(env(), actor);
        const id = memberFollowId(uids.owner === uids[actor] ? uids.admin : uids.owner, uids[actor]);
        await expectDenied(
          writeDoc(db, followAt(id), { ...memberFollow(uids[actor]), author_uid: uids.owner }),
        );
      });
    }
    it("creates a follow in another's name: denied", async () => {
      await expectDenied(
        writeDoc(dbAs(env(), actor), followAt(memberFollowId(uids.owner, uids.denied)), {
          ...memberFollow(uids.denied),
          author_uid: uids.owner,
        }),
      );
    });
    if (actor !== 'anonymous' && actor !== 'other') {
      it('updates the mode of their own follow: denied', async () => {
        await expectDenied(patchDoc(dbAs(env(), actor), followAt(followOf(actor)), { mode: 'weekly' }));
      });
      it('deletes their own follow: denied', async () => {
        await expectDenied(removeDoc(dbAs(env(), actor), followAt(followOf(actor))));
      });
    }
    it("deletes another's follow: denied", async () => {
      await expectDenied(removeDoc(dbAs(env(), actor), followAt(emailFollow)));
    });
  });
});

describeServerOnly('release markers, alert and update deliveries and digest records', env, serverOnly, {
  data: () => ({ status: 'sent' }),
});
