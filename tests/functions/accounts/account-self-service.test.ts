// Account self-service on the emulators: the forgotten-password mail (same
// answer for every address, throttled per address and per client, links only
// to our own pages), the email change with its confirmation and notice, signing
// out everywhere, and the data download.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { bookData, memberWithPassword, newEmail } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { callFunction, signInForIdToken } from '../helpers/callable';
import {
  FOREIGN_CONTINUE_URL_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  RESET_THROTTLED_MESSAGE,
} from '../../../src/domain/accounts/account';
import { SESSION_ENDED_MESSAGE } from '../../../src/domain/shared/caller-standing';
import {
  PASSWORD_RESET_LIMITS_PER_EMAIL,
  PASSWORD_RESET_LIMITS_PER_IP,
} from '../../../src/domain/shared/throttle';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const mailbox = useMailbox();
const PASSWORD = 'old-secret';

let ipCounter = 0;
/** A different X-Forwarded-For for each call; on the emulator every caller is one client, so it moves no count. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

/** An approved member with a verified address and a profile. */
const member = (name: string) => memberWithPassword(name, PASSWORD);

function linkIn(text: string | undefined): URL {
  const link = text?.match(/https?:\/\/\S*oobCode=\S+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

beforeEach(async () => {
  await clearFirestore();
});

describe('requestPasswordReset', () => {
  it('answers the same for an address with and without an account, and mails only the account', async () => {
    const { email } = await member('Rita Reset');
    const stranger = newEmail('nobody');
    const known = await callFunction<{ message: string }>(
      'requestPasswordReset',
      { email },
      { ip: freshIp() },
    );
    const unknown = await callFunction<{ message: string }>(
      'requestPasswordReset',
      { email: stranger },
      { ip: freshIp() },
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.result).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.result).toEqual(known.result);

    const mail = await mailbox.waitFor(email, 'Reset your Shelfmark password');
    expect(mail.text).toContain('You received this email because a password reset was requested');
    expect(mail.html).toContain('Shelfmark');
    const link = linkIn(mail.text);
    expect(link.origin + link.pathname).toBe('http://localhost:4321/auth/reset');
    expect(await mailbox.mailsTo(stranger)).toEqual([]);

    // The code works once, as our page uses it: the new password signs in, the old one no longer does.
    const oobCode = link.searchParams.get('oobCode');
    const reset = await callFunction(
      'completePasswordReset',
      { oobCode, newPassword: 'new-secret' },
      { ip: freshIp() },
    );
    expect(reset.status).toBe(200);
    await expect(signInForIdToken(email, 'new-secret')).resolves.toBeTruthy();
    await expect(signInForIdToken(email, PASSWORD)).rejects.toThrow();
    const again = await callFunction(
      'completePasswordReset',
      { oobCode, newPassword: 'third-secret' },
      { ip: freshIp() },
    );
    expect(again.error).toEqual({ status: 'FAILED_PRECONDITION', message: RESET_LINK_INVALID_MESSAGE });
  });

  it('throttles one address, whatever the client, without saying whether it has an account', async () => {
    const email = newEmail('target');
    const max = PASSWORD_RESET_LIMITS_PER_EMAIL[0]!.max;
    for (let i = 0; i < max; i += 1) {
      expect((await callFunction('requestPasswordReset', { email }, { ip: freshIp() })).status).toBe(200);
    }
    const refused = await callFunction(
      'requestPasswordReset',
      { email: email.toUpperCase() },
      { ip: freshIp() },
    );
    expect(refused.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: RESET_THROTTLED_MESSAGE });
  });

  it('throttles one client, whatever the addresses', async () => {
    const ip = freshIp();
    const max = PASSWORD_RESET_LIMITS_PER_IP[0]!.max;
    for (let i = 0; i < max; i += 1) {
      expect(
        (await callFunction('requestPasswordReset', { email: newEmail(`spray${i}`) }, { ip })).status,
      ).toBe(200);
    }
    const refused = await callFunction('requestPasswordReset', { email: newEmail('one-more') }, { ip });
    expect(refused.error?.status).toBe('RESOURCE_EXHAUSTED');
    // A forged X-Forwarded-For does not make it another client.
    expect(
      (await callFunction('requestPasswordReset', { email: newEmail('elsewhere') }, { ip: freshIp() })).error
        ?.status,
    ).toBe('RESOURCE_EXHAUSTED');
  });

  it('refuses a continue URL off the site and carries one on it', async () => {
    for (const continueUrl of [
      'https://evil.example/phish',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://localhost:4322/auth',
    ]) {
      const answer = await callFunction(
        'requestPasswordReset',
        { email: newEmail('cont'), continueUrl },
        { ip: freshIp() },
      );
      expect(answer.error, continueUrl).toEqual({
        status: 'INVALID_ARGUMENT',
        message: FOREIGN_CONTINUE_URL_MESSAGE,
      });
    }
    const { email } = await member('Carl Continue');
    const answer = await callFunction(
      'requestPasswordReset',
      { email, continueUrl: '/account' },
      { ip: freshIp() },
    );
    expect(answer.status).toBe(200);
    const link = linkIn((await mailbox.waitFor(email, 'Reset your')).text);
    expect(link.searchParams.get('continueUrl')).toBe('http://localhost:4321/account');
  });

  it('refuses a malformed address with a clear message', async () => {
    const answer = await callFunction('requestPasswordReset', { email: 'not-an-address' }, { ip: freshIp() });
    expect(answer.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Please enter a valid email address.',
    });
  });
});

describe('email change', () => {
  it('moves the account only once the new address confirms, then tells the old one and records the date', async () => {
    const { uid, email } = await member('Eddie Email');
    const idToken = await signInForIdToken(email, PASSWORD);
    const target = newEmail('eddie-new');
    const answer = await callFunction<{ newEmail: string }>(
      'requestEmailChange',
      { newEmail: target },
      { idToken },
    );
    expect(answer.result).toEqual({ newEmail: target });
    expect((await auth.getUser(uid)).email).toBe(email);
    // The pending change is recorded by the queued task, moments after the answer.
    const overview = await eventually(
      () => callFunction<{ pendingEmail: string | null }>('accountOverview', null, { idToken }),
      (answer) => answer.result?.pendingEmail === target,
    );
    expect(overview.result?.pendingEmail).toBe(target);

    const link = linkIn((await mailbox.waitFor(target, 'Confirm your new email')).text);
    expect(link.pathname).toBe('/auth/confirm-email');
    expect(link.searchParams.get('uid')).toBe(uid);
    // Our page passes the code to confirmEmailCode, which applies it, ends the sessions and tells the old address.
    const oobCode = link.searchParams.get('oobCode');
    // Sessions are cut in whole seconds: let the sign-in's second pass first.
    await new Promise((done) => setTimeout(done, 1100));
    expect((await callFunction('confirmEmailCode', { oobCode }, { ip: freshIp() })).result).toEqual({
      changed: true,
    });
    expect((await auth.getUser(uid)).email).toBe(target);
    const notice = await mailbox.waitFor(email, 'email address was changed');
    expect(notice.text).toContain(target);
    expect((await callFunction('accountOverview', null, { idToken })).error).toEqual({
      status: 'UNAUTHENTICATED',
      message: SESSION_ENDED_MESSAGE,
    });
    expect((await mailbox.mailsTo(email)).filter((m) => m.subject.includes('was changed'))).toHaveLength(1);

    const fresh = await signInForIdToken(target, PASSWORD);
    const after = await callFunction<{
      email: string;
      emailVerifiedAt: string | null;
      pendingEmail: string | null;
    }>('accountOverview', null, { idToken: fresh });
    expect(after.result?.email).toBe(target);
    expect(after.result?.pendingEmail).toBeNull();
    expect(Date.parse(after.result?.emailVerifiedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('signOutEverywhere', () => {
  it('ends every session: a token from before is refused by our callables', async () => {
    const { email } = await member('Sam Session');
    const other = await signInForIdToken(email, PASSWORD);
    // Revocation is kept in whole seconds: let each sign-in's second pass before the cut.
    await new Promise((done) => setTimeout(done, 1100));
    const mine = await signInForIdToken(email, PASSWORD);
    await new Promise((done) => setTimeout(done, 1100));
    expect((await callFunction('signOutEverywhere', null, { idToken: mine })).status).toBe(200);
    for (const idToken of [other, mine]) {
      const answer = await callFunction('accountOverview', null, { idToken });
      expect(answer.error).toEqual({ status: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
    }
  });
});

describe('exportMemberData', () => {
  it("holds the member's profile and books with sections; another member's only for an admin", async () => {
    const owner = await member('Olive Owner');
    await db.collection('books').add(
      bookData(owner.uid, {
        title: 'The Exported Book',
        manuscript_content: [{ id: 's1', type: 'text', content: 'Chapter one', order: 0 }],
      }),
    );
    const ownerToken = await signInForIdToken(owner.email, PASSWORD);
    const own = await callFunction<Record<string, unknown>>('exportMemberData', null, {
      idToken: ownerToken,
    });
    expect(own.status).toBe(200);
    const data = own.result as {
      user_id: string;
      account: { email: string };
      profile: { display_name: string };
      books: { title: string; manuscript_content: unknown[] }[];
    };
    expect(data.user_id).toBe(owner.uid);
    expect(data.account.email).toBe(owner.email);
    expect(data.profile.display_name).toBe('Olive Owner');
    expect(data.books.map((b) => b.title)).toEqual(['The Exported Book']);
    expect(data.books[0]!.manuscript_content).toHaveLength(1);

    // A classified ad comes with its member-only contact details.
    const ad = await db
      .collection('classified_ads')
      .add({ user_id: owner.uid, title: 'Oak shelf', contact_method: 'phone', created_at: new Date() });
    await ad.collection('private').doc('contact').set({ contact_info: '+1 555 0100 2000' });
    const withAd = (
      await callFunction<{ classified_ads: { id: string; title: string; contact_info: unknown }[] }>(
        'exportMemberData',
        null,
        { idToken: ownerToken },
      )
    ).result;
    expect(withAd?.classified_ads).toEqual([
      expect.objectContaining({ id: ad.id, title: 'Oak shelf', contact_info: '+1 555 0100 2000' }),
    ]);

    const nosy = await member('Nosy Ned');
    const nosyToken = await signInForIdToken(nosy.email, PASSWORD);
    const refused = await callFunction('exportMemberData', { userId: owner.uid }, { idToken: nosyToken });
    expect(refused.error?.status).toBe('PERMISSION_DENIED');

    // Made an admin as the admin functions do it: the claim and the profile's role.
    await auth.setCustomUserClaims(nosy.uid, { admin: true });
    await db.doc(`profiles/${nosy.uid}`).update({ role: 'Admin' });
    const adminToken = await signInForIdToken(nosy.email, PASSWORD);
    const asAdmin = await callFunction<{ user_id: string }>(
      'exportMemberData',
      { userId: owner.uid },
      { idToken: adminToken },
    );
    expect(asAdmin.result?.user_id).toBe(owner.uid);
  });
});
