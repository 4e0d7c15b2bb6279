// ensureProfile on the emulators: an account without a profile gets sign-up's
// starting profile; one with a profile gets it back untouched.
import { beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { wantedFields } from '../../../functions/src/members/profile-directory-fields';
import { sameDirectoryFields } from '../../../src/domain/accounts/directory';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { callAs, makeMember } from '../helpers/profile-members';

const db = adminDb();
type Answer = { page_slug: string; created: boolean };

beforeEach(async () => {
  await clearFirestore();
});

describe('ensureProfile', () => {
  it('creates the starting profile sign-up would have created, pending approval', async () => {
    const member = await makeMember({ profile: null });
    const answer = await callAs<Answer>('ensureProfile', member, null);

    expect(answer.error).toBeUndefined();
    const slug = member.uid.toLowerCase().replace('m-', 'author-m-');
    expect(answer.result).toEqual({ page_slug: slug, created: true });
    const stored = (await db.doc(`profiles/${member.uid}`).get()).data() ?? {};
    expect(stored).toMatchObject({
      user_id: member.uid,
      display_name: `Author ${member.uid}`,
      role: 'User',
      category: 'Book Author',
      page_slug: slug,
      approval_status: 'pending',
      subscription_status: 'free',
      is_active: true,
      created_at: expect.any(Timestamp),
    });
    expect((await db.doc(`page_slugs/${slug}`).get()).get('uid')).toBe(member.uid);
  });

  it('returns an existing profile unchanged', async () => {
    // With its directory fields already derived, so no trigger writes to it meanwhile.
    const profile = { page_slug: 'kept-slug', about_me: 'Hello' };
    const member = await makeMember({ profile });
    await db
      .doc(`profiles/${member.uid}`)
      .update(wantedFields((await db.doc(`profiles/${member.uid}`).get()).data()!));
    await eventually(
      async () => (await db.doc(`profiles/${member.uid}`).get()).data()!,
      (data) => sameDirectoryFields(data, wantedFields(data)),
    );
    const before = (await db.doc(`profiles/${member.uid}`).get()).data();
    const answer = await callAs<Answer>('ensureProfile', member, null);

    expect(answer.result).toEqual({ page_slug: 'kept-slug', created: false });
    expect((await db.doc(`profiles/${member.uid}`).get()).data()).toEqual(before);
  });

  it('creates one profile when called twice at once', async () => {
    const member = await makeMember({ profile: null });
    const answers = await Promise.all([1, 2].map(() => callAs<Answer>('ensureProfile', member, null)));
    expect(answers.map((a) => a.result?.created).sort()).toEqual([false, true]);
    expect(new Set(answers.map((a) => a.result?.page_slug)).size).toBe(1);
    expect((await db.collection('page_slugs').where('uid', '==', member.uid).get()).size).toBe(1);
  });

  it('refuses a signed-out caller and an account being deleted', async () => {
    expect((await callAs('ensureProfile', undefined, null)).error?.status).toBe('UNAUTHENTICATED');
    const member = await makeMember({ profile: null });
    await db.doc(`account_deletions/${member.uid}`).set({
      uid: member.uid,
      requested_by: member.uid,
      requested_at: Timestamp.now(),
      steps_done: [],
      completed_at: null,
    });
    const answer = await callAs('ensureProfile', member, null);
    expect(answer.error?.status).toBe('FAILED_PRECONDITION');
    expect((await db.doc(`profiles/${member.uid}`).get()).exists).toBe(false);
  });
});
