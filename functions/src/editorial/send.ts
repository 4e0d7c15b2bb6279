/**
 * Sending a newsletter exactly once, in batches, on the bulk-mail engine
 * (mail/batches.ts, which holds the delivery claims, leases and completion):
 *
 * 1. The claim. The recipients are computed, then one transaction checks that
 *    the newsletter is published, unsent and unclaimed, and writes the send
 *    state (`newsletters/{id}/send/state`) with the recipients frozen into batch
 *    documents (`newsletters/{id}/batches/{n}`, their `recipients`). Two admins
 *    clicking at once, a double click or a retried call find the claim and send
 *    nothing more. A claim whose batches were never all queued (the claiming
 *    call died over QUEUE_GRACE_MS ago) is queued again by the next request.
 * 2. The fan-out. One task per batch (the deliverNewsletterBatch queue). Each
 *    recipient's delivery is claimed in `newsletters/{id}/deliveries/{uid}`
 *    before the mail goes out and marked sent after, so a retried or resumed
 *    batch skips everyone already mailed. A newsletter deleted mid-send is not
 *    mailed to the rest.
 * 3. Completion. The batch that completes last sets the newsletter's sent_at and
 *    recipient_count (which republishes the page with ' • Sent to N recipients').
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  newsletterSchema,
  type Newsletter,
  type RecipientGroup,
} from '../../../src/domain/editorial/newsletter';
import { parseDoc } from '../../../src/data/firestore-convert';
import {
  deliverBatch as deliverMailBatch,
  finishIfComplete,
  freezeBatches,
  intoBatches,
  queueOpenBatches,
  type BatchOutcome,
  type BulkMail,
  type BulkMailDeps,
} from '../mail/batches';
import { newsletterMail, type NewsletterRecipient } from './newsletter-mail';

/** How long a claiming call has to queue its batches before a later call queues them again. */
export const QUEUE_GRACE_MS = 60_000;

/** What the send needs from the outside world. */
export interface SendDeps extends BulkMailDeps {
  /** Queues the delivery of one batch. */
  enqueueBatch: (newsletterId: string, batch: string) => Promise<void>;
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

const newsletterRef = (fs: Firestore, id: string) => fs.doc(`newsletters/${id}`);

/** A newsletter's send, for the bulk-mail engine: one per newsletter, its recipients frozen whole. */
export const NEWSLETTER_MAIL: BulkMail<string, SendDeps, NewsletterRecipient> = {
  label: (id, batch) => `newsletter ${id} batch ${batch}`,
  noun: 'recipients',
  tag: (id) => ({ kind: 'newsletter', id }),
  place: (fs, id) => ({
    state: fs.doc(`newsletters/${id}/send/state`),
    batches: fs.collection(`newsletters/${id}/batches`),
    deliveries: fs.collection(`newsletters/${id}/deliveries`),
    prefix: '',
  }),
  recipientsField: 'recipients',
  concurrency: 4,
  counters: [],
  async enqueue(deps, id, batches) {
    for (const batch of batches) await deps.enqueueBatch(id, batch);
  },
  async prepare(deps, id, recipients) {
    const snap = await newsletterRef(deps.firestore, id).get();
    // A newsletter deleted mid-send is not mailed to the rest.
    if (!snap.exists) return 'closed';
    const newsletter: Newsletter = parseDoc(newsletterSchema, snap.id, snap.data() ?? {}, 'newsletters');
    return {
      recipients: recipients.map((recipient) => ({
        id: recipient.uid,
        compose: () => ({ mail: newsletterMail(newsletter, recipient) }),
      })),
    };
  },
  async onComplete(tx, deps, id, state, at) {
    const snap = await tx.get(newsletterRef(deps.firestore, id));
    if (snap.exists) tx.update(snap.ref, { sent_at: at, recipient_count: state.get('recipient_count') });
  },
};

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
  const place = NEWSLETTER_MAIL.place(fs, id);
  const batches = intoBatches(recipients);

  const claim = await fs.runTransaction(async (tx) => {
    const [newsletterSnap, stateSnap] = await Promise.all([
      tx.get(newsletterRef(fs, id)),
      tx.get(place.state),
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
    const counters = freezeBatches(tx, NEWSLETTER_MAIL, place, batches, recipients.length, now);
    tx.create(place.state, { group, ...counters, claimed_by: claimedBy, claimed_at: now });
    return { fresh: true, count: recipients.length, queued: false };
  });

  // A claim whose batches were never all queued (the claiming call died over a minute ago)
  // is queued again; the delivery records make a batch queued twice harmless.
  if (!claim.queued) await queueOpenBatches(NEWSLETTER_MAIL, deps, id);
  if (claim.fresh && recipients.length === 0) await finishIfComplete(NEWSLETTER_MAIL, deps, id);
  return { recipientCount: claim.count, alreadySent: !claim.fresh };
}

/**
 * Delivers one batch of newsletter `id`: each recipient at most once. Throws
 * when some recipients are still open, so the task queue retries the batch for them.
 */
export function deliverBatch(deps: SendDeps, id: string, batch: string): Promise<BatchOutcome> {
  return deliverMailBatch(NEWSLETTER_MAIL, deps, id, batch);
}
