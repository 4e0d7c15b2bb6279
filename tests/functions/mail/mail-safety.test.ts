// What a mail may carry and where it may go, on the emulators:
// - names come from the member's profile and only when they pass the display-name
//   rules; the Auth displayName, which any signed-in client can set to a sentence
//   with a link (updateProfile), is never used;
// - a mail to a member goes only to a verified address, so an address changed
//   without confirmation (client-side updateEmail) receives nothing: no relayed
//   buyer message, no approval notice.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { SELLER_MESSAGE_TEXT } from '../../../src/domain/market/seller-message';
import { newsletterCandidates } from '../../../functions/src/editorial/recipients';
import { adminDb, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { adData, newEmail, profileData } from '../helpers/factories';
import { type CaughtMail, useMailbox } from '../helpers/mailbox';
import { authRestUrl, callFunction, signInForIdToken } from '../helpers/callable';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const PASSWORD = 'mail-secret';
/** What an attacker puts in the Auth displayName with updateProfile. */
const AUTH_NAME = 'Visit http://evil.example now';
const TEST_MS = 60_000;
const mailbox = useMailbox();

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${10 + (ipCounter % 200)}`;
}

/** A member whose Auth displayName is AUTH_NAME and whose profile holds `profileName`. */
async function member(
  profileName: string,
  options: { verified?: boolean; profile?: Record<string, unknown> } = {},
) {
  const email = newEmail(uniqueId('mail'));
  const user = await auth.createUser({
    email,
    password: PASSWORD,
    displayName: AUTH_NAME,
    emailVerified: options.verified ?? true,
  });
  await db
    .doc(`profiles/${user.uid}`)
    .set(profileData(user.uid, { display_name: profileName, ...options.profile }));
  return { uid: user.uid, email };
}

/** Neither body carries the attacker's text or any address of theirs. */
function expectNoAttackerText(mail: CaughtMail) {
  for (const body of [mail.text ?? '', mail.html ?? '']) {
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('Visit ');
  }
}

async function authRest(method: string, body: unknown): Promise<number> {
  const response = await fetch(authRestUrl(method), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

async function adOf(sellerUid: string): Promise<string> {
  const ad = adData(sellerUid, {
    title: 'Walnut reading chair',
    description: 'Comfortable, a little worn.',
    price: 80,
    tags: [],
  });
  const ref = await db.collection('classified_ads').add(ad);
  return ref.id;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

beforeEach(async () => {
  await clearFirestore();
});

describe('names in mail', () => {
  it(
    'the reset mail greets by the profile name, never by the Auth displayName',
    async () => {
      const { email } = await member('Rita Reset');
      expect((await callFunction('requestPasswordReset', { email }, { ip: freshIp() })).status).toBe(200);
      const mail = await mailbox.waitFor(email, 'Reset your', 30_000);
      expect(mail.text).toContain('Hello Rita Reset,');
      expectNoAttackerText(mail);
    },
    TEST_MS,
  );

  it(
    'the email-change confirmation and the old address’s notice greet by the profile name',
    async () => {
      const { email } = await member('Eddie Email');
      const idToken = await signInForIdToken(email, PASSWORD);
      const target = newEmail('eddie-safe');
      expect((await callFunction('requestEmailChange', { newEmail: target }, { idToken })).status).toBe(200);
      const confirm = await mailbox.waitFor(target, 'Confirm your new email', 30_000);
      expect(confirm.text).toContain('Hello Eddie Email,');
      expectNoAttackerText(confirm);

      const oobCode = new URL(confirm.text!.match(/https?:\/\/\S*oobCode=\S+/)![0]).searchParams.get(
        'oobCode',
      );
      // The confirm page hands the code to confirmEmailCode, which applies it and tells the old address.
      expect((await callFunction('confirmEmailCode', { oobCode })).result).toEqual({ changed: true });
      const notice = await mailbox.waitFor(email, 'email address was changed');
      expect(notice.text).toContain('Hello Eddie Email,');
      expectNoAttackerText(notice);
    },
    TEST_MS,
  );

  it(
    'a re-sent verification mail greets by the profile name',
    async () => {
      const { email } = await member('Vera Verify', {
        verified: false,
        profile: { approval_status: 'pending' },
      });
      const idToken = await signInForIdToken(email, PASSWORD);
      expect((await callFunction('resendVerificationEmail', null, { idToken })).status).toBe(200);
      const mail = await mailbox.waitFor(email, 'Verify your email');
      expect(mail.text).toContain('Hello Vera Verify,');
      expectNoAttackerText(mail);
    },
    TEST_MS,
  );

  it(
    'a profile name that breaks the display-name rules becomes a neutral greeting in the approval mail',
    async () => {
      // Written straight into the profile, as a client could before the rules matched the schema.
      const { uid, email } = await member('Books at www.evil.example', {
        profile: { approval_status: 'pending' },
      });
      await db.doc(`profiles/${uid}`).update({ approval_status: 'approved' });
      const mail = await mailbox.waitFor(email, 'has been approved', 30_000);
      expect(mail.text).toContain('Hello there,');
      expectNoAttackerText(mail);
    },
    TEST_MS,
  );

  it(
    'the relay writes neither the seller’s nor the buyer’s name when it breaks the rules',
    async () => {
      const seller = await member('Seller http://evil.example');
      const buyer = await member('Buyer at evil.example dot com http://evil.example/x');
      const adId = await adOf(seller.uid);
      const idToken = await signInForIdToken(buyer.email, PASSWORD);
      expect(
        (
          await callFunction(
            'contactSeller',
            { ad_id: adId, message: 'Is the chair still available?' },
            { idToken },
          )
        ).status,
      ).toBe(200);
      const mail = await mailbox.waitFor(seller.email, 'New message about your ad', 30_000);
      expect(mail.text).toContain('Hello there,');
      expect(mail.text).toContain('A Shelfmark member sent you a message');
      expectNoAttackerText(mail);
    },
    TEST_MS,
  );

  it(
    'a newsletter greets a member whose profile name breaks the rules neutrally',
    async () => {
      const { uid } = await member('Readers, go to http://evil.example');
      const candidate = (await newsletterCandidates(db, auth)).find((c) => c.recipient.uid === uid);
      expect(candidate?.recipient.name).toBe('Shelfmark member');
    },
    TEST_MS,
  );
});

describe('only verified addresses receive member mail', () => {
  it(
    'a seller who switched the address without confirming (Admin updateUser) gets no relayed message there',
    async () => {
      const seller = await member('Sally Seller');
      const buyer = await member('Bob Buyer');
      const adId = await adOf(seller.uid);
      const moved = newEmail('sally-unconfirmed');
      await auth.updateUser(seller.uid, { email: moved, emailVerified: false });

      const answer = await callFunction(
        'contactSeller',
        { ad_id: adId, message: 'Can I pick the chair up tomorrow?' },
        { idToken: await signInForIdToken(buyer.email, PASSWORD) },
      );
      expect(answer.error).toEqual({
        status: 'FAILED_PRECONDITION',
        message: SELLER_MESSAGE_TEXT.sellerUnreachable,
      });
      expect(JSON.stringify(answer)).not.toContain(moved);
      await pause(2_000);
      expect(await mailbox.mailsTo(moved)).toEqual([]);
      expect(await mailbox.mailsTo(seller.email)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'a seller who changes the email from the browser (updateEmail) gets no relayed message until it is verified',
    async () => {
      const seller = await member('Cara Client');
      const buyer = await member('Ben Buyer');
      const adId = await adOf(seller.uid);
      const moved = newEmail('cara-client-side');
      // What the web SDK's updateEmail sends: accounts:update with the ID token and the new address.
      expect(
        await authRest('update', {
          idToken: await signInForIdToken(seller.email, PASSWORD),
          email: moved,
          returnSecureToken: true,
        }),
      ).toBe(200);
      expect(
        await eventually(
          async () => (await auth.getUser(seller.uid)).email,
          (email) => email === moved,
        ),
      ).toBe(moved);

      const buyerToken = await signInForIdToken(buyer.email, PASSWORD);
      const answer = await callFunction(
        'contactSeller',
        { ad_id: adId, message: 'Is the chair still for sale?' },
        { idToken: buyerToken },
      );
      expect(answer.error?.message).toBe(SELLER_MESSAGE_TEXT.sellerUnreachable);
      await pause(2_000);
      expect(await mailbox.mailsTo(moved)).toEqual([]);

      // Once the new address is verified, messages reach it again.
      await auth.updateUser(seller.uid, { emailVerified: true });
      expect(
        (
          await callFunction(
            'contactSeller',
            { ad_id: adId, message: 'Is the chair still for sale now?' },
            { idToken: buyerToken },
          )
        ).status,
      ).toBe(200);
      await mailbox.waitFor(moved, 'New message about your ad', 30_000);
    },
    TEST_MS,
  );

  it(
    'an approval is not mailed to an unverified address',
    async () => {
      const unverified = await member('Una Unverified', {
        verified: false,
        profile: { approval_status: 'pending' },
      });
      const witness = await member('Wes Witness', { profile: { approval_status: 'pending' } });
      await db.doc(`profiles/${unverified.uid}`).update({ approval_status: 'approved' });
      await db.doc(`profiles/${witness.uid}`).update({ approval_status: 'approved' });
      await mailbox.waitFor(witness.email, 'has been approved', 30_000);
      await pause(2_000);
      expect(await mailbox.mailsTo(unverified.email)).toEqual([]);
    },
    TEST_MS,
  );
});
