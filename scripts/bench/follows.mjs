// Mail to followers at scale, on the emulators with MailDev as the mail catcher:
// an author with FOLLOWERS followers (a fifth of them members, with Auth users;
// the rest confirmed email addresses) and as many members who follow nobody
// publishes a book; a second such author posts an update; a third's preorder
// comes out (its out-now to every follower). The release (releaseBook: the marker, the frozen
// batches, the queue) and then the delivery of every batch
// (deliverAlertBatch, BATCH_PARALLEL batches at a time, as the task queue's
// maxConcurrentDispatches allows) run in this process against the emulators and
// the real SMTP catcher, with every Firestore document read counted, so the
// reads can be held against the followers (O(followers), not O(members)). Then
// each send is asked again, as a retried trigger, a book shown again or a
// second run of the hourly job would: nobody may get a second mail. The
// catcher is counted at the end of each.
// Runs inside `firebase emulators:exec` (inner.mjs with BENCH_ONLY=follows, or alone).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DocumentReference, Firestore, getFirestore, Query, Transaction } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../emulator-env.mjs';
import { ensureMailDev } from './newsletter.mjs';
import { benchProfile } from './bench-profile.mjs';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const MEMBER_SHARE = 0.2;
const BATCH_PARALLEL = 6;
const MAILDEV_WEB = 1080;

const app = () => getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });

/**
 * Runs `fn` counting every document this process reads through the Admin SDK:
 * a get one read, a query or getAll one per document returned (at least one),
 * reads inside transactions included.
 */
export async function countingReads(fn) {
  const originals = {
    doc: DocumentReference.prototype.get,
    query: Query.prototype.get,
    getAll: Firestore.prototype.getAll,
    tx: Transaction.prototype.get,
    txAll: Transaction.prototype.getAll,
  };
  const counter = { reads: 0 };
  const ofResult = (result) =>
    Array.isArray(result) ? result.length : typeof result?.size === 'number' ? Math.max(1, result.size) : 1;
  DocumentReference.prototype.get = async function get(...args) {
    counter.reads += 1;
    return originals.doc.apply(this, args);
  };
  Query.prototype.get = async function get(...args) {
    const snapshot = await originals.query.apply(this, args);
    counter.reads += Math.max(1, snapshot.size);
    return snapshot;
  };
  Firestore.prototype.getAll = async function getAll(...args) {
    const snapshots = await originals.getAll.apply(this, args);
    counter.reads += snapshots.length;
    return snapshots;
  };
  Transaction.prototype.get = async function get(...args) {
    const result = await originals.tx.apply(this, args);
    counter.reads += ofResult(result);
    return result;
  };
  Transaction.prototype.getAll = async function getAll(...args) {
    const snapshots = await originals.txAll.apply(this, args);
    counter.reads += snapshots.length;
    return snapshots;
  };
  try {
    return { result: await fn(counter), reads: counter.reads };
  } finally {
    DocumentReference.prototype.get = originals.doc;
    Query.prototype.get = originals.query;
    Firestore.prototype.getAll = originals.getAll;
    Transaction.prototype.get = originals.tx;
    Transaction.prototype.getAll = originals.txAll;
  }
}

/** The author, FOLLOWERS follows of them and as many members who follow nobody; returns the author's uid. */
async function seedAuthor(stamp) {
  const db = getFirestore(app());
  const auth = getAuth(app());
  const author = `fbench-author-${stamp}`;
  const members = Math.round(FOLLOWERS * MEMBER_SHARE);
  // Members: the followers, then as many who follow nobody (the reads must not grow with them).
  const users = Array.from({ length: members * 2 }, (_, i) => ({
    uid: `fbench-${stamp}-${i}`,
    email: `fbench-${stamp}-${i}@example.com`,
    emailVerified: true,
  }));
  for (let i = 0; i < users.length; i += 1000) {
    const result = await auth.importUsers(users.slice(i, i + 1000));
    if (result.failureCount > 0) throw new Error(`importUsers: ${result.errors[0]?.error.message}`);
  }
  const profile = (uid, name) => benchProfile(uid, { name });
  const { emailFollowId, memberFollowId } = await import('../../src/domain/follows/follows.ts');
  const { emailHash } = await import('../../src/data/server/shared/email-hash.ts');
  const writer = db.bulkWriter();
  writer.set(db.doc(`profiles/${author}`), profile(author, 'Bench Author'));
  for (const u of users) writer.set(db.doc(`profiles/${u.uid}`), profile(u.uid, 'Bench Reader'));
  const follow = (follower) => ({ author_uid: author, follower, mode: 'instant', created_at: new Date() });
  for (let i = 0; i < FOLLOWERS; i++) {
    if (i < members) {
      const uid = users[i].uid;
      writer.set(db.doc(`follows/${memberFollowId(author, uid)}`), follow({ kind: 'member', uid }));
    } else {
      const email = `fbench-${stamp}-fan-${i}@example.com`;
      writer.set(
        db.doc(`follows/${emailFollowId(author, emailHash(email))}`),
        follow({ kind: 'email', email }),
      );
    }
  }
  await writer.close();
  return author;
}

/** Mails in the catcher whose subject names `title`, counted by recipient. */
async function caughtFor(title) {
  const mails = await (await fetch(`http://127.0.0.1:${MAILDEV_WEB}/email`)).json();
  const ours = mails.filter((m) => m.subject.includes(title));
  const recipients = new Set(ours.map((m) => (m.to?.[0]?.address ?? '').toLowerCase()));
  return { mails: ours.length, recipients: recipients.size };
}

/** Delivers every queued batch, BATCH_PARALLEL at a time, as the task queue would; sums the outcomes. */
async function deliverQueued(queued, deliverOne) {
  const totals = { sent: 0, skipped: 0, dropped: 0 };
  let next = 0;
  // A batch not yet due queues itself again: a bench that finds one stops rather than spin.
  const batches = queued.length;
  const worker = async () => {
    while (next < queued.length) {
      if (next >= 2 * batches) throw new Error('a batch was queued again: its send was not due yet');
      const outcome = await deliverOne(queued[next++]);
      for (const key of Object.keys(totals)) totals[key] += outcome[key] ?? 0;
    }
  };
  await Promise.all(Array.from({ length: BATCH_PARALLEL }, worker));
  return totals;
}

const tenths = (n) => Math.round(n * 10) / 10;

/**
 * One send to FOLLOWERS followers, timed and with its reads counted: `release`
 * freezes and queues (returns the queued batch ids), `deliver` mails one batch,
 * `again` asks for the send a second time and says whether anything more was
 * released; the catcher is then counted for mails whose subject names `title`.
 */
async function measureSend({ seedSeconds, title, release, deliver, again }) {
  const enqueueStarted = Date.now();
  const released = await countingReads(release);
  const enqueueSeconds = (Date.now() - enqueueStarted) / 1000;
  const queued = released.result;
  const deliverStarted = Date.now();
  const delivery = await countingReads(() => deliverQueued(queued, deliver));
  const deliverSeconds = (Date.now() - deliverStarted) / 1000;
  const releasedAgain = await again();
  const caught = await caughtFor(title);
  return {
    followers: FOLLOWERS,
    member_followers: Math.round(FOLLOWERS * MEMBER_SHARE),
    members_not_following: Math.round(FOLLOWERS * MEMBER_SHARE),
    seed_seconds: tenths(seedSeconds),
    batches: queued.length,
    enqueue_seconds: tenths(enqueueSeconds),
    enqueue_reads: released.reads,
    deliver_seconds: tenths(deliverSeconds),
    mails_per_second: tenths(delivery.result.sent / deliverSeconds),
    deliver_reads: delivery.reads,
    reads_per_follower: Math.round(((released.reads + delivery.reads) / FOLLOWERS) * 100) / 100,
    sent: delivery.result.sent,
    released_again: releasedAgain,
    caught_mails: caught.mails,
    caught_recipients: caught.recipients,
    duplicates: caught.mails - caught.recipients,
    missing: FOLLOWERS - caught.recipients,
  };
}

/** A public book of `author` titled `title`, dated `publication_date` (or undated). */
function benchBook(author, title, publication_date) {
  return {
    user_id: author,
    title,
    description: 'A book ten thousand readers were waiting for.',
    category: 'fiction',
    genre: [],
    sub_genre: [],
    manuscript_content: [],
    is_active: true,
    is_full_book_free: false,
    owner_public: true,
    is_public: true,
    ...(publication_date ? { publication_date } : {}),
    author: { display_name: 'Bench Author', page_slug: author },
    created_at: new Date(),
  };
}

/** A new author with FOLLOWERS followers, and how long seeding them took. */
async function seeded(stamp) {
  const started = Date.now();
  const author = await seedAuthor(stamp);
  return { author, seedSeconds: (Date.now() - started) / 1000 };
}

/**
 * The figures of three sends to FOLLOWERS followers each, every one on an author
 * of its own (the alerts' daily cap would hold a second book of one author):
 * a new book's release (the top-level figures), an author's update
 * (`update`), and a preorder's release day, its out-now to every follower
 * (`release_day`).
 */
export async function benchFollows() {
  const stopMailDev = await ensureMailDev();
  const db = getFirestore(app());
  process.env.SMTP_URL ||= 'smtp://127.0.0.1:1025';
  process.env.NEWSLETTER_SIGNING_SECRET ||= 'demo-only-newsletter-signing-secret';
  // The deployed triggers would release the bench's book and update too: the switch is off while the bench releases them itself.
  const settings = db.doc('site_settings/main');
  const before = (await settings.get()).get('early_access') ?? {};
  await settings.set({ early_access: { ...before, follows: 'off' } }, { merge: true });
  try {
    await fetch(`http://127.0.0.1:${MAILDEV_WEB}/email/all`, { method: 'DELETE' });
    const stamp = Date.now().toString(36);
    const { releaseBook, deliverAlertBatch } = await import('../../functions/src/follows/release-alerts.ts');
    const { liveAlertDeps } = await import('../../functions/src/follows/follow-functions.ts');
    const { claimOutNow } = await import('../../functions/src/follows/out-now.ts');
    const { releaseUpdate, deliverUpdateBatch } = await import('../../functions/src/follows/update-mail.ts');

    // 1. A new book.
    const first = await seeded(stamp);
    const queued = [];
    // The bench measures the delivery, not the hour's wait before it (ALERT_DELAY_MS); and
    // every follower may be mailed (the follows switch is off only to keep the triggers out:
    // read as it is, it would let nobody be mailed; on 'everyone' it is one settings read a batch).
    const deps = {
      ...liveAlertDeps(db),
      delayMs: 0,
      audience: async (follows) => follows.map(() => true),
      enqueueBatch: async (_book, batch) => void queued.push(batch),
    };
    const title = `Bench Release ${stamp}`;
    const bookId = `fbench-book-${stamp}`;
    await db.doc(`books/${bookId}`).set(benchBook(first.author, title));
    const release = await measureSend({
      seedSeconds: first.seedSeconds,
      title,
      release: async () => (await releaseBook(deps, bookId), queued),
      deliver: (batch) => deliverAlertBatch(deps, bookId, batch),
      // Asked again (a retried trigger, the book hidden and shown): nothing more may go out.
      again: async () => (await releaseBook(deps, bookId)).released,
    });

    // 2. An update of an author's.
    const second = await seeded(`${stamp}u`);
    const updateQueued = [];
    const { enqueueBatch: _books, ...alertDeps } = deps;
    const updateDeps = {
      ...alertDeps,
      enqueueUpdateBatch: async (_update, batch) => void updateQueued.push(batch),
    };
    const updateTitle = `Bench Update ${stamp}`;
    const updateId = `fbench-update-${stamp}`;
    await db.doc(`author_updates/${updateId}`).set({
      user_id: second.author,
      author_slug: second.author,
      title: updateTitle,
      body: 'Ten thousand readers, **one** letter.',
      book: null,
      moderation_hidden: false,
      created_at: new Date(),
    });
    const update = await measureSend({
      seedSeconds: second.seedSeconds,
      title: updateTitle,
      release: async () => (await releaseUpdate(updateDeps, updateId), updateQueued),
      deliver: (batch) => deliverUpdateBatch(updateDeps, updateId, batch),
      again: async () => (await releaseUpdate(updateDeps, updateId)).released,
    });

    // 3. Release day: a preorder released earlier (its marker as the release left it) comes out today.
    const third = await seeded(`${stamp}r`);
    const outQueued = [];
    const outDeps = { ...deps, enqueueBatch: async (_book, batch) => void outQueued.push(batch) };
    const outTitle = `Bench Out Now ${stamp}`;
    const outBookId = `fbench-outnow-${stamp}`;
    const today = new Date().toISOString().slice(0, 10);
    await db.doc(`books/${outBookId}`).set(benchBook(third.author, outTitle, today));
    const releasedAt = new Date(Date.now() - 30 * 86_400_000);
    await db.doc(`book_alerts/${outBookId}`).set({
      author_uid: third.author,
      released_at: releasedAt,
      kind: 'preorder',
      recipient_count: 0,
      batch_count: 0,
      batches_done: 0,
      queued: true,
      completed_at: releasedAt,
      out_now_due: today,
    });
    const releaseDay = await measureSend({
      seedSeconds: third.seedSeconds,
      title: outTitle,
      release: async () => (await claimOutNow(outDeps, outBookId), outQueued),
      deliver: (batch) => deliverAlertBatch(outDeps, outBookId, batch, 'out_now'),
      // The hourly job runs again that day: nothing more may go out.
      again: async () => (await claimOutNow(outDeps, outBookId)) === 'claimed',
    });
    return { ...release, update, release_day: releaseDay };
  } finally {
    await settings.set({ early_access: before }, { mergeFields: ['early_access'] });
    stopMailDev();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchFollows().then(
    (result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
