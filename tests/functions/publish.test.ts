// The publish pipeline through the real triggers, task queue and callable: content
// changes are debounced into one deploy-hook call, retried with backoff, and recorded in
// site_meta/publish. A fake hook server listens where DEPLOY_HOOK_URL points
// (functions/.env.demo-shelfmark): it counts calls and can be told to fail. The timings
// are the demo project's: 2 s of quiet, 4 attempts, 1 s doubling backoff.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { getApps } from 'firebase-admin/app';
import { PORTS } from '../../scripts/emulator-env.mjs';
import {
  MANUAL_PUBLISH_REASON,
  PRERENDERED_COLLECTIONS,
  PUBLISH_STATUS_PATH,
} from '../../src/domain/publish';
import { adminDb, clearFirestore, eventually, uniqueId } from './emulator';
import { callFunction, signInForIdToken } from './callable';
import { newEmail, profileData } from './factories';

const db = adminDb();
/** Longer than the quiet window with a margin: a second call for the same changes would have come by then. */
const SETTLE_MS = 5_000;

interface HookCall {
  reason: string;
  changes: string[];
  changed_at: string;
  status: number;
  at: number;
}

/**
 * The fake deploy hook: records every call and answers a call naming `planned.id` with the
 * next planned status, everything else with 200 (other tests' late triggers call too).
 */
const calls: HookCall[] = [];
let planned: { id: string; statuses: number[] } = { id: '', statuses: [] };
const hook = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const parsed = JSON.parse(body || '{}') as { reason?: string; changes?: string[]; changed_at?: string };
    const reason = parsed.reason ?? '';
    const changes = parsed.changes ?? [];
    const mine = planned.id !== '' && changes.some((change) => change.includes(planned.id));
    const status = (mine ? planned.statuses.shift() : undefined) ?? 200;
    calls.push({ reason, changes, changed_at: parsed.changed_at ?? '', status, at: Date.now() });
    res.writeHead(status).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(PORTS.publishHook, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

beforeEach(async () => {
  await clearFirestore();
  planned = { id: '', statuses: [] };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Calls covering a change to one of `ids` (other tests' late triggers, such as the deletes of clearFirestore, call too). */
const callsFor = (ids: string[]) =>
  calls.filter((call) => call.changes.some((change) => ids.some((id) => change.includes(id))));
const status = async () => (await db.doc(PUBLISH_STATUS_PATH).get()).data();

describe('publish pipeline', () => {
  it('a burst of changes produces one hook call, after the changes stop', async () => {
    // Warm both collections' triggers first: the emulator's first event to a function
    // waits for a cold start (seconds, with every function in one bundle), which would
    // split the burst across the 2 s quiet window; production's 30 s window covers it.
    const warm = [uniqueId('warm'), uniqueId('warm')];
    await db.collection('blog_posts').doc(warm[0]!).set({ title: 'Warm', is_published: true, slug: warm[0] });
    await db.collection('featured_books').doc(warm[1]!).set({ title: 'Warm' });
    await eventually(
      async () => callsFor(warm),
      (found) => found.length > 0,
      20_000,
    );
    await sleep(SETTLE_MS);

    // A draft written first in the burst shows on no public page: no call names it.
    const draft = uniqueId('draft');
    await db.collection('blog_posts').doc(draft).set({ title: 'Draft', is_published: false });
    const ids = Array.from({ length: 8 }, () => uniqueId('burst'));
    for (const [index, id] of ids.entries()) {
      await db
        .collection(index % 2 ? 'featured_books' : 'blog_posts')
        .doc(id)
        .set({ title: 'Changed', is_published: true, slug: id });
      await sleep(150);
    }
    await eventually(
      async () => callsFor(ids),
      (found) => found.length > 0,
      20_000,
    );
    await sleep(SETTLE_MS);
    const found = callsFor(ids);
    expect(found).toHaveLength(1);
    // The call names every change it covers.
    for (const id of ids) expect(found[0]!.changes.some((change) => change.includes(id))).toBe(true);
    expect(callsFor([draft])).toEqual([]);
    expect(Date.parse(found[0]!.changed_at)).toBeGreaterThan(0);
  }, 90_000);

  it('a change after the hook was called produces exactly one more call', async () => {
    const first = uniqueId('first');
    const second = uniqueId('second');
    await db.doc(`site_settings/${first}`).set({ site_title: 'One' });
    await eventually(
      async () => callsFor([first]),
      (found) => found.length === 1,
      20_000,
    );
    await db.doc(`legal_documents/${second}`).set({ title: 'Two' });
    await eventually(
      async () => callsFor([second]),
      (found) => found.length === 1,
      20_000,
    );
    await sleep(SETTLE_MS);
    expect(callsFor([first])).toHaveLength(1);
    expect(callsFor([second])).toHaveLength(1);
  }, 60_000);

  it('retries a failing hook with backoff and records every attempt', async () => {
    const id = uniqueId('retry');
    planned = { id, statuses: [503, 503] };
    await db.doc(`page_content/${id}`).set({ title: 'Retry' });
    const found = await eventually(
      async () => callsFor([id]),
      (list) => list.length === 3,
      30_000,
    );
    expect(found.map((call) => call.status)).toEqual([503, 503, 200]);
    // Backoff: about 1 s before the second attempt, 2 s before the third.
    expect(found[1]!.at - found[0]!.at).toBeGreaterThanOrEqual(900);
    expect(found[2]!.at - found[1]!.at).toBeGreaterThanOrEqual(1_900);
    // Every attempt is recorded (the last three are this change's; a cleanup's call may precede them).
    const lastThree = (data: Record<string, unknown> | undefined) =>
      ((data?.attempts as { ok: boolean; detail: string }[] | undefined) ?? [])
        .slice(-3)
        .map((a) => `${a.ok} ${a.detail}`);
    const record = await eventually(
      status,
      (data) => lastThree(data).join() === 'false HTTP 503,false HTTP 503,true HTTP 200',
    );
    expect(record?.state).toBe('requested');
    await sleep(SETTLE_MS);
    expect(callsFor([id])).toHaveLength(3);
  }, 60_000);

  it('records the failure once every attempt failed', async () => {
    const id = uniqueId('down');
    planned = { id, statuses: [500, 500, 500, 500] };
    await db.doc(`newsletters/${id}`).set({ title: 'Down', is_published: true, slug: id });
    await eventually(
      async () => callsFor([id]),
      (list) => list.length === 4,
      30_000,
    );
    const record = await eventually(status, (data) => data?.state === 'failed');
    expect(record?.error).toBe('The deploy hook failed 4 times: HTTP 500');
    await sleep(SETTLE_MS);
    expect(callsFor([id])).toHaveLength(4);
  }, 60_000);

  it.each(PRERENDERED_COLLECTIONS)(
    'a change in %s publishes',
    async (collection) => {
      const id = uniqueId('doc');
      // Published, with its slug: a draft asks for no build, and a missing slug would be
      // written back by the slug handler, a second change.
      await db.collection(collection).doc(id).set({ title: 'Changed', is_published: true, slug: id });
      const [call] = await eventually(
        async () => callsFor([id]),
        (found) => found.length === 1,
        20_000,
      );
      expect(call!.changes).toContain(`${collection}/${id}`);
    },
    30_000,
  );

  it('member content does not publish, but is noted for the hourly refresh', async () => {
    const uid = uniqueId('member');
    await db.doc(`profiles/${uid}`).set(profileData(uid));
    await eventually(
      status,
      (data) => data?.member_changed_at !== undefined && data?.member_changed_at !== null,
    );
    await sleep(3_000);
    expect(String((await status())?.last_change ?? '')).not.toContain(uid);
    expect(callsFor([uid])).toEqual([]);
  });

  describe('requestPublish (Publish now)', () => {
    async function signedIn(claims: Record<string, unknown> | null): Promise<string> {
      const email = newEmail('publisher');
      const user = await getAuth(getApps()[0]).createUser({
        email,
        password: 'secret-pass',
        emailVerified: true,
      });
      if (claims) await getAuth(getApps()[0]).setCustomUserClaims(user.uid, claims);
      // An admin's current record says so too: the guard checks the profile, not only the claim.
      if (claims?.admin === true)
        await db.doc(`profiles/${user.uid}`).set(profileData(user.uid, { role: 'Admin' }));
      return signInForIdToken(email, 'secret-pass');
    }

    it('refuses anyone but an administrator', async () => {
      expect((await callFunction('requestPublish', {})).error?.status).toBe('UNAUTHENTICATED');
      const member = await callFunction('requestPublish', {}, { idToken: await signedIn(null) });
      expect(member.error?.status).toBe('PERMISSION_DENIED');
      expect((await status())?.last_change).not.toBe(MANUAL_PUBLISH_REASON);
    });

    it('schedules a publish for an administrator and the hook is called with the reason', async () => {
      const before = calls.length;
      const answer = await callFunction<{ scheduled: boolean }>(
        'requestPublish',
        {},
        { idToken: await signedIn({ admin: true }) },
      );
      expect(answer.status).toBe(200);
      const record = await status();
      expect(record?.last_change).toBe(MANUAL_PUBLISH_REASON);
      await eventually(
        async () => calls.slice(before).filter((call) => call.changes.includes(MANUAL_PUBLISH_REASON)),
        (found) => found.length === 1,
        20_000,
      );
    }, 40_000);
  });
});
