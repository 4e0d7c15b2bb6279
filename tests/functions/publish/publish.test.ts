// The publish pipeline through the real triggers, task queue and callable: content
// changes are debounced into one deploy-hook call and recorded in site_meta/publish. A
// fake hook server listens where DEPLOY_HOOK_URL points (functions/.env.demo-shelfmark):
// it counts calls. The debounce and the hook's retries are also run directly on a test
// clock (no real waiting), in a project of their own that no trigger writes.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { HookRequest, HookResult } from '../../../functions/src/publish/deploy-hook';
import {
  recordPublishChange,
  runPublishTask,
  type PipelineDeps,
} from '../../../functions/src/publish/pipeline';
import { PORTS } from '../../../scripts/emulator-env.mjs';
import {
  MANUAL_PUBLISH_REASON,
  PRERENDERED_COLLECTIONS,
  PUBLISH_STATUS_PATH,
  publishTimingFrom,
} from '../../../src/domain/publish/publish';
import { adminDb, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { callFunction, signInForIdToken } from '../helpers/callable';
import { newEmail, profileData } from '../helpers/factories';

const db = adminDb();
/** Longer than the quiet window with a margin: a second call for the same changes would have come by then. */
const SETTLE_MS = 5_000;

interface HookCall {
  reason: string;
  changes: string[];
  changed_at: string;
  at: number;
}

/** The fake deploy hook: records every call and answers 200 (other tests' late triggers call too). */
const calls: HookCall[] = [];
const hook = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const parsed = JSON.parse(body || '{}') as { reason?: string; changes?: string[]; changed_at?: string };
    calls.push({
      reason: parsed.reason ?? '',
      changes: parsed.changes ?? [],
      changed_at: parsed.changed_at ?? '',
      at: Date.now(),
    });
    res.writeHead(200).end();
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
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Calls covering a change to one of `ids` (other tests' late triggers, such as the deletes of clearFirestore, call too). */
const callsFor = (ids: string[]) =>
  calls.filter((call) => call.changes.some((change) => ids.some((id) => change.includes(id))));
const status = async () => (await db.doc(PUBLISH_STATUS_PATH).get()).data();

describe('publish pipeline', () => {
  it('a burst of changes produces one hook call, after the changes stop', async () => {
    // Warm the triggers first, with as many writes at once as the burst has: an event
    // that finds every function worker busy waits for a new one to start (seconds on a
    // loaded machine), which would split the burst across the 2 s quiet window;
    // production's 30 s window covers it.
    const warm = Array.from({ length: 8 }, () => uniqueId('warm'));
    await Promise.all(
      warm.map((id, index) =>
        db
          .collection(index % 2 ? 'featured_books' : 'blog_posts')
          .doc(id)
          .set({ title: 'Warm', is_published: true, slug: id }),
      ),
    );
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

  it('a change in every pre-rendered collection publishes', async () => {
    // Published, with its slug: a draft asks for no build, and a missing slug would be
    // written back by the slug handler, a second change. One burst: each collection's
    // trigger must have recorded its change for the calls to name them all.
    const ids = new Map(PRERENDERED_COLLECTIONS.map((collection) => [collection, uniqueId('doc')]));
    for (const [collection, id] of ids)
      await db.collection(collection).doc(id).set({ title: 'Changed', is_published: true, slug: id });
    const named = await eventually(
      async () => callsFor([...ids.values()]).flatMap((call) => call.changes),
      (changes) => [...ids].every(([collection, id]) => changes.includes(`${collection}/${id}`)),
      30_000,
    );
    expect(named.length).toBeGreaterThanOrEqual(ids.size);
  }, 45_000);

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

/**
 * A project of its own on the same emulator: no trigger writes its status document, so
 * the debounce task and the hook's retries run here on a test clock, in no real time.
 */
const quiet = getFirestore(initializeApp({ projectId: 'demo-publish-clock' }, 'publish-clock'));
/** The demo project's timings (functions/.env.demo-shelfmark): 2 s of quiet, 4 attempts, 1 s doubling backoff. */
const DEMO_TIMING = publishTimingFrom({
  PUBLISH_QUIET_MS: '2000',
  PUBLISH_MAX_WAIT_MS: '15000',
  PUBLISH_HOOK_ATTEMPTS: '4',
  PUBLISH_RETRY_BASE_MS: '1000',
});

/** The pipeline on a test clock: `sleep` moves the clock; the hook answers `statuses` in turn, then 200. */
function onTestClock(statuses: number[] = []) {
  let now = Date.parse('2026-11-28T10:00:00Z');
  const slept: number[] = [];
  const requests: HookRequest[] = [];
  const deps: PipelineDeps = {
    firestore: quiet,
    timing: DEMO_TIMING,
    now: () => new Date(now),
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
  const hook = async (request: HookRequest): Promise<HookResult> => {
    requests.push(request);
    const status = statuses.shift() ?? 200;
    return { ok: status < 300, detail: `HTTP ${status}` };
  };
  let scheduled = 0;
  const change = async (reason: string, afterMs = 0) => {
    now += afterMs;
    await recordPublishChange(deps, { at: new Date(now), reason }, async () => void scheduled++);
  };
  const record = async () => (await quiet.doc(PUBLISH_STATUS_PATH).get()).data();
  return { deps, hook, slept, requests, change, record, scheduled: () => scheduled };
}

describe('the publish task on a test clock', () => {
  beforeEach(async () => {
    await quiet.doc(PUBLISH_STATUS_PATH).delete();
  });

  it('waits for quiet after a burst and calls the hook once with every change; a later change makes exactly one more call', async () => {
    const clock = onTestClock();
    for (let i = 0; i < 8; i++) await clock.change(`blog_posts/burst-${i}`, 150);
    expect(clock.scheduled()).toBe(1);
    expect(await runPublishTask(clock.deps, clock.hook)).toBe('requested');
    // The task waited until 2 s after the last change.
    expect(clock.slept).toEqual([2_000]);
    expect(clock.requests).toHaveLength(1);
    expect(clock.requests[0]!.changes).toEqual(
      expect.arrayContaining(['blog_posts/burst-0', 'blog_posts/burst-7']),
    );
    // A second task for the same burst finds nothing to do.
    expect(await runPublishTask(clock.deps, clock.hook)).toBe('nothing-pending');

    await clock.change('legal_documents/terms', 60_000);
    expect(clock.scheduled()).toBe(2);
    expect(await runPublishTask(clock.deps, clock.hook)).toBe('requested');
    expect(clock.requests.map((request) => request.changes)).toEqual([
      expect.any(Array),
      ['legal_documents/terms'],
    ]);
  });

  it('retries a failing hook with doubling backoff and records every attempt', async () => {
    const clock = onTestClock([503, 503]);
    await clock.change('page_content/about');
    expect(await runPublishTask(clock.deps, clock.hook)).toBe('requested');
    expect(clock.slept).toEqual([2_000, 1_000, 2_000]);
    const record = await clock.record();
    expect((record?.attempts as { ok: boolean; detail: string }[]).map((a) => `${a.ok} ${a.detail}`)).toEqual(
      ['false HTTP 503', 'false HTTP 503', 'true HTTP 200'],
    );
    expect(record?.state).toBe('requested');
  });

  it('records the failure once every attempt failed', async () => {
    const clock = onTestClock([500, 500, 500, 500]);
    await clock.change('newsletters/weekly');
    expect(await runPublishTask(clock.deps, clock.hook)).toBe('failed');
    expect(clock.requests).toHaveLength(4);
    expect(clock.slept).toEqual([2_000, 1_000, 2_000, 4_000]);
    const record = await clock.record();
    expect(record?.state).toBe('failed');
    expect(record?.error).toBe('The deploy hook failed 4 times: HTTP 500');
  });
});
