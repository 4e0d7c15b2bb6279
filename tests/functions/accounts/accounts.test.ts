// Sign-up and approval emails through the real signUp callable and approvalEmail
// trigger on the emulators, with the mail caught by MailDev.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { authUserExists, newEmail, profileData, signupRequest } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { authRestUrl, callFunction } from '../helpers/callable';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const mailbox = useMailbox();

/** Calls signUp exactly as the browser SDK does, signed out, each test from its own client IP. */
async function signUp(data: unknown) {
  return callFunction<{ uid: string; page_slug: string }>('signUp', data, { ip: testIp });
}

/** A client IP no other test uses, so no test meets another's sign-up allowance. */
let testIp = '';
let ipCounter = 0;

beforeEach(async () => {
  await clearFirestore();
  ipCounter += 1;
  testIp = `198.51.100.${ipCounter}`;
});

describe('signUp', () => {
  it('creates the Auth user and a profile with exactly the starting values', async () => {
    const body = signupRequest({ display_name: '  Jane Doe ', category: 'Publisher' });
    const before = Date.now();
    const answer = await signUp(body);

    expect(answer.status).toBe(200);
    expect(answer.result?.page_slug).toBe('jane-doe');
    const uid = answer.result!.uid;
    const user = await auth.getUser(uid);
    expect(user.email).toBe(body.email);
    expect(user.displayName).toBe('Jane Doe');
    expect(user.emailVerified).toBe(false);

    const stored = (await db.doc(`profiles/${uid}`).get()).data();
    // search_keywords and sort_name are derived from these values by the
    // profileDirectoryFields handler, which may already have run: not starting values.
    const { search_keywords: _keywords, sort_name: _sortName, ...profile } = stored ?? {};
    expect(profile).toEqual({
      user_id: uid,
      display_name: 'Jane Doe',
      role: 'User',
      category: 'Publisher',
      page_slug: 'jane-doe',
      approval_status: 'pending',
      subscription_status: 'free',
      is_active: true,
      book_count: 0,
      created_at: expect.any(Timestamp),
    });
    expect((profile.created_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5_000);
    expect((await db.doc('page_slugs/jane-doe').get()).get('uid')).toBe(uid);
  });

  it("gives two Jane Does different page slugs: 'jane-doe' and 'jane-doe-2'", async () => {
    const first = await signUp(signupRequest());
    const second = await signUp(signupRequest());
    expect([first.result?.page_slug, second.result?.page_slug]).toEqual(['jane-doe', 'jane-doe-2']);
  });

  it('gives different slugs to the same name signing up at the same moment', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => signUp(signupRequest({ display_name: 'Sam Same' }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.result?.page_slug).sort()).toEqual(['sam-same', 'sam-same-2', 'sam-same-3']);
  });

  it('does not reuse a slug held by a profile that has no claim (seeded or imported)', async () => {
    await db
      .doc('profiles/seeded-jane')
      .set(profileData('seeded-jane', { display_name: 'Jane Doe', page_slug: 'jane-doe' }));
    const answer = await signUp(signupRequest());
    expect(answer.result?.page_slug).toBe('jane-doe-2');
  });

  it("falls back to 'member' when the name gives no usable slug", async () => {
    const answer = await signUp(signupRequest({ display_name: '山田太郎' }));
    expect(answer.result?.page_slug).toBe('member');
  });

  it("refuses an email that already has an account with 'already registered', and creates no second profile", async () => {
    const email = newEmail('taken');
    const first = await signUp(signupRequest({ email, display_name: 'First Owner' }));
    expect(first.status).toBe(200);

    const second = await signUp(signupRequest({ email, display_name: 'Second Try' }));
    expect(second.status).toBe(409);
    expect(second.error?.status).toBe('ALREADY_EXISTS');
    expect(second.error?.message).toContain('already registered');
    const profiles = await db.collection('profiles').get();
    expect(profiles.docs.map((d) => d.get('display_name'))).toEqual(['First Owner']);
    expect((await db.collection('page_slugs').get()).size).toBe(1);
  });

  const invalidRequests: [string, Record<string, unknown>, string][] = [
    ['a password under 6 characters', { password: '12345' }, 'at least 6 characters'],
    ['an unknown category', { category: 'Admin' }, 'choose a role'],
    ['an empty display name', { display_name: '   ' }, 'Display name is required'],
    ['a display name over 80 characters', { display_name: 'n'.repeat(81) }, 'at most 80'],
    ['a malformed email', { email: 'not-an-email' }, 'valid email'],
    ['a smuggled approval_status', { approval_status: 'approved' }, 'approval_status'],
    ['a smuggled role and plan', { role: 'Admin', subscription_status: 'premium' }, 'Unrecognized key'],
    [
      'a display name with a web address',
      { display_name: 'Cheap pills at www.example' },
      'cannot contain links or web addresses',
    ],
    [
      'a display name with a link',
      { display_name: 'Jane https://evil.example/x' },
      'cannot contain links or web addresses',
    ],
    [
      'a display name with a control character',
      { display_name: 'Jane\u202EDoe' },
      'special control characters',
    ],
  ];
  for (const [problem, change, message] of invalidRequests) {
    it(`refuses ${problem} with invalid-argument and leaves no account behind`, async () => {
      const body = signupRequest(change);
      const answer = await signUp(body);
      expect(answer.status).toBe(400);
      expect(answer.error?.status).toBe('INVALID_ARGUMENT');
      expect(answer.error?.message).toContain(message);
      expect(await authUserExists(String(body.email))).toBe(false);
      expect((await db.collection('profiles').get()).size).toBe(0);
    });
  }

  it('refuses a request without data', async () => {
    const answer = await signUp(null);
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
  });

  it('emails a verification link that verifies the address when followed', async () => {
    const body = signupRequest({ display_name: 'Vera & Verify' });
    const answer = await signUp(body);
    expect(answer.status).toBe(200);

    const mail = await mailbox.waitFor(String(body.email), 'Verify your email');
    const link = mail.text?.match(/https?:\/\/\S*oobCode=\S+/)?.[0];
    expect(link).toBeDefined();
    expect(mail.text).toContain('Hello Vera & Verify,');
    expect(mail.html).toContain('Vera &amp; Verify');

    // The link opens our own confirmation page, which applies the code with the web SDK (accounts:update).
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe('http://localhost:4321/auth/confirm-email');
    expect(url.searchParams.get('uid')).toBe(answer.result!.uid);
    const applied = await fetch(authRestUrl('update'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: url.searchParams.get('oobCode') }),
    });
    expect(applied.status).toBe(200);
    const user = await eventually(
      () => auth.getUser(answer.result!.uid),
      (u) => u.emailVerified,
    );
    expect(user.emailVerified).toBe(true);
  });
});

describe('approvalEmail trigger', () => {
  /** Creates a pending member with a verified address (decisions are mailed to verified addresses only). */
  async function pendingMember(name: string): Promise<{ uid: string; email: string }> {
    const email = newEmail(name);
    const user = await auth.createUser({
      email,
      password: 'secret-pass',
      displayName: name,
      emailVerified: true,
    });
    const page_slug = uniqueId(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
    await db
      .doc(`profiles/${user.uid}`)
      .set(profileData(user.uid, { display_name: name, page_slug, approval_status: 'pending' }));
    return { uid: user.uid, email };
  }

  it('emails the member once when an admin approves them, with a link to log in', async () => {
    const { uid, email } = await pendingMember('Approved Amy');
    await db.doc(`profiles/${uid}`).update({ approval_status: 'approved' });

    const approvedSubject = 'Your Shelfmark account has been approved';
    const mail = await mailbox.waitFor(email, approvedSubject);
    expect(mail.subject).toBe(approvedSubject);
    expect(mail.text).toContain('Hello Approved Amy,');
    expect(mail.text).toContain('http://localhost:4321/auth');

    // Later edits, and going back to pending and approved again, do not repeat the news.
    await db.doc(`profiles/${uid}`).update({ about_me: 'Hello!' });
    await db.doc(`profiles/${uid}`).update({ approval_status: 'pending' });
    await db.doc(`profiles/${uid}`).update({ approval_status: 'approved' });
    // A denial is news the same trigger must mail: once it has arrived, the trigger has handled the edits before it.
    await db.doc(`profiles/${uid}`).update({ approval_status: 'denied' });
    await mailbox.waitFor(email, 'About your Shelfmark account request');
    const approvals = (await mailbox.mailsTo(email)).filter((mail) => mail.subject === approvedSubject);
    expect(approvals).toHaveLength(1);
  });

  it('emails a polite note when an admin denies a member', async () => {
    const { uid, email } = await pendingMember('Denied Dan');
    await db.doc(`profiles/${uid}`).update({ approval_status: 'denied' });
    const mail = await mailbox.waitFor(email, 'About your Shelfmark account request');
    expect(mail.text).toContain('not able to approve it');
  });

  it('sends nothing for a profile edit that leaves the approval alone', async () => {
    const { uid, email } = await pendingMember('Quiet Quinn');
    await db.doc(`profiles/${uid}`).update({ about_me: 'Still waiting.' });
    // Approving a second member shows the trigger for the first edit has had its chance.
    const witness = await pendingMember('Witness Will');
    await db.doc(`profiles/${witness.uid}`).update({ approval_status: 'approved' });
    await mailbox.waitFor(witness.email, 'approved');
    expect(await mailbox.mailsTo(email)).toHaveLength(0);
  });
});
