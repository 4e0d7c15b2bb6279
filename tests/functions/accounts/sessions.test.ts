// Powers follow the member's current record and sessions end everywhere, on the
// emulators: each test performs the attack with a token issued BEFORE the change
// (which still carries its claims and has not expired) against callables and
// against a direct Firestore write through the rules.
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_ENDED_MESSAGE, SESSION_STAMP_FIELD } from '../../../src/domain/shared/caller-standing';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { directWrite } from '../helpers/direct-write';
import { bookData } from '../helpers/factories';
import { callFunction, signInForIdToken } from '../helpers/callable';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

/** Firebase keeps sign-in times in whole seconds: let a sign-in's second pass before the cut. */
const nextSecond = () => new Promise((done) => setTimeout(done, 1100));

const saveBook = (idToken: string, data: Record<string, unknown>) =>
  callFunction<{ id: string }>('saveBook', data, { idToken });

beforeEach(async () => {
  await clearFirestore();
});

describe('sign out everywhere', () => {
  it("ends the other browsers' sessions for callables and for direct Firestore writes", async () => {
    const member = await makeMember();
    const [bookId] = [(await db.collection('books').add(bookData(member.uid, { title: 'Before' }))).id];
    const otherBrowser = member.idToken;
    // Before: the other browser writes both ways.
    expect(
      await directWrite(otherBrowser, `profiles/${member.uid}`, { about_me: 'from the other browser' }),
    ).toBe(200);
    expect((await saveBook(otherBrowser, { bookId, book: { title: 'Still mine' } })).error).toBeUndefined();

    await nextSecond();
    const thisBrowser = await signInForIdToken(member.email, 'secret-pass');
    await nextSecond();
    expect((await callFunction('signOutEverywhere', null, { idToken: thisBrowser })).status).toBe(200);
    // The stamp is on the record when the call answers.
    expect((await db.doc(`profiles/${member.uid}`).get()).get(SESSION_STAMP_FIELD)).toBeDefined();

    for (const idToken of [otherBrowser, thisBrowser]) {
      const save = await saveBook(idToken, { bookId, book: { title: 'After the cut' } });
      expect(save.error).toEqual({ status: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
      expect(await directWrite(idToken, `profiles/${member.uid}`, { about_me: 'after the cut' })).toBe(403);
      expect(
        (await callFunction('saveProfile', { userId: member.uid, profile: { about_me: 'x' } }, { idToken }))
          .error?.status,
      ).toBe('UNAUTHENTICATED');
    }
    expect((await db.doc(`books/${bookId}`).get()).get('title')).toBe('Still mine');
    expect((await db.doc(`profiles/${member.uid}`).get()).get('about_me')).toBe('from the other browser');

    // Signing in again gives a working session.
    const fresh = await signInForIdToken(member.email, 'secret-pass');
    expect((await saveBook(fresh, { bookId, book: { title: 'Signed in again' } })).error).toBeUndefined();
    expect(await directWrite(fresh, `profiles/${member.uid}`, { about_me: 'signed in again' })).toBe(200);
    // About twenty calls, some to cold function workers: more than the default 30 s on a loaded machine.
  }, 90_000);
});

describe('a demoted admin', () => {
  it('loses every admin power at the first request after the demotion, although the token keeps the claim', async () => {
    const boss = await makeMember({ admin: true });
    const demoted = await makeMember({ admin: true });
    const oldToken = demoted.idToken;
    expect((await callFunction('newsletterAudience', null, { idToken: oldToken })).status).toBe(200);

    await nextSecond();
    const demotion = await callAs('adminUserManagement', boss, {
      action: 'update-user',
      userId: demoted.uid,
      fields: {
        display_name: `Author ${demoted.uid}`,
        role: 'User',
        category: 'Book Author',
        is_active: true,
        approval_status: 'approved',
      },
    });
    expect(demotion.error).toBeUndefined();

    const attempts: [string, unknown][] = [
      ['adminUserManagement', { action: 'set-active', userId: boss.uid, is_active: false }],
      ['adminSiteSettings', { action: 'save-global-title', title: 'Owned' }],
      ['adminFeatured', { action: 'list' }],
      ['adminContent', { action: 'preview-legal', content: '# hi' }],
      ['newsletterAudience', null],
      ['sendNewsletter', { newsletterId: 'n1', group: 'all' }],
      ['requestPublish', null],
      ['saveProfile', { userId: boss.uid, profile: { about_me: 'defaced' } }],
      ['deleteAccount', { userId: boss.uid }],
      ['exportMemberData', { userId: boss.uid }],
    ];
    for (const [name, data] of attempts) {
      const answer = await callFunction(name, data, { idToken: oldToken });
      expect(answer.status, `${name} accepted a demoted admin's token`).not.toBe(200);
      // The demotion ended the member's sessions: the guard refuses before the request is even read.
      expect(answer.error, name).toEqual({ status: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
    }
    // The direct write an admin could make.
    expect(await directWrite(oldToken, `profiles/${boss.uid}`, { about_me: 'defaced' })).toBe(403);
    expect((await db.doc(`profiles/${boss.uid}`).get()).get('is_active')).toBe(true);
  });
});

describe('the guard reads the record, not the token', () => {
  it('refuses the admin claim of a member whose profile no longer says Admin, even without a session stamp', async () => {
    const admin = await makeMember({ admin: true });
    expect((await callFunction('newsletterAudience', null, { idToken: admin.idToken })).status).toBe(200);
    // The record changes under the token (any writer: the functions, a console edit).
    await db.doc(`profiles/${admin.uid}`).update({ role: 'User' });
    const answer = await callFunction('newsletterAudience', null, { idToken: admin.idToken });
    expect(answer.error?.status).toBe('PERMISSION_DENIED');
    await db.doc(`profiles/${admin.uid}`).update({ role: 'Admin', is_active: false });
    expect((await callFunction('requestPublish', null, { idToken: admin.idToken })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('a deactivated member', () => {
  it('cannot write with the token they held when they were deactivated', async () => {
    const boss = await makeMember({ admin: true });
    const member: Member = await makeMember();
    const bookId = (await db.collection('books').add(bookData(member.uid, { title: 'Kept' }))).id;
    await nextSecond();
    expect(
      (
        await callAs('adminUserManagement', boss, {
          action: 'set-active',
          userId: member.uid,
          is_active: false,
        })
      ).error,
    ).toBeUndefined();

    expect(
      (await saveBook(member.idToken, { bookId, book: { title: 'Changed anyway' } })).error?.status,
    ).toBe('UNAUTHENTICATED');
    expect(await directWrite(member.idToken, `profiles/${member.uid}`, { about_me: 'changed anyway' })).toBe(
      403,
    );
    expect((await db.doc(`books/${bookId}`).get()).get('title')).toBe('Kept');
  });
});
