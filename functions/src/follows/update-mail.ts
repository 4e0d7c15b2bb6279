/**
 * An author's updates mailed to their followers who chose instant alerts,
 * exactly once per follower per update, on the bulk-mail engine
 * (mail/batches.ts; UPDATE_MAIL_KIND is this kind's config). Followers who chose
 * the weekly digest get the update in their next digest instead (digest.ts).
 *
 * 1. The release. When an update is posted (the author_updates trigger), one
 *    transaction checks that it still exists and is not hidden by moderation
 *    and that `update_mail/{updateId}` does not exist, and creates it with the
 *    author's instant followers' follow ids frozen into batch documents
 *    (`update_mail/{updateId}/batches/{n}`, their `follow_ids`). The marker is
 *    kept, so a retried or duplicated event releases nothing more. With the
 *    follows switch off, nothing is released (and nothing is ever mailed of it).
 * 2. The fan-out. One task per batch (deliverUpdateMail), due the alerts' delay
 *    (an hour in production) after the release, so an author who deletes an
 *    update within that hour mails it to nobody. By then the update must still
 *    exist, not be hidden, and its author be public (approved and active);
 *    otherwise the batch closes and nobody more is mailed. Each follower's
 *    delivery is claimed in `update_mail/{updateId}/deliveries/{followId}`
 *    before the mail goes out and marked sent after, so a retried or duplicated
 *    task skips everyone already mailed; a follower who unfollowed or switched
 *    to the digest meanwhile is dropped (the follows switch, as alerts). The
 *    alerts' daily cap holds for updates too, on the same follow (capAlert,
 *    release-alerts.ts): a follower mailed by the author (a book or an update)
 *    in the past day gets no mail now; the update waits on the follow
 *    (deferred_update_ids) for their next digest, and the delivery is done
 *    (deferred: true).
 * 3. Completion. The batch that completes last sets completed_at.
 *
 * The mail carries the author's name and the book's title only when they pass
 * the mail-safe name rule every mail uses (mailSafeName), and an update whose
 * title or text carries a link or an email address (hasLinkOrAddress: refused
 * on save, so only one stored before that rule) is not mailed at all.
 *
 * The author's account page counts, per update, the deliveries marked sent
 * (updateReach, src/domain/members/member-stats.ts): how many followers it went
 * to, never who.
 *
 * Reads are O(followers): one id-only query of the author's instant followers,
 * then per batch the batch, the marker, the update, the author's profile, the
 * follows (getAll) and the members' addresses from Auth (one call per batch).
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { AUTHOR_UPDATES, UPDATE_MAIL, authorUpdateSchema } from '../../../src/domain/updates/author-update';
import { isUpdateMailable } from '../../../src/domain/updates/author-update-page';
import { FOLLOWS } from '../../../src/domain/follows/follows';
import { isOwnerPublic, ownerVisibilityOf } from '../../../src/domain/accounts/visibility';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import {
  deliverBatch,
  freezeBatches,
  intoBatches,
  queueOpenBatches,
  type BatchOutcome,
  type BulkMail,
  type Prepared,
  type Recipient,
  type SendPlace,
} from '../mail/batches';
import { mailUpdateOf, updateMail } from './alert-mail';
import { capAlert, mailableFollowers, type AlertDeps } from './release-alerts';

/** What the update mail needs from the outside world: the alerts' deps, with its own task queue. */
export type UpdateMailDeps = Omit<AlertDeps, 'enqueueBatch'> & {
  /** Queues the delivery of one batch of an update's mail, to run no earlier than `notBefore`. */
  enqueueUpdateBatch: (updateId: string, batch: string, notBefore: Date) => Promise<void>;
};

/** A delivery that arrives at most this early waits in the task; one earlier is queued again for its time. */
const MAX_WAIT_IN_TASK_MS = 60_000;

export const updateMailRef = (fs: Firestore, updateId: string) => fs.collection(UPDATE_MAIL).doc(updateId);

/** Where an update's send lives: its marker, with its batches and deliveries beneath. */
export function updateMailPlace(fs: Firestore, updateId: string): SendPlace {
  const marker = updateMailRef(fs, updateId);
  return {
    state: marker,
    batches: marker.collection('batches'),
    deliveries: marker.collection('deliveries'),
    prefix: '',
  };
}

/** What a release did. */
export interface UpdateReleaseResult {
  /** True when this call released the update; false when it was released before, or is gone or hidden. */
  released: boolean;
  /** Instant followers frozen into the release (this call's or the earlier one's). */
  recipientCount: number;
}

/** Whether a stored update may still be mailed: it exists, parses, is not hidden and carries no link (isUpdateMailable). */
function shownUpdate(snap: DocumentSnapshot) {
  if (!snap.exists) return null;
  const update = tryParseDoc(authorUpdateSchema, snap);
  return update && isUpdateMailable(update) ? update : null;
}

/**
 * Releases update `updateId` once (see the file comment) and queues its
 * batches. A release whose batches were not all queued (the releasing call
 * died) is queued again by the next call; the delivery records make a batch
 * queued twice harmless.
 */
export async function releaseUpdate(deps: UpdateMailDeps, updateId: string): Promise<UpdateReleaseResult> {
  const fs = deps.firestore;
  const marker = await updateMailRef(fs, updateId).get();
  if (marker.exists) {
    if (marker.get('queued') !== true) await queueOpenBatches(UPDATE_MAIL_KIND, deps, updateId);
    return { released: false, recipientCount: Number(marker.get('recipient_count')) };
  }
  const update = shownUpdate(await fs.collection(AUTHOR_UPDATES).doc(updateId).get());
  if (!update) return { released: false, recipientCount: 0 };
  const followers = await fs
    .collection(FOLLOWS)
    .where('author_uid', '==', update.user_id)
    .where('mode', '==', 'instant')
    .select()
    .get();
  const ids = followers.docs.map((doc) => doc.id);
  const batches = intoBatches(ids);

  const outcome = await fs.runTransaction(async (tx) => {
    const [current, updateNow] = await Promise.all([
      tx.get(updateMailRef(fs, updateId)),
      tx.get(fs.collection(AUTHOR_UPDATES).doc(updateId)),
    ]);
    if (current.exists)
      return {
        released: false,
        count: Number(current.get('recipient_count')),
        queued: current.get('queued'),
      };
    if (!shownUpdate(updateNow)) return { released: false, count: 0, queued: true };
    const now = Timestamp.fromDate(deps.now());
    const place = updateMailPlace(fs, updateId);
    tx.create(place.state, {
      author_uid: update.user_id,
      released_at: now,
      ...freezeBatches(tx, UPDATE_MAIL_KIND, place, batches, ids.length, now),
      // A release that freezes nobody is complete at once.
      ...(batches.length === 0 ? { completed_at: now } : {}),
    });
    return { released: true, count: ids.length, queued: batches.length === 0 };
  });
  if (outcome.queued !== true) await queueOpenBatches(UPDATE_MAIL_KIND, deps, updateId);
  return { released: outcome.released, recipientCount: outcome.count };
}

/** When an update's mail is due: the alerts' delay after its release, so a deleted or hidden update mails nobody. */
function dueAt(deps: UpdateMailDeps, releasedAt: unknown): Date {
  const started = releasedAt instanceof Timestamp ? releasedAt.toMillis() : deps.now().getTime();
  return new Date(started + deps.delayMs);
}

/** The update mail's own counters: followers left out before their claim, or closed without a mail. */
type UpdateCounter = 'dropped' | 'deferred';

/**
 * What a batch delivery did: sent; skipped (already mailed by an earlier run);
 * dropped (unfollowed, switched to the weekly digest, or without a verified
 * address since the release); deferred (mailed by the author within the daily
 * cap: kept for their next digest); open (failed or held by another worker:
 * the batch is retried for them).
 */
export type UpdateBatchOutcome = BatchOutcome<UpdateCounter>;

/**
 * Reads what one batch needs (BulkMail.prepare): not before it is due (a
 * little early waits here, much earlier is queued again for its time); an
 * update gone or hidden by then, or whose author is no longer public, closes
 * the batch. Only followers still on instant alerts are mailed.
 */
async function prepareUpdateMail(
  deps: UpdateMailDeps,
  updateId: string,
  ids: readonly string[],
  batch: string,
): Promise<Prepared<UpdateCounter>> {
  const fs = deps.firestore;
  const marker = await updateMailRef(fs, updateId).get();
  const due = dueAt(deps, marker.get('released_at'));
  const early = due.getTime() - deps.now().getTime();
  if (early > MAX_WAIT_IN_TASK_MS) {
    await deps.enqueueUpdateBatch(updateId, batch, due);
    return 'later';
  }
  if (early > 0) await deps.sleep(early);
  const update = shownUpdate(await fs.collection(AUTHOR_UPDATES).doc(updateId).get());
  if (!update) return 'closed';
  const profile = await fs.collection('profiles').doc(update.user_id).get();
  const slug = profile.get('page_slug');
  if (!isOwnerPublic(ownerVisibilityOf(profile.data())) || typeof slug !== 'string' || slug === '')
    return 'closed';
  const shown = mailUpdateOf(update, { name: profile.get('display_name'), slug });
  const { followers, dropped } = await mailableFollowers(deps, ids, (follow) => follow.mode === 'instant');
  const brand = await deps.brand();
  const recipients = followers.map(({ id, to }): Recipient<UpdateCounter> => ({
    id,
    async compose() {
      const cap = await capAlert(deps, id, { update_id: updateId });
      if (cap === 'send') return { mail: updateMail(brand, shown, to, id) };
      // Done for this update either way: deferred to the digest, or unfollowed meanwhile.
      return { closedAs: cap === 'defer' ? 'deferred' : 'dropped', record: { deferred: cap === 'defer' } };
    },
  }));
  return { recipients, counted: { dropped } };
}

/** Authors' updates mailed to instant followers, for the bulk-mail engine: one send per update. */
export const UPDATE_MAIL_KIND: BulkMail<string, UpdateMailDeps, string, UpdateCounter> = {
  label: (updateId, batch) => `update ${updateId} mail batch ${batch}`,
  noun: 'followers',
  tag: (updateId) => ({ kind: 'update', id: updateId }),
  place: updateMailPlace,
  recipientsField: 'follow_ids',
  concurrency: 8,
  counters: ['dropped', 'deferred'],
  async enqueue(deps, updateId, batches) {
    const marker = await updateMailRef(deps.firestore, updateId).get();
    const due = dueAt(deps, marker.get('released_at'));
    for (const batch of batches) await deps.enqueueUpdateBatch(updateId, batch, due);
  },
  prepare: prepareUpdateMail,
};

/** Delivers one batch of an update's mail (each follower at most once); throws while some are still open. */
export function deliverUpdateBatch(
  deps: UpdateMailDeps,
  updateId: string,
  batch: string,
): Promise<UpdateBatchOutcome> {
  return deliverBatch(UPDATE_MAIL_KIND, deps, updateId, batch);
}
