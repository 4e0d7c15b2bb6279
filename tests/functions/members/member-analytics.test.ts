// The memberAnalytics callable on the emulators: a member reads their own
// figures only (another member's uid is refused unless the caller is an admin,
// as /account?userId= is), over the window their plan gives: the last 7 days
// in totals on Free, 90 days per day on Premium.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  viewPatch,
  clickPatch,
  windowDays,
  type MemberAnalytics,
} from '../../../src/domain/members/member-stats';
import { mergePatches } from '../../../src/domain/shared/patch';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

/** Stores `views` visits to the member's profile and one click on their book on each of `days`. */
async function seedDays(member: Member, days: string[], views: number) {
  for (const day of days) {
    let patch = viewPatch(day, 'profiles', member.uid, 'Me');
    for (let i = 1; i < views; i++) patch = mergePatches(patch, viewPatch(day, 'profiles', member.uid, 'Me'));
    patch = mergePatches(patch, clickPatch(day, 'book-1', 'My book', 0, 'eBook'));
    await db.doc(`member_stats/${member.uid}/days/${day}`).set(patch);
  }
}

const analytics = (caller: Member | undefined, data: unknown = {}) =>
  callAs<MemberAnalytics>('memberAnalytics', caller, data);

async function makePremium(member: Member) {
  await db.doc(`profiles/${member.uid}/private/billing`).set({
    customer_id: null,
    subscription: null,
    trial_used: false,
    grant: { by: 'admin-uid', at: Date.now() },
  });
}

beforeEach(async () => {
  await clearFirestore();
});

describe('memberAnalytics', () => {
  it('gives a free member the last 7 days in totals, and nothing older', async () => {
    const member = await makeMember();
    const ninety = windowDays(Date.now(), 90);
    // Two days inside the week, one just before it.
    await seedDays(member, [ninety[82]!, ninety[83]!, ninety[89]!], 2);
    const { result, error } = await analytics(member);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ plan: 'free', from: ninety[83], to: ninety[89], views: 4, clicks: 2 });
    expect(result!.daily).toEqual([]);
    expect(result!.days).toEqual([]);
    expect(result!.items.map((item) => [item.key, item.views, item.clicks])).toEqual([
      [`profile_${member.uid}`, 4, 0],
      ['book_book-1', 0, 2],
    ]);
  });

  it('gives a Premium member 90 days per day', async () => {
    const member = await makeMember();
    await makePremium(member);
    const ninety = windowDays(Date.now(), 90);
    await seedDays(member, [ninety[0]!, ninety[45]!, ninety[89]!], 3);
    // A day older than 90 is not read.
    await db
      .doc(`member_stats/${member.uid}/days/${windowDays(Date.now(), 91)[0]}`)
      .set(viewPatch(windowDays(Date.now(), 91)[0]!, 'profiles', member.uid, 'Me'));
    const { result } = await analytics(member);
    expect(result).toMatchObject({ plan: 'premium', from: ninety[0], to: ninety[89], views: 9, clicks: 3 });
    expect(result!.daily).toHaveLength(90);
    expect(result!.daily[45]).toEqual({ day: ninety[45], views: 3, clicks: 1, follows: 0, unfollows: 0 });
    expect(result!.days.map((day) => day.day)).toEqual([ninety[0], ninety[45], ninety[89]]);
  });

  it("refuses a member reading another member's analytics, and signed-out callers", async () => {
    const owner = await makeMember();
    const other = await makeMember();
    await seedDays(owner, windowDays(Date.now(), 1), 5);
    const refused = await analytics(other, { userId: owner.uid });
    expect(refused.error?.status).toBe('PERMISSION_DENIED');
    expect(refused.result).toBeUndefined();
    // The other member's own figures are theirs only: none of the owner's.
    expect((await analytics(other)).result).toMatchObject({ views: 0, clicks: 0, items: [] });
    expect((await analytics(undefined)).error?.status).toBe('UNAUTHENTICATED');
  });

  it("lets an admin read a member's analytics, as /account?userId= shows them", async () => {
    const owner = await makeMember();
    const admin = await makeMember({ admin: true });
    await seedDays(owner, windowDays(Date.now(), 1), 5);
    expect((await analytics(admin, { userId: owner.uid })).result).toMatchObject({ views: 5, clicks: 1 });
  });
});
