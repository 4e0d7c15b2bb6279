// New-book alerts at scale (issue 25), on the emulators with MailDev as the mail
// catcher: an author with FOLLOWERS followers (a fifth of them members, with Auth
// users; the rest confirmed email addresses) and as many members who follow
// nobody publishes a book. The release (releaseBook: the marker, the frozen
// batches, the queue) and then the delivery of every batch
// (deliverAlertBatch, BATCH_PARALLEL batches at a time, as the task queue's
// maxConcurrentDispatches allows) run in this process against the emulators and
// the real SMTP catcher, with every Firestore document read counted, so the
// reads can be held against the followers (O(followers), not O(members)). Then
// the release is asked again, as a retried trigger or a book shown again would:
// nobody may get a second mail. The catcher is counted at the end.
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
async function countingReads(fn) {
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
  const { emailFollowId, memberFollowId } = await import('../../src/domain/readers/follows.ts');
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

/** The figures: seed, release (enqueue) and delivery times, reads, and the catcher's count. */
export async function benchFollows() {
  const stopMailDev = await ensureMailDev();
  const db = getFirestore(app());
  process.env.SMTP_URL ||= 'smtp://127.0.0.1:1025';
  process.env.NEWSLETTER_SIGNING_SECRET ||= 'demo-only-newsletter-signing-secret';
  // The deployed trigger would release the bench's book too: the switch is off while the bench releases it itself.
  const settings = db.doc('site_settings/main');
  const before = (await settings.get()).get('early_access') ?? {};
  await settings.set({ early_access: { ...before, follows: 'off' } }, { merge: true });
  try {
    await fetch(`http://127.0.0.1:${MAILDEV_WEB}/email/all`, { method: 'DELETE' });
    const stamp = Date.now().toString(36);
    const seedStarted = Date.now();
    const author = await seedAuthor(stamp);
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    const { releaseBook, deliverAlertBatch } = await import('../../functions/src/readers/release-alerts.ts');
    const { liveAlertDeps } = await import('../../functions/src/readers/follow-functions.ts');
    const queued = [];
    const deps = { ...liveAlertDeps(db), enqueueBatch: async (_book, batch) => void queued.push(batch) };
    const title = `Bench Release ${stamp}`;
    const bookId = `fbench-book-${stamp}`;
    await db.doc(`books/${bookId}`).set({
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
      author: { display_name: 'Bench Author', page_slug: author },
      created_at: new Date(),
    });

    const enqueueStarted = Date.now();
    const release = await countingReads(() => releaseBook(deps, bookId));
    const enqueueSeconds = (Date.now() - enqueueStarted) / 1000;

    const deliverStarted = Date.now();
    const delivery = await countingReads(async () => {
      const totals = { sent: 0, skipped: 0, dropped: 0 };
      let next = 0;
      const worker = async () => {
        while (next < queued.length) {
          const outcome = await deliverAlertBatch(deps, bookId, queued[next++]);
          for (const key of Object.keys(totals)) totals[key] += outcome[key];
        }
      };
      await Promise.all(Array.from({ length: BATCH_PARALLEL }, worker));
      return totals;
    });
    const deliverSeconds = (Date.now() - deliverStarted) / 1000;

    // Asked again (a retried trigger, the book hidden and shown): nothing more may go out.
    const again = await releaseBook(deps, bookId);
    const caught = await caughtFor(title);
    return {
      followers: FOLLOWERS,
      member_followers: Math.round(FOLLOWERS * MEMBER_SHARE),
      members_not_following: Math.round(FOLLOWERS * MEMBER_SHARE),
      seed_seconds: Math.round(seedSeconds * 10) / 10,
      batches: queued.length,
      enqueue_seconds: Math.round(enqueueSeconds * 10) / 10,
      enqueue_reads: release.reads,
      deliver_seconds: Math.round(deliverSeconds * 10) / 10,
      mails_per_second: Math.round((delivery.result.sent / deliverSeconds) * 10) / 10,
      deliver_reads: delivery.reads,
      reads_per_follower: Math.round(((release.reads + delivery.reads) / FOLLOWERS) * 100) / 100,
      sent: delivery.result.sent,
      released_again: again.released,
      caught_mails: caught.mails,
      caught_recipients: caught.recipients,
      duplicates: caught.mails - caught.recipients,
      missing: FOLLOWERS - caught.recipients,
    };
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
