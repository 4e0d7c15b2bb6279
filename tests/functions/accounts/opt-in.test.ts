// The double opt-in against the emulators: the site's endpoint (as a server
// instance runs it), the mailOptInConfirmation trigger, and the confirming
// transaction. The endpoint answers the same for every address; the mail's link
// works once, for 48 hours, only after the button's POST (the GET path only
// reads); a follow is written in the shared shape, only for a public author.
import type { APIContext } from 'astro';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailFollowId, FOLLOWS } from '../../../src/domain/follows/follows';
import { NEWSLETTER_SUBSCRIBERS } from '../../../src/domain/editorial/newsletter-subscriber';
import {
  CHECK_INBOX_MESSAGE,
  OPT_IN_CONFIRMATIONS,
  OPT_IN_REQUESTS,
  OPT_IN_TOO_MANY_MESSAGE,
  tokenExpiry,
} from '../../../src/domain/accounts/opt-in';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { confirmOptIn, pendingConfirmation, requestOptIn } from '../../../src/data/server/editorial/opt-in';
import { tokenHash } from '../../../src/data/server/accounts/opt-in-token';
import { POST } from '../../../src/pages/api/opt-in';
import { browserPost } from '../../shared/site-requests';
import { adminDb, clearFirestore, eventually, retryLostRace, uniqueId } from '../helpers/emulator';
import { newEmail, profileData } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';

const db = adminDb();
const mailbox = useMailbox();

/** One POST to the endpoint from `clientAddress`, as JSON (an island) or as a form without JavaScript. */
async function post(
  body: Record<string, string>,
  clientAddress: string,
  as: 'json' | 'form' = 'json',
  origin = 'http://127.0.0.1:4329',
): Promise<Response> {
  const url = new URL('http://127.0.0.1:4329/api/opt-in');
  const json = as === 'json';
  const payload = json
    ? JSON.stringify({
        email: body.email,
        purpose: body.kind === 'follow' ? { kind: 'follow', authorUid: body.authorUid } : { kind: body.kind },
      })
    : new URLSearchParams(body).toString();
  const request = browserPost(url, payload, { origin, json });
  return (await POST({ request, url, clientAddress, params: {} } as unknown as APIContext)) as Response;
}

async function publicAuthor(overrides: Record<string, unknown> = {}): Promise<string> {
  const uid = uniqueId('author');
  await db.doc(`profiles/${uid}`).set({ ...profileData(uid), display_name: 'Ada Author', ...overrides });
  return uid;
}

/** The token in the confirmation mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, 'Confirm', 30_000);
  const match = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

const requestsFor = async (email: string) =>
  (await db.collection(OPT_IN_REQUESTS).where('email', '==', email).get()).size;

beforeEach(async () => {
  await clearFirestore();
});

describe('asking to follow by email', () => {
  it('answers "Check your inbox", mails a link whose GET changes nothing and whose POST follows once', async () => {
    const author = await publicAuthor();
    const email = newEmail('visitor');
    const response = await post(
      { email: email.toUpperCase(), kind: 'follow', authorUid: author },
      '198.51.100.1',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: CHECK_INBOX_MESSAGE });

    const token = await mailedToken(email);
    // The token is stored only as its hash.
    const stored = await db.doc(`${OPT_IN_CONFIRMATIONS}/${tokenHash(token)}`).get();
    expect(stored.exists).toBe(true);
    expect(JSON.stringify(stored.data())).not.toContain(token);

    // What the page's GET does: it reads, and the link still works after.
    expect((await pendingConfirmation(db, token)).state).toBe('valid');
    expect((await pendingConfirmation(db, token)).state).toBe('valid');
    const followRef = db.doc(`${FOLLOWS}/${emailFollowId(author, emailHash(email))}`);
    expect((await followRef.get()).exists).toBe(false);

    // Two presses at once: one follow, the other finds the link used.
    const press = () => retryLostRace(() => confirmOptIn(db, token));
    const outcomes = await Promise.all([press(), press()]);
    expect(outcomes.sort()).toEqual(['followed', 'used']);
    const follow = (await followRef.get()).data();
    expect(follow).toMatchObject({ author_uid: author, follower: { kind: 'email', email }, mode: 'instant' });
    expect(follow?.created_at).toBeInstanceOf(Timestamp);
    expect((await pendingConfirmation(db, token)).state).toBe('used');
  });

  it('keeps an existing follow (its alert mode) when the same address confirms again', async () => {
    const author = await publicAuthor();
    const email = newEmail('again');
    const followRef = db.doc(`${FOLLOWS}/${emailFollowId(author, emailHash(email))}`);
    await followRef.set({
      author_uid: author,
      follower: { kind: 'email', email },
      mode: 'weekly',
      created_at: FieldValue.serverTimestamp(),
    });
    await post({ email, kind: 'follow', authorUid: author }, '198.51.100.2');
    expect(await confirmOptIn(db, await mailedToken(email))).toBe('followed');
    expect((await followRef.get()).get('mode')).toBe('weekly');
  });

  it('answers a follow of an author who is not public exactly as any other, and mails nothing', async () => {
    const hidden = [
      await publicAuthor({ approval_status: 'pending' }),
      await publicAuthor({ approval_status: 'denied' }),
      await publicAuthor({ is_active: false }),
      uniqueId('missing'),
    ];
    const emails = hidden.map(() => newEmail('hidden'));
    for (const [i, author] of hidden.entries()) {
      const response = await post({ email: emails[i]!, kind: 'follow', authorUid: author }, '198.51.100.3');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: CHECK_INBOX_MESSAGE });
      expect(await requestsFor(emails[i]!)).toBe(0);
    }
    // A public author's request, sent after them, is mailed; by then any mail for them would be too.
    const control = newEmail('control');
    await post({ email: control, kind: 'follow', authorUid: await publicAuthor() }, '198.51.100.3');
    await mailedToken(control);
    for (const email of emails) expect(await mailbox.mailsTo(email)).toEqual([]);
    expect((await db.collection(OPT_IN_CONFIRMATIONS).where('email', 'in', emails).get()).size).toBe(0);
  });

  it('mails nothing for an author who stopped being public after the request, and follows nobody', async () => {
    const author = await publicAuthor();
    const email = newEmail('late');
    // A request stored while the author was public, mailed after they were deactivated.
    await db.doc(`profiles/${author}`).update({ is_active: false });
    await db.collection(OPT_IN_REQUESTS).add({
      email,
      purpose: { kind: 'follow', authorUid: author },
      created_at: Timestamp.now(),
      expires_at: Timestamp.fromMillis(Date.now() + 3600_000),
    });
    await eventually(
      () => requestsFor(email),
      (open) => open === 0,
      15_000,
    );
    expect((await db.collection(OPT_IN_CONFIRMATIONS).where('email', '==', email).get()).size).toBe(0);
    expect(await mailbox.mailsTo(email)).toEqual([]);
  });

  it('follows nobody when the author stopped being public before the link was confirmed', async () => {
    const author = await publicAuthor();
    const email = newEmail('hidden');
    await post({ email, kind: 'follow', authorUid: author }, '198.51.100.3');
    const token = await mailedToken(email);
    await db.doc(`profiles/${author}`).update({ approval_status: 'pending' });
    expect(await confirmOptIn(db, token)).toBe('authorUnavailable');
    expect((await db.collection(FOLLOWS).get()).size).toBe(0);
  });
});

describe('a confirmation link', () => {
  async function storedToken(createdAt: Date): Promise<string> {
    const token = 'A'.repeat(42) + 'B';
    await db.doc(`${OPT_IN_CONFIRMATIONS}/${tokenHash(token)}`).set({
      email: 'late@example.org',
      purpose: { kind: 'newsletter' },
      created_at: Timestamp.fromDate(createdAt),
      expires_at: Timestamp.fromDate(tokenExpiry(createdAt)),
      used_at: null,
    });
    return token;
  }

  it('is expired after 48 hours and subscribes nobody', async () => {
    const token = await storedToken(new Date(Date.now() - 48 * 3600_000 - 1000));
    expect(await confirmOptIn(db, token)).toBe('expired');
    expect((await db.collection(NEWSLETTER_SUBSCRIBERS).get()).size).toBe(0);
  });

  it('subscribes within 48 hours, once', async () => {
    const token = await storedToken(new Date(Date.now() - 47 * 3600_000));
    expect(await confirmOptIn(db, token)).toBe('subscribed');
    expect(await confirmOptIn(db, token)).toBe('used');
    expect(
      (await db.doc(`${NEWSLETTER_SUBSCRIBERS}/${emailHash('late@example.org')}`).get()).get('email'),
    ).toBe('late@example.org');
  });

  it('is unknown when it was never issued or is malformed', async () => {
    expect(await confirmOptIn(db, 'C'.repeat(43))).toBe('unknown');
    expect(await confirmOptIn(db, 'short')).toBe('unknown');
    expect((await pendingConfirmation(db, '../x')).state).toBe('unknown');
  });
});

describe('the limits', () => {
  it('drop an address over its limit silently: the same answer, no more mail', async () => {
    const email = newEmail('flood');
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await (await post({ email, kind: 'newsletter' }, `198.51.100.${10 + i}`)).json());
    expect(answers).toEqual(Array(5).fill({ message: CHECK_INBOX_MESSAGE }));
    // Three requests reached the mail function; the rest left nothing behind.
    await eventually(
      () => mailbox.mailsTo(email),
      (mails) => mails.length >= 3,
      15_000,
    );
    expect(await requestsFor(email)).toBe(0);
    expect((await db.collection(OPT_IN_CONFIRMATIONS).where('email', '==', email).get()).size).toBe(3);
  });

  it('count plus-tagged addresses of one mailbox as one address', async () => {
    const [name, domain] = newEmail('tagged').split('@') as [string, string];
    const tagged = Array.from({ length: 5 }, (_, i) => `${name}+${i}@${domain}`);
    for (const [i, email] of tagged.entries())
      expect((await post({ email, kind: 'newsletter' }, `198.51.100.${20 + i}`)).status).toBe(200);
    const confirmations = async () =>
      (await db.collection(OPT_IN_CONFIRMATIONS).where('email', 'in', tagged).get()).size;
    const requests = async () =>
      (await db.collection(OPT_IN_REQUESTS).where('email', 'in', tagged).get()).size;
    // Every request stored has been mailed: three, the mailbox's hourly allowance.
    await eventually(
      async () => ({ open: await requests(), mailed: await confirmations() }),
      ({ open, mailed }) => open === 0 && mailed >= 3,
      15_000,
    );
    expect(await confirmations()).toBe(3);
  });

  it('count the addresses of one IPv6 /64 as one client', async () => {
    for (let i = 0; i < 10; i++)
      expect(
        (await post({ email: `v6-${i}@example.org`, kind: 'newsletter' }, `2001:db8:7:8::${i + 1}`)).status,
      ).toBe(200);
    const response = await post(
      { email: 'v6-eleventh@example.org', kind: 'newsletter' },
      '2001:db8:7:8:ffff::9',
    );
    expect(response.status).toBe(429);
    expect(await requestsFor('v6-eleventh@example.org')).toBe(0);
  });

  it('tell a client over its own limit with 429, and record nothing for it', async () => {
    const client = '198.51.100.99';
    for (let i = 0; i < 10; i++)
      expect(
        await requestOptIn(db, { email: `c${i}@example.org`, purpose: { kind: 'newsletter' } }, client),
      ).toBe('accepted');
    const response = await post({ email: 'eleventh@example.org', kind: 'newsletter' }, client);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: OPT_IN_TOO_MANY_MESSAGE });
    expect(await requestsFor('eleventh@example.org')).toBe(0);
  });

  it('refuse a post from another site and a malformed request, storing nothing', async () => {
    expect(
      (
        await post(
          { email: 'x@example.org', kind: 'newsletter' },
          '198.51.100.7',
          'json',
          'https://evil.example',
        )
      ).status,
    ).toBe(403);
    expect((await post({ email: 'nope', kind: 'newsletter' }, '198.51.100.7')).status).toBe(400);
    expect((await db.collection(OPT_IN_REQUESTS).get()).size).toBe(0);
  });

  it('answer a form posted without JavaScript with a redirect to the result page', async () => {
    const response = await post({ email: newEmail('form'), kind: 'newsletter' }, '198.51.100.8', 'form');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/opt-in?result=sent');
  });
});
