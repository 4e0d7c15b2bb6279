// The session-ending paths that used to finish in the browser (a password
// change, a password-reset completion, an email-change confirmation) now run in
// callables that write the session stamp before they answer, on the emulators.
// Each attack is performed as a hostile caller would: an old token from another
// browser, a stale sign-in, a made-up or replayed code, another member's uid.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  REAUTH_REQUIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from '../../../src/domain/accounts/account';
import { SESSION_ENDED_MESSAGE, SESSION_STAMP_FIELD } from '../../../src/domain/shared/caller-standing';
import { ACTION_CODE_LIMITS_PER_IP } from '../../../src/domain/shared/throttle';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData, newEmail } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { callFunction, signInForIdToken } from '../helpers/callable';
import { directWrite } from '../helpers/direct-write';
import { makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const PASSWORD = 'secret-pass';
const mailbox = useMailbox();

/** Firebase keeps sign-in times in whole seconds: let a sign-in's second pass before the cut. */
const nextSecond = () => new Promise((done) => setTimeout(done, 1100));

let ipCounter = 0;
/** A client IP of its own for each use, so the per-client allowance is met only where a test means to. */
function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter}`;
}

/**
 * The same ID token with other claims. The Auth emulator signs nothing (alg
 * "none"), so this is the token a browser would hold had it signed in at
 * another time.
 */
function withClaims(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url')}.`;
}

/** The one-time code of a link the Admin SDK generated. */
const codeOf = (link: string) => new URL(link).searchParams.get('oobCode')!;

const saveBook = (idToken: string, data: Record<string, unknown>) =>
  callFunction<{ id: string }>('saveBook', data, { idToken });
const stampOf = async (uid: string) => (await db.doc(`profiles/${uid}`).get()).get(SESSION_STAMP_FIELD);
const accountRecord = (uid: string) => db.doc(`profiles/${uid}/private/account`).get();

/** Proves that `member`'s token from before the cut no longer writes, through a callable or the rules. */
async function expectOldTokenRefused(member: Member, bookId: string): Promise<void> {
  const save = await saveBook(member.idToken, { bookId, book: { title: 'After the cut' } });
  expect(save.error).toEqual({ status: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
  expect(await directWrite(member.idToken, `profiles/${member.uid}`, { about_me: 'after the cut' })).toBe(
    403,
  );
  expect((await db.doc(`books/${bookId}`).get()).get('title')).toBe('Kept');
}

beforeEach(async () => {
  await clearFirestore();
});

describe('changePassword', () => {
  it('refuses a sign-in older than a few minutes and changes nothing', async () => {
    const member = await makeMember();
    const stale = withClaims(member.idToken, { auth_time: Math.floor(Date.now() / 1000) - 10 * 60 });
    const answer = await callFunction('changePassword', { newPassword: 'a-new-secret' }, { idToken: stale });
    expect(answer.error).toEqual({ status: 'FAILED_PRECONDITION', message: REAUTH_REQUIRED_MESSAGE });
    await expect(signInForIdToken(member.email, PASSWORD)).resolves.toBeTruthy();
    expect(await stampOf(member.uid)).toBeUndefined();
  });

  it('refuses a new password shorter than the sign-up minimum', async () => {
    const member = await makeMember();
    const answer = await callFunction(
      'changePassword',
      { newPassword: 'short' },
      { idToken: member.idToken },
    );
    expect(answer.error).toEqual({ status: 'INVALID_ARGUMENT', message: PASSWORD_TOO_SHORT_MESSAGE });
    await expect(signInForIdToken(member.email, PASSWORD)).resolves.toBeTruthy();
  });

  it("sets the password and ends every session: browser B's saveBook and direct write fail", async () => {
    const member = await makeMember();
    const bookId = (await db.collection('books').add(bookData(member.uid, { title: 'Kept' }))).id;
    // Browser B writes both ways before the change.
    expect(await directWrite(member.idToken, `profiles/${member.uid}`, { about_me: 'from browser B' })).toBe(
      200,
    );
    await nextSecond();
    const browserA = await signInForIdToken(member.email, PASSWORD);
    await nextSecond();

    expect(
      (await callFunction('changePassword', { newPassword: 'a-new-secret' }, { idToken: browserA })).result,
    ).toEqual({ status: 'done' });
    expect(await stampOf(member.uid)).toBeDefined();
    await expectOldTokenRefused(member, bookId);
    // Browser A's own token is from before the cut too: the page signs in again with the new password.
    expect((await saveBook(browserA, { bookId, book: { title: 'Also refused' } })).error?.status).toBe(
      'UNAUTHENTICATED',
    );
    await expect(signInForIdToken(member.email, PASSWORD)).rejects.toThrow();
    const again = await signInForIdToken(member.email, 'a-new-secret');
    expect((await saveBook(again, { bookId, book: { title: 'Signed in again' } })).error).toBeUndefined();
    expect(await directWrite(again, `profiles/${member.uid}`, { about_me: 'signed in again' })).toBe(200);
  });
});

describe('completePasswordReset', () => {
  it('sets the password with the mailed code and ends every session before it answers', async () => {
    const member = await makeMember();
    const bookId = (await db.collection('books').add(bookData(member.uid, { title: 'Kept' }))).id;
    await nextSecond();
    const oobCode = codeOf(await auth.generatePasswordResetLink(member.email));

    const answer = await callFunction(
      'completePasswordReset',
      { oobCode, newPassword: 'reset-secret' },
      { ip: freshIp() },
    );
    expect(answer.result).toEqual({ status: 'done' });
    expect(await stampOf(member.uid)).toBeDefined();
    await expectOldTokenRefused(member, bookId);
    await expect(signInForIdToken(member.email, PASSWORD)).rejects.toThrow();
    await expect(signInForIdToken(member.email, 'reset-secret')).resolves.toBeTruthy();

    // The code works once.
    const replay = await callFunction(
      'completePasswordReset',
      { oobCode, newPassword: 'third-secret' },
      { ip: freshIp() },
    );
    expect(replay.error).toEqual({ status: 'FAILED_PRECONDITION', message: RESET_LINK_INVALID_MESSAGE });
    await expect(signInForIdToken(member.email, 'reset-secret')).resolves.toBeTruthy();
  });

  it('writes nothing for a made-up code, a code of another kind, or a weak password (the code stays usable)', async () => {
    const member = await makeMember({ verified: false });
    const made = await callFunction(
      'completePasswordReset',
      { oobCode: 'made-up-code', newPassword: 'whatever-secret' },
      { ip: freshIp() },
    );
    expect(made.error).toEqual({ status: 'FAILED_PRECONDITION', message: RESET_LINK_INVALID_MESSAGE });
    const verifyCode = codeOf(await auth.generateEmailVerificationLink(member.email));
    const wrongKind = await callFunction(
      'completePasswordReset',
      { oobCode: verifyCode, newPassword: 'whatever-secret' },
      { ip: freshIp() },
    );
    expect(wrongKind.error).toEqual({ status: 'FAILED_PRECONDITION', message: RESET_LINK_INVALID_MESSAGE });

    const oobCode = codeOf(await auth.generatePasswordResetLink(member.email));
    const weak = await callFunction(
      'completePasswordReset',
      { oobCode, newPassword: 'short' },
      { ip: freshIp() },
    );
    expect(weak.error).toEqual({ status: 'INVALID_ARGUMENT', message: PASSWORD_TOO_SHORT_MESSAGE });
    expect(await stampOf(member.uid)).toBeUndefined();
    await expect(signInForIdToken(member.email, PASSWORD)).resolves.toBeTruthy();
    expect(
      (
        await callFunction(
          'completePasswordReset',
          { oobCode, newPassword: 'long-enough' },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(200);
  });

  it('limits the attempts of one client, whatever the codes', async () => {
    const ip = freshIp();
    for (let i = 0; i < ACTION_CODE_LIMITS_PER_IP[0]!.max; i += 1) {
      expect(
        (
          await callFunction(
            'completePasswordReset',
            { oobCode: `guess-${i}`, newPassword: 'whatever-secret' },
            { ip },
          )
        ).error?.status,
      ).toBe('FAILED_PRECONDITION');
    }
    const refused = await callFunction('confirmEmailCode', { oobCode: 'one-more-guess' }, { ip });
    expect(refused.error?.status).toBe('RESOURCE_EXHAUSTED');
  });
});

describe('confirmEmailCode', () => {
  it("cannot be driven by a stranger: a made-up code, another member's uid or a used code write nothing and mail nothing", async () => {
    const victim = await makeMember({ verified: false });
    // Yesterday's door: a uid alone was enough to record a verification date.
    expect(
      (await callFunction('notifyEmailConfirmed', { uid: victim.uid }, { ip: freshIp() })).status,
    ).not.toBe(200);
    for (const data of [
      { oobCode: 'made-up-code' },
      { oobCode: 'made-up-code', uid: victim.uid },
      { uid: victim.uid },
    ]) {
      expect(
        (await callFunction('confirmEmailCode', data, { ip: freshIp() })).status,
        JSON.stringify(data),
      ).not.toBe(200);
    }
    expect((await accountRecord(victim.uid)).exists).toBe(false);

    // The victim confirms with the real code; a stranger who replays it later changes nothing.
    const oobCode = codeOf(await auth.generateEmailVerificationLink(victim.email));
    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).result).toEqual({
      changed: false,
    });
    await accountRecord(victim.uid).then((record) => record.ref.delete());
    const replay = await callFunction('confirmEmailCode', { oobCode, uid: victim.uid }, { ip: freshIp() });
    expect(replay.status).not.toBe(200);
    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: EMAIL_LINK_INVALID_MESSAGE,
    });
    expect((await accountRecord(victim.uid)).exists).toBe(false);
    expect(await stampOf(victim.uid)).toBeUndefined();
    expect(await mailbox.mailsTo(victim.email)).toEqual([]);
  });

  it('refuses a password-reset code without using it up', async () => {
    const member = await makeMember();
    const oobCode = codeOf(await auth.generatePasswordResetLink(member.email));
    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: EMAIL_LINK_INVALID_MESSAGE,
    });
    expect(
      (
        await callFunction(
          'completePasswordReset',
          { oobCode, newPassword: 'still-works' },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(200);
  });

  it('records the date of a first verification without ending the session', async () => {
    const member = await makeMember({ verified: false });
    const oobCode = codeOf(await auth.generateEmailVerificationLink(member.email));
    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).result).toEqual({
      changed: false,
    });
    expect((await auth.getUser(member.uid)).emailVerified).toBe(true);
    const record = await accountRecord(member.uid);
    expect(record.get('email')).toBe(member.email.toLowerCase());
    expect(record.get('email_verified_at').toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(await stampOf(member.uid)).toBeUndefined();
  });

  it('moves the account with a change code, ends every session and tells the old address once', async () => {
    const member = await makeMember();
    const bookId = (await db.collection('books').add(bookData(member.uid, { title: 'Kept' }))).id;
    const target = newEmail('moved');
    await db
      .doc(`profiles/${member.uid}/private/email_change`)
      .set({ old_email: member.email, new_email: target, requested_at: new Date(), notified_at: null });
    await nextSecond();
    const oobCode = codeOf(await auth.generateVerifyAndChangeEmailLink(member.email, target));

    // A signed-out browser confirms (the mail may be opened anywhere).
    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).result).toEqual({
      changed: true,
    });
    expect((await auth.getUser(member.uid)).email).toBe(target);
    expect(await stampOf(member.uid)).toBeDefined();
    await expectOldTokenRefused(member, bookId);
    const record = await accountRecord(member.uid);
    expect(record.get('email')).toBe(target);
    expect(record.get('email_verified_at').toMillis()).toBeGreaterThan(Date.now() - 60_000);
    const notice = await mailbox.waitFor(member.email, 'email address was changed');
    expect(notice.text).toContain(target);

    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).error?.status).toBe(
      'FAILED_PRECONDITION',
    );
    await nextSecond();
    expect(
      (await mailbox.mailsTo(member.email)).filter((mail) => mail.subject.includes('was changed')),
    ).toHaveLength(1);
    await expect(signInForIdToken(target, PASSWORD)).resolves.toBeTruthy();
  });
});
