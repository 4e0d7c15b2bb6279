// Accounts come into being only through the signUp callable (or an admin), and
// what anyone can call cannot be looped: the blocking function, the throttles,
// the resend-verification callable and the bounded slug search, on the emulators.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { DocumentReference, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { adminDb, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { authUserExists, newEmail, profileData, signupRequest } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { authRestUrl, callFunction, signInForIdToken } from '../helpers/callable';
import {
  claimPageSlug,
  RANDOM_ATTEMPTS,
  SEQUENTIAL_CANDIDATES,
} from '../../../functions/src/accounts/page-slug';
import { startingProfile } from '../../../functions/src/accounts/sign-up';
import { throttleKey } from '../../../functions/src/accounts/throttle';
import { EMULATOR_CLIENT_ADDRESS } from '../../../functions/src/shared/client-address';
import { signupRequestSchema } from '../../../src/domain/accounts/signup';
import { SIGNUP_LIMITS_PER_IP, SIGNUP_THROTTLED_MESSAGE } from '../../../src/domain/shared/throttle';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const mailbox = useMailbox();

/**
 * A different X-Forwarded-For for each call. It moves no count: on the emulator
 * every caller is the one local client (functions/src/shared/client-address.ts), so in
 * these tests it stands for the header an attacker forges.
 */
let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

beforeEach(async () => {
  await clearFirestore();
});

describe('sign-up straight through the Auth REST API', () => {
  it('is refused by the beforeUserCreated function and leaves no user behind', async () => {
    const email = newEmail('squatter');
    const response = await fetch(authRestUrl('signUp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass', returnSecureToken: true }),
    });
    const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
    expect(response.ok).toBe(false);
    expect(body.idToken).toBeUndefined();
    expect(body.error?.message).toContain('BLOCKING_FUNCTION_ERROR_RESPONSE');
    expect(body.error?.message).toContain('only be created through the Shelfmark sign-up form');
    expect(await authUserExists(email)).toBe(false);
  });

  it('does not stop the signUp callable, so the real owner can still sign up with that address', async () => {
    const email = newEmail('owner');
    await fetch(authRestUrl('signUp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass', returnSecureToken: true }),
    });
    const answer = await callFunction<{ uid: string }>('signUp', signupRequest({ email }), { ip: freshIp() });
    expect(answer.status).toBe(200);
    expect((await auth.getUser(answer.result!.uid)).email).toBe(email);
  });
});

describe('signUp throttling', () => {
  it('refuses a 4th attempt for the same address within the hour, from any IP, and creates nothing', async () => {
    const email = newEmail('target');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await callFunction('signUp', signupRequest({ email }), { ip: freshIp() })).status);
    // The first creates the account; the next two are refused as taken but still count.
    expect(statuses).toEqual([200, 409, 409]);

    const fourth = await callFunction('signUp', signupRequest({ email, display_name: 'Mallory' }), {
      ip: freshIp(),
    });
    expect(fourth.status).toBe(429);
    expect(fourth.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: SIGNUP_THROTTLED_MESSAGE });
  });

  it('counts the address case-insensitively', async () => {
    const email = newEmail('casey');
    for (let i = 0; i < 3; i++) await callFunction('signUp', signupRequest({ email }), { ip: freshIp() });
    const shouted = await callFunction('signUp', signupRequest({ email: email.toUpperCase() }), {
      ip: freshIp(),
    });
    expect(shouted.error?.status).toBe('RESOURCE_EXHAUSTED');
  });

  it(`refuses the next sign-up from one client after ${SIGNUP_LIMITS_PER_IP[0]!.max} within the hour, whatever X-Forwarded-For it forges`, async () => {
    const max = SIGNUP_LIMITS_PER_IP[0]!.max;
    for (let i = 0; i < max; i++) {
      expect((await callFunction('signUp', signupRequest(), { ip: freshIp() })).status).toBe(200);
    }
    const blocked = signupRequest();
    const refused = await callFunction('signUp', blocked, { ip: freshIp() });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(SIGNUP_THROTTLED_MESSAGE);
    expect(await authUserExists(String(blocked.email))).toBe(false);
    // A forged proxy chain ending in yet another address escapes it no better.
    expect((await callFunction('signUp', signupRequest(), { ip: `${freshIp()}, ${freshIp()}` })).status).toBe(
      429,
    );
  });

  it('counts every caller on the emulator as the one local client: the emulator appends no address of its own', async () => {
    await callFunction('signUp', signupRequest(), { ip: '198.51.100.23' });
    await callFunction('signUp', signupRequest(), {});
    const ids = (await db.collection('throttles').listDocuments()).map((ref) => ref.id);
    expect(ids.filter((id) => id.startsWith('signup-ip-'))).toEqual([
      throttleKey({ kind: 'signup-ip', value: EMULATOR_CLIENT_ADDRESS }),
    ]);
    const attempts = (
      await db
        .collection('throttles')
        .doc(throttleKey({ kind: 'signup-ip', value: EMULATOR_CLIENT_ADDRESS }))
        .get()
    ).get('attempts') as number[];
    expect(attempts).toHaveLength(2);
  });

  it('keeps the counters where no client can reach them, without addresses in their ids', async () => {
    const email = newEmail('private');
    await callFunction('signUp', signupRequest({ email }), { ip: '192.0.2.77' });
    const ids = (await db.collection('throttles').listDocuments()).map((ref) => ref.id);
    expect(ids).toHaveLength(2);
    expect(ids.join(' ')).not.toContain(email.split('@')[0]);
    expect(ids.join(' ')).not.toContain('192.0.2.77');
  });
});

describe('resendVerificationEmail', () => {
  /** A signed-in member whose profile (where the mail takes the name from) is named `name`. */
  async function signedInMember(
    name: string,
    emailVerified = false,
  ): Promise<{ uid: string; email: string; idToken: string }> {
    const email = newEmail(name);
    const user = await auth.createUser({ email, password: 'secret-pass', displayName: name, emailVerified });
    await db
      .doc(`profiles/${user.uid}`)
      .set(profileData(user.uid, { display_name: name, approval_status: 'pending' }));
    return { uid: user.uid, email, idToken: await signInForIdToken(email, 'secret-pass') };
  }

  it('emails a new verification link, and throttles an immediate second request', async () => {
    const { uid, email, idToken } = await signedInMember('Resending Rae');
    const first = await callFunction<{ status: string }>('resendVerificationEmail', null, { idToken });
    expect(first).toEqual({ status: 200, result: { status: 'sent' } });
    const mail = await mailbox.waitFor(email, 'Verify your email');
    expect(mail.text).toContain('Hello Resending Rae,');
    expect(mail.text).toMatch(/oobCode=/);

    const second = await callFunction('resendVerificationEmail', null, { idToken });
    expect(second.status).toBe(429);
    expect(second.error?.status).toBe('RESOURCE_EXHAUSTED');
    // A request the throttle lets through (its log cleared) must mail, greeting the member by a new
    // name: once that mail has arrived, a mail from the refused request would have arrived before it.
    await db.doc(`throttles/${throttleKey({ kind: 'resend-verification', value: uid })}`).delete();
    await db.doc(`profiles/${uid}`).update({ display_name: 'Sentinel Sam' });
    const sentinel = await callFunction<{ status: string }>('resendVerificationEmail', null, { idToken });
    expect(sentinel.result).toEqual({ status: 'sent' });
    await eventually(
      () => mailbox.mailsTo(email),
      (mails) => mails.some((sent) => sent.text?.includes('Hello Sentinel Sam,')),
    );
    const toRae = (await mailbox.mailsTo(email)).filter((sent) =>
      sent.text?.includes('Hello Resending Rae,'),
    );
    expect(toRae).toHaveLength(1);
  });

  it('refuses a caller who is not signed in', async () => {
    const answer = await callFunction('resendVerificationEmail', null);
    expect(answer.status).toBe(401);
    expect(answer.error?.status).toBe('UNAUTHENTICATED');
  });

  it('sends nothing to a member whose address is already verified', async () => {
    const { email, idToken } = await signedInMember('Verified Vic', true);
    const answer = await callFunction<{ status: string }>('resendVerificationEmail', null, { idToken });
    expect(answer.result).toEqual({ status: 'already-verified' });
    expect(await mailbox.mailsTo(email)).toHaveLength(0);
  });
});

describe('page slug claims', () => {
  /** A transaction whose reads are counted: one per document asked for by reference, one per query result (at least one per query). */
  function countingTransaction(tx: Transaction, counter: { reads: number }): Transaction {
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'getAll') {
          return async (...refs: DocumentReference[]) => {
            counter.reads += refs.length;
            return target.getAll(...refs);
          };
        }
        if (property === 'get') {
          return async (refOrQuery: DocumentReference | Query) => {
            const snapshot = await target.get(refOrQuery as Query);
            counter.reads += 'size' in snapshot ? Math.max(1, snapshot.size) : 1;
            return snapshot;
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** Signs a member up the way createProfile does (claim, then profile), counting the reads of the claim. */
  async function signUpCounting(
    firestore: Firestore,
    displayName: string,
  ): Promise<{ slug: string; reads: number }> {
    const uid = uniqueId('slug-member');
    const body = signupRequestSchema.parse({
      email: `${uid}@example.com`,
      password: 'secret-pass',
      display_name: displayName,
      category: 'Book Lover/Marketer',
    });
    return firestore.runTransaction(async (tx) => {
      const counter = { reads: 0 };
      const slug = await claimPageSlug(countingTransaction(tx, counter), firestore, displayName, uid);
      tx.create(firestore.doc(`profiles/${uid}`), startingProfile(uid, body, slug, new Date()));
      return { slug, reads: counter.reads };
    });
  }

  it('reads a bounded number of documents per sign-up when 50 names share the fallback slug', async () => {
    // Names in other scripts, some with spaces (which alone would make a slug of hyphens).
    const names = ['Иван Петров', '山田太郎', 'Αλέξανδρος', 'محمد علي', '김민준'];
    const results: { slug: string; reads: number }[] = [];
    for (let i = 0; i < 50; i++) results.push(await signUpCounting(db, names[i % names.length]!));

    const slugs = results.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(50);
    expect(slugs.slice(0, SEQUENTIAL_CANDIDATES)).toEqual([
      'member',
      ...Array.from({ length: SEQUENTIAL_CANDIDATES - 1 }, (_, i) => `member-${i + 2}`),
    ]);
    for (const slug of slugs.slice(SEQUENTIAL_CANDIDATES)) expect(slug).toMatch(/^member-[a-z0-9]{5}$/);

    const reads = results.map((r) => r.reads);
    // Each sign-up reads the sequential candidates (claims and profiles) and then a few random ones at most.
    const bound = 2 * SEQUENTIAL_CANDIDATES + 2 * RANDOM_ATTEMPTS;
    expect(Math.max(...reads)).toBeLessThanOrEqual(bound);
    // And the last sign-ups read no more than those just past the sequential slugs: no growth with N.
    expect(Math.max(...reads.slice(40))).toBeLessThanOrEqual(
      Math.max(...reads.slice(SEQUENTIAL_CANDIDATES, 20)),
    );
  });
});
