/**
 * New-book alerts, exactly once per follower per book, on the newsletter's
 * pattern (newsletters/send.ts):
 *
 * 1. The release. When a book becomes public (published, its author approved
 *    and active: books.is_public, src/domain/shared/visibility.ts), one transaction
 *    checks that it is still public and that `book_alerts/{bookId}` does not
 *    exist, and creates it together with the instant followers' follow ids
 *    frozen into batch documents (`book_alerts/{bookId}/batches/{n}`). The
 *    marker is never removed, so a second trigger for the same change, a
 *    retried event, or the book hidden and shown again finds it and releases
 *    nothing more. Its released_at is what the weekly digest gathers.
 * 2. The fan-out. One task per batch (deliverReleaseAlerts), due ALERT_DELAY_MS
 *    after the release: a book deleted or hidden before then alerts nobody.
 *    Each follower's delivery is claimed in
 *    `book_alerts/{bookId}/deliveries/{followId}` before the mail goes out and
 *    marked sent after (claimDelivery), so a retried or duplicated task skips
 *    everyone already mailed. The daily cap is checked on the follow itself
 *    (last_alert, in a transaction): a follower alerted of another book of the
 *    author within ALERT_CAP_MS gets no mail now; the book is added to the
 *    follow's deferred_book_ids for their next digest, and the delivery is done.
 * 3. Completion. The batch that completes last sets completed_at.
 *
 * What a release sends depends on the book's publication date when it first
 * becomes public (releaseKind, src/domain/books/releases.ts), stored as the marker's
 * `kind`: 'new' alerts as above; 'preorder' sends a "coming on <date>" alert the
 * same way and notes the date as `out_now_due`, where the out-now job (out-now.ts)
 * finds it; 'backlist' freezes nobody (a marker with no batches), so only the
 * weekly digest lists it. The out-now round runs on the same marker with the
 * same steps under its own names (ROUNDS: out_now_batches, out_now_deliveries,
 * out_now_* fields), to every follower of the author whatever their mode.
 *
 * Reads are O(followers): one id-only query of the author's instant followers,
 * then per batch the batch, the book, its follows (getAll) and the members'
 * addresses from Auth (one call per batch); nothing reads the members at large.
 */
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { bookSchema } from '../../../src/domain/books/book';
import {
  FOLLOWS,
  alertCapDecision,
  followSchema,
  withDeferredBook,
  type Follow,
} from '../../../src/domain/readers/follows';
import { parseDoc, toPlainData } from '../../../src/data/firestore-convert';
import { isPreorder, outNowDue, releaseKind, type ReleaseKind } from '../../../src/domain/books/releases';
import type { Mail } from '../mail/send-mail';
import type { MailBrand } from '../mail/templates';
import { claimDelivery, withConcurrency } from '../editorial/send';
import { outNowAlertMail, preorderAlertMail, releaseAlertMail, type AlertBook } from './alert-mail';

/** book_alerts/{bookId}: the release marker of a book (and its batches and deliveries). */
export const BOOK_ALERTS = 'book_alerts';
/** Follow ids per batch task (more when a release would need over MAX_BATCHES batches). */
export const ALERT_BATCH_SIZE = 100;
/** Batches written in the release transaction at most (a transaction holds 500 writes). */
export const MAX_BATCHES = 450;
/** Mails in flight at once within a batch. */
const CONCURRENCY = 8;

/** What the alerts need from the outside world. */
export interface AlertDeps {
  firestore: Firestore;
  /** Sends one mail; throws when the server refuses it. */
  sendMail: (mail: Mail) => Promise<unknown>;
  /** Queues the delivery of one batch of a round, to run no earlier than `notBefore`. */
  enqueueBatch: (bookId: string, batch: string, notBefore: Date, round: AlertRound) => Promise<void>;
  /** The verified, enabled sign-in addresses of these members (uid → address); others are left out. */
  memberEmails: (uids: readonly string[]) => Promise<Map<string, string>>;
  /** The site's title, logo and address for the mail. */
  brand: () => Promise<MailBrand>;
  now: () => Date;
  /** How long after the release the alerts go out (ALERT_DELAY_MS in production). */
  delayMs: number;
  /** Waits `ms` (a delivery that arrives a little early waits for its time). */
  sleep: (ms: number) => Promise<void>;
  /** For each follow, whether its follower may be mailed now (the 'follows' switch: alertAudience). */
  audience: (follows: readonly Follow[]) => Promise<boolean[]>;
}

/** A delivery that arrives at most this early waits in the task; one earlier is queued again for its time. */
const MAX_WAIT_IN_TASK_MS = 60_000;

/** The rounds of alerts one marker holds: the release itself, and a preorder's out-now on its date. */
export const ALERT_ROUNDS = ['release', 'out_now'] as const;
export type AlertRound = (typeof ALERT_ROUNDS)[number];

/** Where a round keeps its batches and deliveries, and its fields' names on the marker. */
interface RoundNames {
  batches: string;
  deliveries: string;
  /** The prefix of its counters on the marker (batch_count, batches_done, queued, completed_at). */
  prefix: '' | 'out_now_';
  /** The marker field holding when the round started. */
  startedAt: 'released_at' | 'out_now_at';
}

const ROUNDS: Record<AlertRound, RoundNames> = {
  release: { batches: 'batches', deliveries: 'deliveries', prefix: '', startedAt: 'released_at' },
  out_now: {
    batches: 'out_now_batches',
    deliveries: 'out_now_deliveries',
    prefix: 'out_now_',
    startedAt: 'out_now_at',
  },
};

/** The marker's field `name` of `round` ('batch_count' → 'out_now_batch_count'). */
export const roundField = (round: AlertRound, name: string) => `${ROUNDS[round].prefix}${name}`;

export const markerRef = (fs: Firestore, bookId: string) => fs.collection(BOOK_ALERTS).doc(bookId);
export const batchRef = (fs: Firestore, bookId: string, batch: string, round: AlertRound = 'release') =>
  markerRef(fs, bookId).collection(ROUNDS[round].batches).doc(batch);

/** Batch ids sort in order: '0000', '0001', … */
export const batchId = (n: number) => String(n).padStart(4, '0');

/** `ids` cut into batches of ALERT_BATCH_SIZE (more each when they would need over MAX_BATCHES). */
export function intoBatches(ids: readonly string[]): string[][] {
  const size = Math.max(ALERT_BATCH_SIZE, Math.ceil(ids.length / MAX_BATCHES));
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  return batches;
}

/** What a release did. */
export interface ReleaseResult {
  /** True when this call released the book; false when it was released before or is not public. */
  released: boolean;
  /** Instant followers frozen into the release (this call's or the earlier one's). */
  recipientCount: number;
  /** What the release is (releaseKind); absent when nothing was released. */
  kind?: ReleaseKind;
}

/**
 * Releases `bookId` once (see the file comment) and queues its batches. A
 * release whose batches were not all queued (the releasing call died) is queued
 * again by the next call; the delivery records make a batch queued twice harmless.
 */
export async function releaseBook(deps: AlertDeps, bookId: string): Promise<ReleaseResult> {
  const fs = deps.firestore;
  const marker = await markerRef(fs, bookId).get();
  if (marker.exists) {
    if (marker.get('queued') !== true) await queueOpenBatches(deps, bookId, 'release');
    return { released: false, recipientCount: Number(marker.get('recipient_count')) };
  }
  const book = await fs.collection('books').doc(bookId).get();
  const authorUid = book.get('user_id');
  if (!book.exists || book.get('is_public') !== true || typeof authorUid !== 'string')
    return { released: false, recipientCount: 0 };
  const planned = releaseKind(dateOf(book.get('publication_date')), deps.now());
  // A backlist book alerts nobody at once: no followers to freeze.
  const followers =
    planned === 'backlist'
      ? []
      : (
          await fs
            .collection(FOLLOWS)
            .where('author_uid', '==', authorUid)
            .where('mode', '==', 'instant')
            .select()
            .get()
        ).docs;
  const ids = followers.map((doc) => doc.id);
  const batches = intoBatches(ids);

  const outcome = await fs.runTransaction(async (tx) => {
    const [current, bookNow] = await Promise.all([
      tx.get(markerRef(fs, bookId)),
      tx.get(fs.collection('books').doc(bookId)),
    ]);
    if (current.exists)
      return {
        released: false,
        count: Number(current.get('recipient_count')),
        queued: current.get('queued'),
      };
    if (bookNow.get('is_public') !== true || bookNow.get('user_id') !== authorUid)
      return { released: false, count: 0, queued: true };
    const kind = releaseKind(dateOf(bookNow.get('publication_date')), deps.now());
    // The date changed since the followers were read, from backlist to one that alerts: read them again.
    if (kind !== 'backlist' && planned === 'backlist')
      throw new Error(`book ${bookId}: its publication date changed during the release`);
    const frozen = kind === 'backlist' ? [] : batches;
    const count = kind === 'backlist' ? 0 : ids.length;
    const now = Timestamp.fromDate(deps.now());
    tx.create(markerRef(fs, bookId), {
      author_uid: authorUid,
      released_at: now,
      kind,
      recipient_count: count,
      batch_count: frozen.length,
      batches_done: 0,
      queued: false,
      completed_at: frozen.length === 0 ? now : null,
      ...(kind === 'preorder'
        ? { out_now_due: outNowDue(dateOf(bookNow.get('publication_date')), deps.now()) }
        : {}),
    });
    frozen.forEach((list, n) =>
      tx.create(batchRef(fs, bookId, batchId(n)), { follow_ids: list, done: false, created_at: now }),
    );
    return { released: true, count, queued: false, kind };
  });
  if (outcome.queued !== true) await queueOpenBatches(deps, bookId, 'release');
  return {
    released: outcome.released,
    recipientCount: outcome.count,
    ...('kind' in outcome ? { kind: outcome.kind } : {}),
  };
}

/** A stored publication date, or null when the field holds none. */
export function dateOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * When a round's alerts are due: the release's ALERT_DELAY_MS (deps.delayMs) after
 * its released_at, so a book deleted or hidden meanwhile alerts nobody; the
 * out-now round at once (the book has been public since its preorder).
 */
function dueAt(deps: AlertDeps, round: AlertRound, startedAt: unknown): Date {
  const started = startedAt instanceof Timestamp ? startedAt.toMillis() : deps.now().getTime();
  return new Date(started + (round === 'release' ? deps.delayMs : 0));
}

/** Queues every batch of `round` not yet done, then notes that the round is fully queued. */
export async function queueOpenBatches(deps: AlertDeps, bookId: string, round: AlertRound): Promise<void> {
  const marker = markerRef(deps.firestore, bookId);
  const [snap, open] = await Promise.all([
    marker.get(),
    marker.collection(ROUNDS[round].batches).where('done', '==', false).select().get(),
  ]);
  const due = dueAt(deps, round, snap.get(ROUNDS[round].startedAt));
  for (const doc of open.docs) await deps.enqueueBatch(bookId, doc.id, due, round);
  await marker.update({ [roundField(round, 'queued')]: true });
}

/**
 * Applies the daily cap to one follower's alert of `bookId`, in a transaction on
 * the follow: 'send' records this book as the follow's last alert; 'defer' adds
 * it to the follow's deferred books for the next digest; 'gone' when the follow
 * no longer exists.
 */
async function capAlert(
  deps: AlertDeps,
  followId: string,
  bookId: string,
): Promise<'send' | 'defer' | 'gone'> {
  const fs = deps.firestore;
  const ref = fs.collection(FOLLOWS).doc(followId);
  return fs.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const parsed = snap.exists ? followSchema.safeParse(toPlainData(snap.data())) : undefined;
    if (!parsed?.success) return 'gone';
    const now = deps.now();
    if (alertCapDecision(parsed.data.last_alert, bookId, now) === 'send') {
      tx.update(ref, { last_alert: { at: Timestamp.fromDate(now), book_id: bookId } });
      return 'send';
    }
    tx.update(ref, { deferred_book_ids: withDeferredBook(parsed.data.deferred_book_ids, bookId) });
    return 'defer';
  });
}

/** Where a follow's alert goes: the member's verified address, or the email follower's stored one. */
async function addressesOf(deps: AlertDeps, follows: readonly Follow[]): Promise<(string | null)[]> {
  const members = follows.flatMap((f) => (f.follower.kind === 'member' ? [f.follower.uid] : []));
  const emails = members.length > 0 ? await deps.memberEmails(members) : new Map<string, string>();
  return follows.map((f) =>
    f.follower.kind === 'email' ? f.follower.email : (emails.get(f.follower.uid) ?? null),
  );
}

/** What a batch delivery did. */
export interface AlertBatchOutcome {
  sent: number;
  /** Already mailed by an earlier run. */
  skipped: number;
  /** Unfollowed, switched to the weekly digest, or without a verified address since the release. */
  dropped: number;
  /** Alerted of another of the author's books within the daily cap: kept for their next digest. */
  deferred: number;
  /** Failed or held by another worker: the batch is retried for them. */
  open: number;
}

/**
 * The mail of one follower's alert of `round`: a preorder's release says when it
 * comes out, while its date is still to come (edited to today meanwhile, it is
 * simply new); the out-now round says it is out.
 */
function roundMail(
  deps: AlertDeps,
  round: AlertRound,
  kind: unknown,
  brand: MailBrand,
  book: AlertBook,
  to: string,
  followId: string,
): Mail {
  if (round === 'out_now') return outNowAlertMail(brand, book, to, followId);
  const date = book.publication_date;
  return kind === 'preorder' && date && isPreorder(date, deps.now())
    ? preorderAlertMail(brand, { ...book, publication_date: date }, to, followId)
    : releaseAlertMail(brand, book, to, followId);
}

/**
 * Delivers one batch of a round: each follower at most once. Throws when
 * some are still open, so the task queue retries the batch for them. A book no
 * longer public by then is not announced to the rest. The release mails instant
 * followers only (one who switched to the digest meanwhile is dropped); the
 * out-now round every follower.
 */
export async function deliverAlertBatch(
  deps: AlertDeps,
  bookId: string,
  batch: string,
  round: AlertRound = 'release',
): Promise<AlertBatchOutcome> {
  const fs = deps.firestore;
  const outcome: AlertBatchOutcome = { sent: 0, skipped: 0, dropped: 0, deferred: 0, open: 0 };
  const [batchSnap, markerSnap] = await Promise.all([
    batchRef(fs, bookId, batch, round).get(),
    markerRef(fs, bookId).get(),
  ]);
  if (!batchSnap.exists || batchSnap.get('done') === true) return outcome;
  // Not before the delay: a little early waits here, much earlier is queued again for its time.
  const due = dueAt(deps, round, markerSnap.get(ROUNDS[round].startedAt));
  const early = due.getTime() - deps.now().getTime();
  if (early > MAX_WAIT_IN_TASK_MS) {
    await deps.enqueueBatch(bookId, batch, due, round);
    return outcome;
  }
  if (early > 0) await deps.sleep(early);
  const bookSnap = await fs.collection('books').doc(bookId).get();
  if (!bookSnap.exists || bookSnap.get('is_public') !== true) {
    await finishBatch(deps, bookId, batch, round);
    return outcome;
  }
  const book: AlertBook = parseDoc(bookSchema, bookSnap.id, bookSnap.data() ?? {}, 'books');
  const ids = batchSnap.get('follow_ids') as string[];
  const snaps = ids.length > 0 ? await fs.getAll(...ids.map((id) => fs.collection(FOLLOWS).doc(id))) : [];
  const instant: { id: string; follow: Follow }[] = [];
  for (const snap of snaps) {
    const parsed = snap.exists ? followSchema.safeParse(toPlainData(snap.data())) : undefined;
    if (parsed?.success && (round === 'out_now' || parsed.data.mode === 'instant'))
      instant.push({ id: snap.id, follow: parsed.data });
    else outcome.dropped += 1;
  }
  // The switch as it is now decides who is mailed (off: nobody; Premium members: only them).
  const allowed = instant.length > 0 ? await deps.audience(instant.map((l) => l.follow)) : [];
  const live = instant.filter((_, i) => allowed[i] === true);
  outcome.dropped += instant.length - live.length;
  const addresses = await addressesOf(
    deps,
    live.map((l) => l.follow),
  );
  const brand = await deps.brand();
  const failures: string[] = [];

  await withConcurrency(
    live.map((l, i) => ({ ...l, to: addresses[i] ?? null })),
    CONCURRENCY,
    async ({ id, to }) => {
      if (to === null) {
        outcome.dropped += 1;
        return;
      }
      const ref = markerRef(fs, bookId).collection(ROUNDS[round].deliveries).doc(id);
      const claim = await claimDelivery(deps, ref, batch);
      if (claim === 'sent') {
        outcome.skipped += 1;
        return;
      }
      if (claim === 'busy') {
        outcome.open += 1;
        return;
      }
      const cap = await capAlert(deps, id, bookId);
      if (cap !== 'send') {
        // Done for this release either way: deferred to the digest, or unfollowed meanwhile.
        await ref.set(
          { status: 'sent', deferred: cap === 'defer', sent_at: Timestamp.fromDate(deps.now()) },
          { merge: true },
        );
        if (cap === 'defer') outcome.deferred += 1;
        else outcome.dropped += 1;
        return;
      }
      try {
        await deps.sendMail(roundMail(deps, round, markerSnap.get('kind'), brand, book, to, id));
      } catch (error) {
        await ref.set(
          { status: 'failed', claimed_at: Timestamp.fromMillis(0), error: String(error).slice(0, 500) },
          { merge: true },
        );
        outcome.open += 1;
        failures.push(String(error));
        return;
      }
      await ref.set({ status: 'sent', sent_at: Timestamp.fromDate(deps.now()) }, { merge: true });
      outcome.sent += 1;
    },
  );
  if (outcome.open > 0)
    throw new Error(
      `book ${bookId} ${round} alerts batch ${batch}: ${outcome.open} followers still open (${failures.slice(0, 3).join('; ')})`,
    );
  await finishBatch(deps, bookId, batch, round);
  return outcome;
}

/** Marks a batch done once, and completes the round when it was the last. */
async function finishBatch(deps: AlertDeps, bookId: string, batch: string, round: AlertRound): Promise<void> {
  const fs = deps.firestore;
  const field = (name: string) => roundField(round, name);
  await fs.runTransaction(async (tx) => {
    const [batchSnap, markerSnap] = await Promise.all([
      tx.get(batchRef(fs, bookId, batch, round)),
      tx.get(markerRef(fs, bookId)),
    ]);
    if (!batchSnap.exists || batchSnap.get('done') === true || !markerSnap.exists) return;
    tx.update(batchSnap.ref, { done: true });
    const done = Number(markerSnap.get(field('batches_done'))) + 1;
    tx.update(markerSnap.ref, {
      [field('batches_done')]: FieldValue.increment(1),
      ...(done >= Number(markerSnap.get(field('batch_count')))
        ? { [field('completed_at')]: Timestamp.fromDate(deps.now()) }
        : {}),
    });
  });
  logger.debug('book alerts: batch done', { book: bookId, batch, round });
}
