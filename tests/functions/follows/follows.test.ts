// Following an author on the emulators: updateFollow by actor (who may follow
// whom, with the exact id and fields), the follower count the trigger keeps
// exact (email followers included), the early-access switch, the data export
// and account deletion.
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finishDeletion, recordDeletion } from '../../../functions/src/members/delete-account';
import { memberExport } from '../../../functions/src/members/export-data';
import { countFollowChange } from '../../../functions/src/members/follow-counts';
import { unsubscribe } from '../../../functions/src/editorial/unsubscribe';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { localMediaRoot, localMediaStore } from '../../../src/data/server/media/media-store';
import {
  FOLLOW_LIMITS_PER_MEMBER,
  FOLLOW_MESSAGES,
  emailFollowId,
  memberFollowId,
  type FollowResult,
} from '../../../src/domain/follows/follows';
import { FEATURE_UNAVAILABLE_MESSAGE } from '../../../src/domain/billing/early-access';
import type { MemberAnalytics } from '../../../src/domain/members/member-stats';
import { adminDb, afterSentinel, clearFirestore, eventually } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

beforeAll(() => {
  adminDb();
});
beforeEach(async () => {
  await clearFirestore();
});

/** The follower-count triggers' first runs start cold functions: slow on a busy two-core machine. */
const TRIGGER_WAIT = 45_000;

const follow = (member: Member | undefined, authorUid: string, extra: Record<string, unknown> = {}) =>
  callAs<FollowResult>('updateFollow', member, { authorUid, follow: true, ...extra });
const unfollow = (member: Member | undefined, authorUid: string) =>
  callAs<FollowResult>('updateFollow', member, { authorUid, follow: false });
const followerCount = async (uid: string) =>
  (await adminDb().doc(`profiles/${uid}`).get()).get('follower_count') as number | undefined;

describe('updateFollow', () => {
  it('refuses a member who follows too often, and still lets them unfollow', async () => {
    const reader = await makeMember({ profile: { category: 'Book Lover/Marketer' } });
    const author = await makeMember();
    const max = FOLLOW_LIMITS_PER_MEMBER[0]!.max;
    for (let i = 0; i < max; i++) expect((await follow(reader, author.uid)).error).toBeUndefined();
    const refused = await follow(reader, author.uid);
    expect(refused.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.error?.message).toBe(FOLLOW_MESSAGES.throttled);
    expect((await unfollow(reader, author.uid)).result?.following).toBe(false);
  }, 120_000);

  it('a member follows with one click, the follow has the exact id and fields, following again changes nothing, the count is exact', async () => {
    const author = await makeMember();
    const reader = await makeMember({ profile: { category: 'Book Lover/Marketer' } });
    const answer = await follow(reader, author.uid);
    expect(answer.result).toEqual({ following: true, mode: 'instant', followerCount: 1 });
    const stored = await adminDb()
      .doc(`follows/${memberFollowId(author.uid, reader.uid)}`)
      .get();
    expect(Object.keys(stored.data() ?? {}).sort()).toEqual(['author_uid', 'created_at', 'follower', 'mode']);
    expect(stored.get('follower')).toEqual({ kind: 'member', uid: reader.uid });
    expect(stored.get('author_uid')).toBe(author.uid);
    expect(stored.get('created_at')).toBeInstanceOf(Timestamp);

    // An email follower counts too.
    await adminDb()
      .doc(`follows/${emailFollowId(author.uid, 'b'.repeat(64))}`)
      .set({
        author_uid: author.uid,
        follower: { kind: 'email', email: 'reader@example.com' },
        mode: 'instant',
        created_at: Timestamp.now(),
      });
    expect(
      await eventually(
        () => followerCount(author.uid),
        (n) => n === 2,
        TRIGGER_WAIT,
      ),
    ).toBe(2);

    const again = await follow(reader, author.uid);
    expect(again.result).toEqual({ following: true, mode: 'instant', followerCount: 2 });
    expect((await adminDb().doc(stored.ref.path).get()).get('created_at')).toEqual(stored.get('created_at'));

    const weekly = await follow(reader, author.uid, { mode: 'weekly' });
    expect(weekly.result).toEqual({ following: true, mode: 'weekly', followerCount: 2 });

    const off = await unfollow(reader, author.uid);
    expect(off.result).toEqual({ following: false, mode: null, followerCount: 1 });
    expect((await adminDb().doc(stored.ref.path).get()).exists).toBe(false);
    expect(
      await eventually(
        () => followerCount(author.uid),
        (n) => n === 1,
        TRIGGER_WAIT,
      ),
    ).toBe(1);
    // Unfollowing twice is harmless.
    expect((await unfollow(reader, author.uid)).result?.following).toBe(false);
  }, 60_000);

  it('refuses visitors, members not in good standing, oneself, authors who are not public and bad requests', async () => {
    const author = await makeMember();
    const hidden = await makeMember({ profile: { is_active: false } });
    const pendingAuthor = await makeMember({ profile: { approval_status: 'pending' } });
    const member = await makeMember();
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    const inactive = await makeMember({ profile: { is_active: false } });
    const unverified = await makeMember({ verified: false });

    expect((await follow(undefined, author.uid)).error?.status).toBe('UNAUTHENTICATED');
    for (const caller of [pending, inactive, unverified])
      expect((await follow(caller, author.uid)).error?.status).toBe('PERMISSION_DENIED');
    expect((await follow(author, author.uid)).error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'You cannot follow yourself.',
    });
    for (const target of [hidden.uid, pendingAuthor.uid, 'nobody-uid'])
      expect((await follow(member, target)).error?.status).toBe('NOT_FOUND');
    expect((await callAs('updateFollow', member, { authorUid: author.uid })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect(
      (await callAs('updateFollow', member, { authorUid: author.uid, follow: true, mode: 'daily' })).error
        ?.status,
    ).toBe('INVALID_ARGUMENT');
    expect(
      (await callAs('updateFollow', member, { authorUid: author.uid, follow: true, extra: 1 })).error?.status,
    ).toBe('INVALID_ARGUMENT');
    expect((await adminDb().collection('follows').get()).size).toBe(0);
  }, 60_000);

  it('with the follows switch off, nobody follows, and a member may still unfollow', async () => {
    const author = await makeMember();
    const member = await makeMember();
    await follow(member, author.uid);
    await adminDb()
      .doc('site_settings/main')
      .set({ early_access: { follows: 'off' } });
    const other = await makeMember();
    expect((await follow(other, author.uid)).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: FEATURE_UNAVAILABLE_MESSAGE,
    });
    expect((await unfollow(member, author.uid)).result?.following).toBe(false);
  }, 60_000);
});

describe('follower_count', () => {
  it('is recounted on every follow created or deleted, not on a mode change', async () => {
    const author = await makeMember();
    const db = adminDb();
    const ids = ['1', '2', '3'].map((n) => emailFollowId(author.uid, n.repeat(64)));
    await Promise.all(
      ids.map((id, i) =>
        db.doc(`follows/${id}`).set({
          author_uid: author.uid,
          follower: { kind: 'email', email: `r${i}@example.com` },
          mode: 'instant',
          created_at: Timestamp.now(),
        }),
      ),
    );
    expect(
      await eventually(
        () => followerCount(author.uid),
        (n) => n === 3,
        TRIGGER_WAIT,
      ),
    ).toBe(3);
    // A client cannot have set it: the trigger writes what it counts, whatever was there.
    await db.doc(`profiles/${author.uid}`).update({ follower_count: 99 });
    await db.doc(`follows/${ids[0]}`).update({ mode: 'weekly' });
    await afterSentinel(
      () => db.doc(`follows/${ids[1]}`).delete(),
      () => followerCount(author.uid),
      (n) => n === 2,
      TRIGGER_WAIT,
    );
    expect(await followerCount(author.uid)).toBe(2);
  }, 60_000);
});

describe('followers over time', () => {
  /** The author's follows and unfollows summed over their stored analytics days. */
  const followFigures = async (uid: string) => {
    const days = await adminDb().collection(`member_stats/${uid}/days`).get();
    return days.docs.reduce(
      (sum, day) => ({
        follows: sum.follows + ((day.get('follows') as number | undefined) ?? 0),
        unfollows: sum.unfollows + ((day.get('unfollows') as number | undefined) ?? 0),
      }),
      { follows: 0, unfollows: 0 },
    );
  };

  it('a follow and an unfollow each count once in the author’s day, without who, and show in their analytics', async () => {
    const author = await makeMember();
    const reader = await makeMember({ profile: { category: 'Book Lover/Marketer' } });
    expect((await follow(reader, author.uid)).result?.following).toBe(true);
    expect(
      await eventually(
        () => followFigures(author.uid),
        (f) => f.follows === 1,
        TRIGGER_WAIT,
      ),
    ).toEqual({ follows: 1, unfollows: 0 });
    // A mode change is no new follower.
    await follow(reader, author.uid, { mode: 'weekly' });
    expect((await unfollow(reader, author.uid)).result?.following).toBe(false);
    expect(
      await eventually(
        () => followFigures(author.uid),
        (f) => f.unfollows === 1,
        TRIGGER_WAIT,
      ),
    ).toEqual({ follows: 1, unfollows: 1 });

    // The marks that make each event count once hold the change and its day, nobody's id or address.
    const marks = await adminDb().collection(`member_stats/${author.uid}/follow_events`).get();
    expect(marks.docs.map((mark) => mark.get('change')).sort()).toEqual(['follow', 'unfollow']);
    for (const mark of marks.docs)
      expect(Object.keys(mark.data()).sort()).toEqual(['change', 'day', 'expires_at']);

    const { result } = await callAs<MemberAnalytics>('memberAnalytics', author, {});
    expect(result).toMatchObject({ plan: 'free', follows: 1, unfollows: 1 });
    // The reader, who follows nobody now and was followed by nobody, has no such figures.
    expect(await followFigures(reader.uid)).toEqual({ follows: 0, unfollows: 0 });
  }, 90_000);

  it('an event delivered twice counts once, and an author whose profile is gone gets no figures', async () => {
    const author = await makeMember();
    const db = adminDb();
    const at = new Date('2026-11-20T23:59:59Z');
    expect(await countFollowChange(db, author.uid, 'follow', 'event-1', at)).toBe(true);
    expect(await countFollowChange(db, author.uid, 'follow', 'event-1', at)).toBe(false);
    expect(await countFollowChange(db, author.uid, 'follow', 'event-2', at)).toBe(true);
    expect((await db.doc(`member_stats/${author.uid}/days/2026-11-20`).get()).data()).toEqual({
      day: '2026-11-20',
      follows: 2,
    });
    expect(await countFollowChange(db, 'gone-uid', 'unfollow', 'event-3', at)).toBe(false);
    expect((await db.collection('member_stats/gone-uid/days').get()).empty).toBe(true);
  });
});

describe('a member’s data and account deletion', () => {
  it('the export lists the member’s follows, by uid and by their address; deleting the account removes them and the follows of them', async () => {
    const author = await makeMember();
    const member = await makeMember();
    const reader = await makeMember();
    await follow(member, author.uid);
    await follow(reader, member.uid);
    const db = adminDb();
    // A follow the member made as a visitor, by email with their account's address.
    const byEmail = db.doc(`follows/${emailFollowId(reader.uid, 'd'.repeat(64))}`);
    await byEmail.set({
      author_uid: reader.uid,
      follower: { kind: 'email', email: member.email.toLowerCase() },
      mode: 'instant',
      created_at: Timestamp.now(),
    });
    await db.doc(`follows/${emailFollowId(member.uid, 'c'.repeat(64))}`).set({
      author_uid: member.uid,
      follower: { kind: 'email', email: 'fan@example.com' },
      mode: 'weekly',
      created_at: Timestamp.now(),
    });

    const file = await memberExport(db, member.uid);
    expect(file.follows).toHaveLength(2);
    expect(file.follows[0]).toMatchObject({
      id: memberFollowId(author.uid, member.uid),
      author_uid: author.uid,
      mode: 'instant',
    });
    expect(file.follows[1]).toMatchObject({ id: byEmail.id, author_uid: reader.uid });

    await recordDeletion(db, member.uid, member.uid);
    await finishDeletion(db, member.uid, localMediaStore(localMediaRoot()));
    expect((await db.collection('follows').where('author_uid', '==', member.uid).get()).size).toBe(0);
    expect((await db.collection('follows').where('follower.uid', '==', member.uid).get()).size).toBe(0);
    expect((await byEmail.get()).exists).toBe(false);
    expect(
      await eventually(
        () => followerCount(author.uid),
        (n) => n === 0,
        TRIGGER_WAIT,
      ),
    ).toBe(0);
  }, 60_000);

  it('an account whose address is not verified neither sees nor removes what that address follows or subscribes to', async () => {
    const author = await makeMember();
    // Someone signs up with another person's address and never verifies it.
    const squatter = await makeMember({ verified: false });
    const address = squatter.email.toLowerCase();
    const db = adminDb();
    const byEmail = db.doc(`follows/${emailFollowId(author.uid, 'e'.repeat(64))}`);
    await byEmail.set({
      author_uid: author.uid,
      follower: { kind: 'email', email: address },
      mode: 'instant',
      created_at: Timestamp.now(),
    });
    const subscription = db.doc(`newsletter_subscribers/${emailHash(address)}`);
    await subscription.set({ email: address, confirmed_at: Timestamp.now() });

    const file = await memberExport(db, squatter.uid);
    expect(file.follows).toEqual([]);
    expect(file.consents.newsletter).toMatchObject({ visitor_subscription: null });

    // Nor does a member's unsubscribe link end that address's visitor subscription.
    await unsubscribe(db, getAuth(), { kind: 'member', uid: squatter.uid }, Timestamp.now());
    expect((await subscription.get()).exists).toBe(true);

    await recordDeletion(db, squatter.uid, squatter.uid);
    await finishDeletion(db, squatter.uid, localMediaStore(localMediaRoot()));
    expect((await byEmail.get()).exists).toBe(true);
    expect((await subscription.get()).exists).toBe(true);
  }, 60_000);
});
