/**
 * Sending a newsletter exactly once, in batches:
 *
 * 1. The claim. The recipients are computed, then one transaction checks that
 *    the newsletter is published, unsent and unclaimed, and writes the send
 *    state (`newsletters/{id}/send/state`) with the recipients frozen into batch
 *    documents (`newsletters/{id}/batches/{n}`). Two admins clicking at once, a
 *    double click or a retried call find the claim and send nothing more.
 * 2. The fan-out. One task per batch (the deliverNewsletterBatch queue). For
 *    each recipient a transaction claims `newsletters/{id}/deliveries/{uid}`
 *    ('sending', with a lease) before the mail goes out and marks it 'sent'
 *    after, so a retried or resumed batch skips everyone already mailed. Only a
 *    crash between the SMTP server accepting a mail and the 'sent' write can
 *    repeat that one mail, after the lease has run out.
 * 3. Completion. The batch that completes last sets the newsletter's sent_at and
 *    recipient_count (which republishes the page with ' • Sent to N recipients').
 */
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import {
  newsletterSchema,
  type Newsletter,
  type RecipientGroup,
} from '../../../src/domain/editorial/newsletter';
import { parseDoc } from '../../../src/data/firestore-convert';
import type { Mail } from '../mail/send-mail';
import { newsletterMail, type NewsletterRecipient } from './newsletter-mail';

/** Recipients per batch task. */
export const BATCH_SIZE = 100;
/** How long a 'sending' delivery record belongs to the worker that claimed it. */
export const DELIVERY_LEASE_MS = 120_000;
/** How long a claiming call has to queue its batches before a later call queues them again. */
export const QUEUE_GRACE_MS = 60_000;
/** Mails in flight at once within a batch. */
const CONCURRENCY = 4;

/** What the send needs from the outside world. */
export interface SendDeps {
  firestore: Firestore;
  /** Sends one mail; throws when the server refuses it. */
  sendMail: (mail: Mail) => Promise<unknown>;
  /** Queues the delivery of one batch. */
  enqueueBatch: (newsletterId: string, batch: string) => Promise<void>;
  now: () => Date;
}

/** The outcome of a send request. */
export interface SendResult {
  /** Recipients of the send (the one started now, or the one already claimed). */
  recipientCount: number;
  /** True when an earlier request had already claimed the send. */
  alreadySent: boolean;
}

/** Why a send was refused. */
export class SendRefused extends Error {
  constructor(
    readonly code: 'not-found' | 'failed-precondition',
    message: string,
  ) {
    super(message);
  }
}

const stateRef = (fs: Firestore, id: string) => fs.doc(`newsletters/${id}/send/state`);
const batchRef = (fs: Firestore, id: string, batch: string) => fs.doc(`newsletters/${id}/batches/${batch}`);
const deliveryRef = (fs: Firestore, id: string, uid: string) => fs.doc(`newsletters/${id}/deliveries/${uid}`);

/** Batch ids sort in order: '0000', '0001', … */
function batchId(n: number): string {
  return String(n).padStart(4, '0');
}

/**
 * Claims the send of newsletter `id` to `recipients` (already filtered to the
 * group) and queues its batches; a second request returns the first one's count.
 */
export async function claimAndQueueSend(
  deps: SendDeps,
  id: string,
  group: RecipientGroup,
  recipients: readonly NewsletterRecipient[],
  claimedBy: string,
): Promise<SendResult> {
  const fs = deps.firestore;
  const batches: NewsletterRecipient[][] = [];
  for (let i = 0; i < recipients.length; i += BATCH_SIZE) batches.push(recipients.slice(i, i + BATCH_SIZE));

  const claim = await fs.runTransaction(async (tx) => {
    const [newsletterSnap, stateSnap] = await Promise.all([
      tx.get(fs.doc(`newsletters/${id}`)),
      tx.get(stateRef(fs, id)),
    ]);
    if (!newsletterSnap.exists) throw new SendRefused('not-found', 'This newsletter does not exist.');
    if (stateSnap.exists) {
      // Still queuing in the claiming call (or it died less than a minute ago): leave it to that call.
      const claimedAt = (stateSnap.get('claimed_at') as Timestamp).toMillis();
      const queued = stateSnap.get('queued') === true || deps.now().getTime() - claimedAt < QUEUE_GRACE_MS;
      return { fresh: false, count: Number(stateSnap.get('recipient_count')), queued };
    }
    if (newsletterSnap.get('sent_at'))
      return { fresh: false, count: Number(newsletterSnap.get('recipient_count') ?? 0), queued: true };
    if (newsletterSnap.get('is_published') !== true)
      throw new SendRefused('failed-precondition', 'Only a published newsletter can be sent.');
    const now = Timestamp.fromDate(deps.now());
    tx.create(stateRef(fs, id), {
      group,
      recipient_count: recipients.length,
      batch_count: batches.length,
      batches_done: 0,
      claimed_by: claimedBy,
      claimed_at: now,
      queued: false,
      completed_at: null,
    });
    batches.forEach((list, n) =>
      tx.create(batchRef(fs, id, batchId(n)), { recipients: list, done: false, created_at: now }),
    );
    return { fresh: true, count: recipients.length, queued: false };
  });

  // A claim whose batches were never all queued (the claiming call died over a minute ago)
  // is queued again; the delivery records make a batch queued twice harmless.
  if (!claim.queued) await queueOpenBatches(deps, id);
  if (claim.fresh && recipients.length === 0) await finishIfComplete(deps, id);
  return { recipientCount: claim.count, alreadySent: !claim.fresh };
}

/** Queues every batch not yet done, then notes that the send is fully queued. */
async function queueOpenBatches(deps: SendDeps, id: string): Promise<void> {
  const open = await deps.firestore
    .collection(`newsletters/${id}/batches`)
    .where('done', '==', false)
    .select()
    .get();
  for (const doc of open.docs) await deps.enqueueBatch(id, doc.id);
  await stateRef(deps.firestore, id).update({ queued: true });
}

/** A delivery claim: 'mine' to send now, 'sent' already done, 'busy' held by another worker's lease. */
export type Claim = 'mine' | 'sent' | 'busy';

/**
 * Claims one recipient's delivery record `ref` (newsletters, new-book alerts,
 * digests): 'mine' to send now, 'sent' already done, 'busy' held by another
 * worker's lease.
 */
export async function claimDelivery(
  deps: Pick<SendDeps, 'firestore' | 'now'>,
  ref: DocumentReference,
  batch: string,
): Promise<Claim> {
  return deps.firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const now = deps.now();
    if (snap.exists) {
      if (snap.get('status') === 'sent') return 'sent';
      const claimedAt = (snap.get('claimed_at') as Timestamp | undefined)?.toMillis() ?? 0;
      if (snap.get('status') === 'sending' && now.getTime() - claimedAt < DELIVERY_LEASE_MS) return 'busy';
    }
    tx.set(
      ref,
      { status: 'sending', claimed_at: Timestamp.fromDate(now), batch, attempts: FieldValue.increment(1) },
      { merge: true },
    );
    return 'mine';
  });
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

/** What a batch delivery did. */
export interface BatchOutcome {
  /** Mails sent by this run. */
  sent: number;
  /** Recipients already mailed earlier (a retry). */
  skipped: number;
  /** Recipients whose mail failed or whose delivery another worker holds; the batch is retried for them. */
  open: number;
}

/**
 * Delivers one batch: each recipient at most once. Throws when some recipients
 * are still open, so the task queue retries the batch for them.
 */
export async function deliverBatch(deps: SendDeps, id: string, batch: string): Promise<BatchOutcome> {
  const fs = deps.firestore;
  const batchSnap = await batchRef(fs, id, batch).get();
  if (!batchSnap.exists || batchSnap.get('done') === true) return { sent: 0, skipped: 0, open: 0 };
  const newsletterSnap = await fs.doc(`newsletters/${id}`).get();
  // A newsletter deleted mid-send is not mailed to the rest.
  if (!newsletterSnap.exists) {
    await finishBatch(deps, id, batch);
    return { sent: 0, skipped: 0, open: 0 };
  }
  const newsletter: Newsletter = parseDoc(
    newsletterSchema,
    newsletterSnap.id,
    newsletterSnap.data() ?? {},
    'newsletters',
  );
  const recipients = batchSnap.get('recipients') as NewsletterRecipient[];
  const outcome: BatchOutcome = { sent: 0, skipped: 0, open: 0 };
  const failures: string[] = [];

  await withConcurrency(recipients, CONCURRENCY, async (recipient) => {
    const ref = deliveryRef(fs, id, recipient.uid);
    const claim = await claimDelivery(deps, ref, batch);
    if (claim === 'sent') {
      outcome.skipped += 1;
      return;
    }
    if (claim === 'busy') {
      outcome.open += 1;
      return;
    }
    try {
      await deps.sendMail(newsletterMail(newsletter, recipient));
    } catch (error) {
      // Not sent: release the claim so the retry sends it.
      await ref.set(
        { status: 'failed', claimed_at: Timestamp.fromMillis(0), error: String(error).slice(0, 500) },
        { merge: true },
      );
      outcome.open += 1;
      failures.push(`${recipient.uid}: ${String(error)}`);
      return;
    }
    await ref.set({ status: 'sent', sent_at: Timestamp.fromDate(deps.now()) }, { merge: true });
    outcome.sent += 1;
  });

  if (outcome.open > 0) {
    throw new Error(
      `newsletter ${id} batch ${batch}: ${outcome.open} recipients still open (${failures.slice(0, 3).join('; ')})`,
    );
  }
  await finishBatch(deps, id, batch);
  return outcome;
}

/** Marks a batch done once, and completes the send when it was the last. */
async function finishBatch(deps: SendDeps, id: string, batch: string): Promise<void> {
  const fs = deps.firestore;
  await fs.runTransaction(async (tx) => {
    const [batchSnap, stateSnap] = await Promise.all([
      tx.get(batchRef(fs, id, batch)),
      tx.get(stateRef(fs, id)),
    ]);
    if (!batchSnap.exists || batchSnap.get('done') === true || !stateSnap.exists) return;
    tx.update(batchSnap.ref, { done: true });
    tx.update(stateSnap.ref, { batches_done: FieldValue.increment(1) });
  });
  await finishIfComplete(deps, id);
}

/** Sets sent_at and recipient_count once every batch is done. */
async function finishIfComplete(deps: SendDeps, id: string): Promise<void> {
  const fs = deps.firestore;
  await fs.runTransaction(async (tx) => {
    const stateSnap = await tx.get(stateRef(fs, id));
    const newsletterSnap = await tx.get(fs.doc(`newsletters/${id}`));
    if (!stateSnap.exists || stateSnap.get('completed_at')) return;
    if (Number(stateSnap.get('batches_done')) < Number(stateSnap.get('batch_count'))) return;
    const now = Timestamp.fromDate(deps.now());
    tx.update(stateSnap.ref, { completed_at: now });
    if (newsletterSnap.exists)
      tx.update(newsletterSnap.ref, { sent_at: now, recipient_count: stateSnap.get('recipient_count') });
  });
}
