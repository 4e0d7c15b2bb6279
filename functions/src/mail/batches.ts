/**
 * The one engine for bulk mail sent exactly once per recipient, in batches:
 * newsletters (editorial/send.ts) and new-book and out-now alerts
 * (follows/release-alerts.ts, follows/out-now.ts). A kind of bulk mail is a
 * BulkMail config (where its send keeps its state, batches and deliveries, its
 * task queue, what to record when a send completes) plus `prepare`, which reads
 * what a batch's mails need and composes each recipient's mail. The engine does
 * the rest, the same way for every kind:
 *
 * 1. Freezing. The kind's own claim transaction (it knows what makes a send
 *    unique) cuts the recipients into batches (intoBatches), writes them with
 *    freezeBatches ({field}: [...], done: false, created_at) and stores the
 *    counters that returns on the send's state document: recipient_count,
 *    batch_count, batches_done, queued, completed_at (under the kind's prefix).
 * 2. Queueing. queueOpenBatches hands every batch not yet done to the kind's
 *    task queue, then sets `queued`. A claim that died before that is queued
 *    again by whoever finds `queued` false; a batch queued twice is harmless.
 * 3. Delivery. deliverBatch mails one batch. For each recipient a transaction
 *    claims their delivery record (claimDelivery: 'sending', with a lease of
 *    DELIVERY_LEASE_MS) before the mail goes out, and it is marked 'sent'
 *    after, so a retried or duplicated task skips everyone already mailed and
 *    leaves a delivery another worker holds to that worker. A refused mail
 *    releases its claim ('failed'). A batch with recipients still open throws,
 *    so the task queue retries it for them. Only a crash between the SMTP
 *    server accepting a mail and the 'sent' write can repeat that one mail,
 *    after the lease has run out.
 * 4. Completion. The batch that completes last sets completed_at, in the
 *    transaction that marks it done, together with what the kind records
 *    (onComplete); a send with no batches completes through finishIfComplete.
 *
 * A new kind (say, an author's updates mailed to their followers) is its
 * config (its place, `recipientsField`, `enqueue` to its task queue, `prepare`
 * with its composer: follows/release-alerts.ts's mailableFollowers picks an
 * author's followers as the alerts do, `onComplete`), its claim transaction,
 * and an onTaskDispatched function that calls deliverBatch.
 *
 * The decisions (batch ids and sizes, a claim under a lease, a batch's error)
 * are pure functions below; the Firestore access is in this module only.
 */
import {
  FieldValue,
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import * as figures from './figures';
import type { BatchTag } from '../../../src/domain/mail/delivery-figures';
import type { Mail, MailOutcome } from './send-mail';

/** Recipients per batch task (more when a send would need over MAX_BATCHES batches). */
export const BATCH_SIZE = 100;
/**
 * Batches one send holds at most: the claim writes them in one transaction
 * (which holds 500 writes), and their ids stay four digits.
 */
export const MAX_BATCHES = 450;
/** How long a 'sending' delivery record belongs to the worker that claimed it. */
export const DELIVERY_LEASE_MS = 120_000;

/** What every bulk send needs from the outside world. */
export interface BulkMailDeps {
  firestore: Firestore;
  /** Sends one mail; throws when the server refuses it ('skipped-suppressed': the address is on the suppression list). */
  sendMail: (mail: Mail) => Promise<MailOutcome | void>;
  now: () => Date;
}

/** Where one send keeps its documents. */
export interface SendPlace {
  /** The document holding the send's counters. */
  state: DocumentReference;
  /** The frozen batches, '0000', '0001', … */
  batches: CollectionReference;
  /** One delivery record per recipient, by the recipient's id. */
  deliveries: CollectionReference;
  /** The prefix of the counters' names on the state document ('' unless another send shares it). */
  prefix: string;
}

/** What one claimed recipient gets: a mail, or their delivery closed without one and counted under `closedAs`. */
export type Composed<C extends string> = { mail: Mail } | { closedAs: C; record?: Record<string, unknown> };

/** One recipient of a batch: the id of their delivery record, and their mail, composed once it is claimed. */
export interface Recipient<C extends string> {
  id: string;
  compose: () => Composed<C> | Promise<Composed<C>>;
}

/**
 * What a batch is to do, as its kind's `prepare` decides:
 * - `{ recipients }`: mail these (some already counted under `counted`, left out before any claim);
 * - 'closed': the send's subject is gone (deleted, hidden): the batch is done, nobody more is mailed;
 * - 'later': not due yet, and queued again by the kind: the batch stays open.
 */
export type Prepared<C extends string> =
  { recipients: readonly Recipient<C>[]; counted?: Partial<Record<C, number>> } | 'closed' | 'later';

/**
 * A kind of bulk mail. K names one send (a newsletter id; a book and its round),
 * D is the kind's deps, R one frozen recipient as its batches store it, C the
 * kind's own outcome counters (recipients closed without a mail, or left out).
 */
export interface BulkMail<K, D extends BulkMailDeps, R, C extends string = never> {
  /** One batch as the error of a batch left open names it: 'newsletter n1 batch 0000'. */
  label: (key: K, batch: string) => string;
  /** What the error calls the recipients: 'recipients', 'followers'. */
  noun: string;
  place: (fs: Firestore, key: K) => SendPlace;
  /** The batch document's field listing its recipients. */
  recipientsField: string;
  /** Mails in flight at once within a batch. */
  concurrency: number;
  /** The kind's counters beyond sent, skipped and open, each starting at 0. */
  counters: readonly C[];
  /** The send's tag for the delivery figures (its mails carry it; its sends are counted under it). */
  tag?: (key: K) => BatchTag;
  /** Queues the delivery of these batches of send `key`. */
  enqueue: (deps: D, key: K, batches: readonly string[]) => Promise<void>;
  /** Reads what the batch's mails need and decides what it does (Prepared). */
  prepare: (deps: D, key: K, recipients: readonly R[], batch: string) => Promise<Prepared<C>>;
  /**
   * What the send records when it completes, in the completing transaction
   * (its reads come first; the engine writes after). `state` is the state
   * document as it was before this completion.
   */
  onComplete?: (tx: Transaction, deps: D, key: K, state: DocumentSnapshot, at: Timestamp) => Promise<void>;
}

/** What a batch delivery did: mails sent by this run, recipients mailed earlier (a retry), those still open, and the kind's counters. */
export type BatchOutcome<C extends string = never> = {
  sent: number;
  /** Recipients already mailed (or closed) by an earlier run. */
  skipped: number;
  /** Recipients whose mail failed or whose delivery another worker holds; the batch is retried for them. */
  open: number;
  /** Recipients on the suppression list: not mailed, their delivery closed (never retried). */
  suppressed: number;
} & Record<C, number>;

/** Batch ids sort in order: '0000', '0001', … */
export function batchId(n: number): string {
  return String(n).padStart(4, '0');
}

/** `items` cut into batches of `size` (more each when they would need over `maxBatches`). */
export function intoBatches<T>(items: readonly T[], size = BATCH_SIZE, maxBatches = MAX_BATCHES): T[][] {
  const each = Math.max(size, Math.ceil(items.length / maxBatches));
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += each) batches.push(items.slice(i, i + each));
  return batches;
}

/** A delivery claim: 'mine' to send now, 'sent' already done, 'busy' held by another worker's lease. */
export type Claim = 'mine' | 'sent' | 'busy';

/**
 * Whether a worker may claim a delivery record as it stands (undefined: none
 * yet): a sent one never again, a 'sending' one only once its lease has run
 * out, a failed or released one at once.
 */
export function claimDecision(
  record: { status?: unknown; claimedAtMs?: number } | undefined,
  nowMs: number,
  leaseMs = DELIVERY_LEASE_MS,
): Claim {
  if (record === undefined) return 'mine';
  if (record.status === 'sent') return 'sent';
  if (record.status === 'sending' && nowMs - (record.claimedAtMs ?? 0) < leaseMs) return 'busy';
  return 'mine';
}

/** The error of a batch with recipients still open: how many, and the first three failures. */
export function openBatchMessage(
  label: string,
  noun: string,
  open: number,
  failures: readonly string[],
): string {
  return `${label}: ${open} ${noun} still open (${failures.slice(0, 3).join('; ')})`;
}

/** The counters a new send starts with on its state document, under `prefix`. */
export function startCounters(
  prefix: string,
  recipientCount: number,
  batchCount: number,
): Record<string, number | boolean | null> {
  return {
    [`${prefix}recipient_count`]: recipientCount,
    [`${prefix}batch_count`]: batchCount,
    [`${prefix}batches_done`]: 0,
    [`${prefix}queued`]: false,
    [`${prefix}completed_at`]: null,
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function withConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Writes `batches` in `tx` as the batch documents of the send at `place`, and
 * returns the counters to store on its state document (startCounters).
 */
export function freezeBatches<R>(
  tx: Transaction,
  kind: { recipientsField: string },
  place: SendPlace,
  batches: readonly (readonly R[])[],
  recipientCount: number,
  at: Timestamp,
): Record<string, number | boolean | null> {
  batches.forEach((list, n) =>
    tx.create(place.batches.doc(batchId(n)), { [kind.recipientsField]: list, done: false, created_at: at }),
  );
  return startCounters(place.prefix, recipientCount, batches.length);
}

/** Queues every batch of send `key` not yet done, then notes that the send is fully queued. */
export async function queueOpenBatches<K, D extends BulkMailDeps, R, C extends string>(
  kind: BulkMail<K, D, R, C>,
  deps: D,
  key: K,
): Promise<void> {
  const place = kind.place(deps.firestore, key);
  const open = await place.batches.where('done', '==', false).select().get();
  await kind.enqueue(
    deps,
    key,
    open.docs.map((doc) => doc.id),
  );
  await place.state.update({ [`${place.prefix}queued`]: true });
}

/**
 * Claims one recipient's delivery record `ref` (batches, and digests too):
 * 'mine' to send now, 'sent' already done, 'busy' held by another worker's lease.
 */
export async function claimDelivery(
  deps: Pick<BulkMailDeps, 'firestore' | 'now'>,
  ref: DocumentReference,
  batch: string,
): Promise<Claim> {
  return deps.firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const now = deps.now();
    const claimedAt = snap.get('claimed_at') as Timestamp | undefined;
    const claim = claimDecision(
      snap.exists ? { status: snap.get('status'), claimedAtMs: claimedAt?.toMillis() ?? 0 } : undefined,
      now.getTime(),
    );
    if (claim !== 'mine') return claim;
    tx.set(
      ref,
      { status: 'sending', claimed_at: Timestamp.fromDate(now), batch, attempts: FieldValue.increment(1) },
      { merge: true },
    );
    return claim;
  });
}

/** Marks a claimed delivery done: its mail went out, or (with `record`) it was closed without one. */
export async function markSent(
  ref: DocumentReference,
  at: Date,
  record: Record<string, unknown> = {},
): Promise<void> {
  await ref.set({ status: 'sent', ...record, sent_at: Timestamp.fromDate(at) }, { merge: true });
}

/** Releases a claimed delivery whose mail was refused, so the retry sends it at once. */
export async function markFailed(ref: DocumentReference, error: unknown): Promise<void> {
  await ref.set(
    { status: 'failed', claimed_at: Timestamp.fromMillis(0), error: String(error).slice(0, 500) },
    { merge: true },
  );
}

/** A kind's outcome with every counter at 0. */
function emptyOutcome<C extends string>(counters: readonly C[]): BatchOutcome<C> {
  const outcome: Record<string, number> = { sent: 0, skipped: 0, open: 0, suppressed: 0 };
  for (const counter of counters) outcome[counter] = 0;
  return outcome as BatchOutcome<C>;
}

/**
 * Delivers one batch of send `key`: each recipient at most once (see the file
 * comment). Throws when some recipients are still open, so the task queue
 * retries the batch for them; a batch already done does nothing.
 */
export async function deliverBatch<K, D extends BulkMailDeps, R, C extends string>(
  kind: BulkMail<K, D, R, C>,
  deps: D,
  key: K,
  batch: string,
): Promise<BatchOutcome<C>> {
  const outcome = emptyOutcome(kind.counters);
  const counts = outcome as Record<string, number>;
  const place = kind.place(deps.firestore, key);
  const batchSnap = await place.batches.doc(batch).get();
  if (!batchSnap.exists || batchSnap.get('done') === true) return outcome;
  const recipients = (batchSnap.get(kind.recipientsField) ?? []) as R[];
  const prepared = await kind.prepare(deps, key, recipients, batch);
  if (prepared === 'later') return outcome;
  if (prepared === 'closed') {
    await finishBatch(kind, deps, key, batch);
    return outcome;
  }
  for (const [counter, n] of Object.entries(prepared.counted ?? {}))
    counts[counter] = (counts[counter] ?? 0) + Number(n);
  const failures: string[] = [];
  const tag = kind.tag?.(key);

  await withConcurrency(prepared.recipients, kind.concurrency, async (recipient) => {
    const ref = place.deliveries.doc(recipient.id);
    const claim = await claimDelivery(deps, ref, batch);
    if (claim === 'sent') {
      outcome.skipped += 1;
      return;
    }
    if (claim === 'busy') {
      outcome.open += 1;
      return;
    }
    const composed = await recipient.compose();
    if ('closedAs' in composed) {
      await markSent(ref, deps.now(), composed.record);
      counts[composed.closedAs] = (counts[composed.closedAs] ?? 0) + 1;
      return;
    }
    let sent: MailOutcome | void;
    try {
      sent = await deps.sendMail(tag ? { ...composed.mail, batch: tag } : composed.mail);
    } catch (error) {
      // Not sent: release the claim so the retry sends it.
      await markFailed(ref, error);
      outcome.open += 1;
      failures.push(`${recipient.id}: ${String(error)}`);
      return;
    }
    // A suppressed address is closed like a sent one (a retry must not try it again), and counted apart.
    const suppressed = sent === 'skipped-suppressed';
    await markSent(ref, deps.now(), suppressed ? { suppressed: true } : {});
    if (suppressed) outcome.suppressed += 1;
    else outcome.sent += 1;
  });

  if (tag) await countSends(deps.firestore, tag, outcome);
  if (outcome.open > 0)
    throw new Error(openBatchMessage(kind.label(key, batch), kind.noun, outcome.open, failures));
  await finishBatch(kind, deps, key, batch);
  return outcome;
}

/**
 * Counts a batch run's sent and suppressed mails in the delivery figures. The
 * figures are a report: a failure to count is logged, never fails the batch.
 */
export async function countSends(
  firestore: Firestore,
  tag: BatchTag,
  outcome: { sent: number; suppressed: number },
): Promise<void> {
  try {
    await figures.countSends(firestore, tag, { sent: outcome.sent, suppressed: outcome.suppressed });
  } catch (error) {
    logger.error('bulk mail: the delivery figures were not counted', { tag, error });
  }
}

/** Marks a batch done once; when it was the last, completes the send in the same transaction. */
async function finishBatch<K, D extends BulkMailDeps, R, C extends string>(
  kind: BulkMail<K, D, R, C>,
  deps: D,
  key: K,
  batch: string,
): Promise<void> {
  const fs = deps.firestore;
  const place = kind.place(fs, key);
  const field = (name: string) => `${place.prefix}${name}`;
  await fs.runTransaction(async (tx) => {
    const [batchSnap, state] = await Promise.all([tx.get(place.batches.doc(batch)), tx.get(place.state)]);
    if (!batchSnap.exists || batchSnap.get('done') === true || !state.exists) return;
    const last =
      !state.get(field('completed_at')) &&
      Number(state.get(field('batches_done'))) + 1 >= Number(state.get(field('batch_count')));
    const at = Timestamp.fromDate(deps.now());
    if (last) await kind.onComplete?.(tx, deps, key, state, at);
    tx.update(batchSnap.ref, { done: true });
    tx.update(state.ref, {
      [field('batches_done')]: FieldValue.increment(1),
      ...(last ? { [field('completed_at')]: at } : {}),
    });
  });
  logger.debug('bulk mail: batch done', { send: kind.label(key, batch) });
}

/** Completes send `key` once every batch is done (a send frozen with no batches at all). */
export async function finishIfComplete<K, D extends BulkMailDeps, R, C extends string>(
  kind: BulkMail<K, D, R, C>,
  deps: D,
  key: K,
): Promise<void> {
  const fs = deps.firestore;
  const place = kind.place(fs, key);
  const field = (name: string) => `${place.prefix}${name}`;
  await fs.runTransaction(async (tx) => {
    const state = await tx.get(place.state);
    if (!state.exists || state.get(field('completed_at'))) return;
    if (Number(state.get(field('batches_done'))) < Number(state.get(field('batch_count')))) return;
    const at = Timestamp.fromDate(deps.now());
    await kind.onComplete?.(tx, deps, key, state, at);
    tx.update(state.ref, { [field('completed_at')]: at });
  });
}
