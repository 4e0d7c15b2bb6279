// The analytics counter under load: RATE view requests a second for SECONDS
// seconds to one product page's view endpoint, from ADDRESSES distinct loopback
// addresses (127.0.0.1 … 127.0.0.ADDRESSES, one socket address each, which is
// what the local server takes as the client), against the served production
// build. A visitor counts once per page per day, so the counts must grow by the
// number of distinct addresses, whatever the number of requests; the rest are
// answered as already counted. Production Firestore sustains about one write a
// second to one document and the emulator does not enforce it, so the bench
// watches the two documents every counted view changes (the product's
// views_count and its owner's analytics day) and reports the most writes to
// either in any one second, by their commit times.
//
// The product is a fresh copy of a seeded one, so a second run on the same day
// (whose marks say every address was already counted) measures the same thing.
// Bounded: RATE × SECONDS requests, then it waits for the last write and stops.
import http from 'node:http';
import { getApps, initializeApp } from 'firebase-admin/app';
import { DocumentReference, getFirestore, Query } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../emulator-env.mjs';

/** The most document reads one 90-day analytics view may cost (90 days and the caller's records). */
export const VIEW_READS_TARGET = 100;

/** The load the issue names: 50 views a second for 20 s from 250 addresses. */
export const ANALYTICS_LOAD = { rate: 50, seconds: 20, addresses: 250 };
/** The share of the countable views that must be counted. */
export const COUNTED_TARGET = 0.99;
/** The most writes to one document in any second. */
export const WRITES_PER_SECOND_TARGET = 1;

const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function db() {
  return getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
}

/** The UTC day of `ms`, as the counter names its day documents. */
function utcDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A fresh active product, copied from a seeded one whose owner is public; its id and owner. */
async function freshProduct() {
  const store = db();
  const seeded = await store.collection('products_services').where('is_active', '==', true).limit(20).get();
  for (const doc of seeded.docs) {
    const owner = await store.doc(`profiles/${doc.get('user_id')}`).get();
    if (owner.get('is_active') !== true || owner.get('approval_status') !== 'approved') continue;
    const ref = store.collection('products_services').doc();
    await ref.set({
      ...doc.data(),
      title: `Bench analytics ${new Date().toISOString()}`,
      views_count: 0,
      created_at: new Date(),
    });
    return { id: ref.id, owner: doc.get('user_id') };
  }
  throw new Error('no seeded active product of a public member to copy');
}

/** One view request from `address`; resolves with the status (0 when the request failed). */
function sendView(baseUrl, path, address) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: {
          Origin: baseUrl,
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/json',
          'User-Agent': BROWSER_AGENT,
        },
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end('{}');
  });
}

/** The most commit times of `times` (ms, any order) that fall in one window of `windowMs`. */
export function mostInWindow(times, windowMs = 1000) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (sorted[end] - sorted[start] >= windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** Watches `ref` and records the commit time of every version it sees. */
function watchCommits(ref) {
  const times = [];
  let seen;
  const stop = ref.onSnapshot((snapshot) => {
    if (!snapshot.exists) return;
    const time = snapshot.updateTime.toMillis();
    if (time !== seen) times.push(time);
    seen = time;
  });
  return { times, stop };
}

/**
 * Runs the load against `baseUrl` (the served production build with the
 * emulators) and reports what was sent, answered and counted, and the writes.
 */
export async function benchAnalytics({ baseUrl, ...options }) {
  const { rate, seconds, addresses } = { ...ANALYTICS_LOAD, ...options };
  const store = db();
  const { id, owner } = await freshProduct();
  const started = Date.now();
  const itemRef = store.doc(`products_services/${id}`);
  const dayRef = store.doc(`member_stats/${owner}/days/${utcDay(started)}`);
  const dayViews = async () => {
    const day = await dayRef.get();
    return Number(day.get(`items.product_${id}.views`) ?? 0);
  };
  const before = { item: 0, day: await dayViews() };
  const watched = { item: watchCommits(itemRef), day: watchCommits(dayRef) };
  // The item's creation is not a counter write: only versions after the load began count.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loadStart = Date.now();

  const path = `/api/views/products_services/${id}`;
  const total = rate * seconds;
  const gap = 1000 / rate;
  const answers = [];
  for (let i = 0; i < total; i += 1) {
    const due = loadStart + i * gap;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(sendView(baseUrl, path, `127.0.0.${1 + (i % addresses)}`));
  }
  const sendSeconds = (Date.now() - loadStart) / 1000;
  const statuses = await Promise.all(answers);
  const answeredSeconds = (Date.now() - loadStart) / 1000;
  // Every request is answered only once its count is stored; a little slack for the listeners.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  watched.item.stop();
  watched.day.stop();

  const after = { item: Number((await itemRef.get()).get('views_count') ?? 0), day: await dayViews() };
  const byStatus = {};
  for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const countable = Math.min(addresses, total);
  const counted = { item: after.item - before.item, day: after.day - before.day };
  const commitsOf = (times) => times.filter((time) => time >= loadStart);
  const writes = {
    item: commitsOf(watched.item.times),
    day: commitsOf(watched.day.times),
  };
  const mostPerSecond = Math.max(mostInWindow(writes.item), mostInWindow(writes.day));
  const countedShare = Math.min(counted.item, counted.day) / countable;
  return {
    rate,
    seconds,
    addresses,
    sent: total,
    send_seconds: Number(sendSeconds.toFixed(1)),
    answered_seconds: Number(answeredSeconds.toFixed(1)),
    answers: byStatus,
    countable,
    counted_item: counted.item,
    counted_day: counted.day,
    counted_share: Number(countedShare.toFixed(4)),
    counted_target: COUNTED_TARGET,
    writes_item: writes.item.length,
    writes_day: writes.day.length,
    most_writes_per_second: mostPerSecond,
    writes_per_second_target: WRITES_PER_SECOND_TARGET,
    ok: countedShare >= COUNTED_TARGET && mostPerSecond <= WRITES_PER_SECOND_TARGET,
  };
}

/**
 * Runs `fn` counting every document this process reads through the Admin SDK
 * (a document get is one read; a query one per document it returns, at least one).
 */
async function countingReads(fn) {
  const originals = { doc: DocumentReference.prototype.get, query: Query.prototype.get };
  let reads = 0;
  DocumentReference.prototype.get = async function get(...args) {
    reads += 1;
    return originals.doc.apply(this, args);
  };
  Query.prototype.get = async function get(...args) {
    const snapshot = await originals.query.apply(this, args);
    reads += Math.max(1, snapshot.size);
    return snapshot;
  };
  try {
    return { result: await fn(), reads };
  } finally {
    DocumentReference.prototype.get = originals.doc;
    Query.prototype.get = originals.query;
  }
}

/**
 * The reads of one 90-day analytics view: a seeded Premium member (granted, so
 * with a billing record) gets 90 days of figures, then the memberAnalytics
 * callable runs in this process for them while every document read is counted.
 */
export async function benchAnalyticsView() {
  const store = db();
  const premium = await store
    .collection('profiles')
    .where('subscription_status', '==', 'premium')
    .limit(1)
    .get();
  const member = premium.docs[0];
  if (!member) throw new Error('no seeded Premium member');
  const { windowDays, ANALYTICS_DAYS } = await import('../../src/domain/members/member-stats.ts');
  const days = windowDays(Date.now(), ANALYTICS_DAYS.premium);
  const batch = store.batch();
  for (const [i, day] of days.entries())
    batch.set(store.doc(`member_stats/${member.id}/days/${day}`), {
      day,
      views: 10 + (i % 7),
      clicks: i % 3,
      items: {
        [`profile_${member.id}`]: { kind: 'profile', title: 'Profile', views: 10 + (i % 7), clicks: 0 },
      },
    });
  await batch.commit();
  const { memberAnalytics } = await import('../../functions/src/members/member-analytics.ts');
  const authTime = Math.floor(Date.now() / 1000);
  const { result, reads } = await countingReads(() =>
    memberAnalytics.run({
      data: {},
      auth: { uid: member.id, token: { uid: member.id, auth_time: authTime, email_verified: true } },
    }),
  );
  return {
    member: member.id,
    plan: result.plan,
    days_stored: days.length,
    days_shown: result.days.length,
    reads,
    reads_target: VIEW_READS_TARGET,
  };
}
