// The deployed functions of new-book alerts:
// - bookReleaseAlerts: the books handler that, when a book becomes public, releases it once and queues its batches,
//   and keeps a preorder's out-now date in step with the book's (edited date, deleted book);
// - deliverReleaseAlerts: the task queue that mails one batch, an hour after the release
//   (ALERT_DELAY_SECONDS; the demo project's is a few seconds), or of an out-now at once;
// - outNowAlerts: hourly from 09:00 to 23:00 UTC, claims the preorders whose date has come and queues their out-now;
// - weeklyFollowDigest: Monday 08:00 UTC, the week's digests;
// - followUnsubscribe: the signed unsubscribe link of alerts and digests, and the
//   signed link of instant mails that switches their follow to the weekly digest.
import * as logger from 'firebase-functions/logger';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { getFunctions } from 'firebase-admin/functions';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { idSchema } from '../../../src/domain/shared/common';
import { FOLLOWS, alertDelayFrom } from '../../../src/domain/follows/follows';
import { adminAuth } from '../shared/admin-auth';
import { recordFailure } from '../shared/failures';
import { featurePosition } from '../../../src/domain/billing/early-access';
import { readEarlyAccess } from '../billing/early-access';
import { chunk, db } from '../shared/firestore';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { mailBrand } from '../mail/brand';
import { sendMail } from '../mail/send-mail';
import { unsubscribePage, type UnsubscribeMessages } from '../mail/unsubscribe-page';
import { verifyFor } from '../mail/unsubscribe-token';
import { alertAudience } from './audience';
import { FOLLOW_DIGESTS, sendWeeklyDigests } from './digest';
import { releaseDueOutNow, rescheduleOutNow } from './out-now';
import { ALERT_ROUNDS, deliverAlertBatch, releaseBook, type AlertDeps } from './release-alerts';

/** The task queue's function name. */
const BATCH_TASK = 'deliverReleaseAlerts';

/** The verified, enabled sign-in addresses of `uids` (100 per Auth call). */
export async function verifiedEmails(uids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunk(uids, 100)) {
    const { users } = await adminAuth().getUsers(part.map((uid) => ({ uid })));
    for (const user of users)
      if (user.email && user.emailVerified && !user.disabled) found.set(user.uid, user.email);
  }
  return found;
}

/** The alerts' dependencies in production and in the emulators. */
export function liveAlertDeps(firestore: Firestore = db()): AlertDeps {
  return {
    firestore,
    // A failed batch is recorded once (deliverReleaseAlerts), not once per follower.
    sendMail: (mail) => sendMail(mail, { stream: 'bulk', record: false }),
    enqueueBatch: (bookId, batch, notBefore, round) =>
      getFunctions()
        .taskQueue(BATCH_TASK)
        .enqueue(
          { bookId, batch, round },
          {
            dispatchDeadlineSeconds: 600,
            scheduleDelaySeconds: Math.max(0, Math.ceil((notBefore.getTime() - Date.now()) / 1000)),
          },
        ),
    memberEmails: verifiedEmails,
    brand: () => mailBrand(firestore),
    now: () => new Date(),
    delayMs: alertDelayFrom(process.env),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    audience: alertAudience(firestore),
  };
}

/**
 * Books handler: on a book write that makes it public (is_public false or absent →
 * true), release it once. With the follows switch 'off', no alerts are sent and the
 * book is not released. Retried on failure, so a release that died before queuing
 * all its batches is queued again. A preorder's edited date moves its out-now, and
 * a deleted book cancels it (out-now.ts), whatever the switch.
 */
export const bookReleaseAlerts: Handler = {
  name: 'release alerts',
  retry: true,
  async run({ id, before, after }: DocChange) {
    if (before !== undefined && (after === undefined || before.publication_date !== after.publication_date)) {
      const moved = await rescheduleOutNow(liveAlertDeps(), id, after);
      if (moved !== 'none') logger.info('book alerts: out-now', { book: id, moved });
    }
    if (after?.is_public !== true || before?.is_public === true) return;
    if (featurePosition(await readEarlyAccess(), 'follows') === 'off') return;
    const result = await releaseBook(liveAlertDeps(), id);
    logger.info('book alerts: release', { book: id, ...result });
  },
};

const batchTaskSchema = z.object({
  bookId: idSchema,
  batch: z.string().regex(/^\d{4}$/),
  // Tasks queued before out-now existed carry no round: they are releases.
  round: z.enum(ALERT_ROUNDS).default('release'),
});

/** Mails one batch of a release or an out-now; a batch with followers still open throws, and the queue retries it. */
export const deliverReleaseAlerts = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 5, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 6 },
    timeoutSeconds: 540,
  },
  async (request) => {
    const { bookId, batch, round } = batchTaskSchema.parse(request.data);
    try {
      const outcome = await deliverAlertBatch(liveAlertDeps(), bookId, batch, round);
      logger.info('book alerts: batch delivered', { book: bookId, batch, round, ...outcome });
    } catch (error) {
      logger.error('A book alerts batch failed; it will be retried', {
        book: bookId,
        batch,
        round,
        error: String(error),
      });
      await recordFailure('book-alerts-batch', error, { book: bookId, batch, round });
      throw error;
    }
  },
);

/**
 * Hourly from 09:00 to 23:00 UTC: the preorders whose publication date has come
 * are claimed once each and their out-now alerts queued (out-now.ts); a later run
 * that day picks up what a failed one left. Runs whatever the follows switch says:
 * the switch decides, when each batch goes out, who is mailed (off: nobody).
 */
export const outNowAlerts = onSchedule(
  { schedule: '0 9-23 * * *', timeZone: 'UTC', timeoutSeconds: 540 },
  async () => {
    const outcome = await releaseDueOutNow(liveAlertDeps());
    logger.info('book alerts: out-now run', { ...outcome });
  },
);

/** Every Monday at 08:00 UTC: the past week's new books, one mail per weekly follower. */
export const weeklyFollowDigest = onSchedule(
  { schedule: '0 8 * * 1', timeZone: 'UTC', timeoutSeconds: 540 },
  async () => {
    if (featurePosition(await readEarlyAccess(), 'follows') === 'off') return;
    const outcome = await sendWeeklyDigests(liveAlertDeps());
    logger.info('follow digest: sent', { ...outcome });
  },
);

const FOLLOW_PAGES: UnsubscribeMessages = {
  confirm: {
    title: 'Stop emails about new books?',
    body: 'You will stop following and receive no more emails about new books from this email.',
    button: 'Unfollow',
  },
  done: {
    title: 'You have unfollowed',
    body: 'You will not receive these emails about new books any more. You can follow again from an author’s page.',
  },
  invalid: {
    title: 'This unsubscribe link is not valid',
    body: 'Please use the link from a recent email, or sign in and change whom you follow on your account page.',
  },
};

/** The pages of the link that switches one follow to the weekly digest. */
const WEEKLY_PAGES: UnsubscribeMessages = {
  confirm: {
    title: 'Get a weekly digest instead?',
    body: 'You will keep following this author, and get their new books and updates in one email a week instead of one email each time.',
    button: 'Switch to the weekly digest',
  },
  done: {
    title: 'You will get a weekly digest',
    body: 'From now on this author’s news comes in your weekly digest. You can change this on your account page.',
  },
  invalid: FOLLOW_PAGES.invalid,
};

/** Switches a follow to the weekly digest (nothing when it is gone: the follower unfollowed meanwhile). */
async function switchToWeekly(firestore: Firestore, followId: string): Promise<void> {
  const ref = firestore.collection(FOLLOWS).doc(followId);
  await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('mode') !== 'weekly') tx.update(ref, { mode: 'weekly' });
  });
}

/** Deletes what a verified link stops: one follow, or the follows one digest covered. */
async function unfollowBy(firestore: Firestore, kind: 'follow' | 'digest', id: string): Promise<void> {
  if (kind === 'follow') {
    await firestore.collection(FOLLOWS).doc(id).delete();
    return;
  }
  const digest = await firestore.collection(FOLLOW_DIGESTS).doc(id).get();
  const ids = digest.get('follow_ids');
  if (!Array.isArray(ids)) return;
  const batch = firestore.batch();
  for (const followId of ids)
    if (typeof followId === 'string') batch.delete(firestore.collection(FOLLOWS).doc(followId));
  await batch.commit();
}

/**
 * The unsubscribe link of alerts (k=follow, id = the follow) and digests
 * (k=digest, id = the digest's delivery record), and the switch of instant
 * mails to the weekly digest (k=weekly, id = the follow), signed (s). GET shows
 * a confirmation with a button, so a scanner that opens links changes nothing;
 * POST (the button, or the mail client's List-Unsubscribe-Post one-click, which
 * only the unfollow link is offered to) acts at once.
 */
export const followUnsubscribe = onRequest(async (req, res) => {
  const kind =
    req.query.k === 'follow' || req.query.k === 'digest' || req.query.k === 'weekly' ? req.query.k : null;
  const pages = kind === 'weekly' ? WEEKLY_PAGES : FOLLOW_PAGES;
  const id = typeof req.query.id === 'string' ? req.query.id : '';
  const signature = typeof req.query.s === 'string' ? req.query.s : '';
  res.set('Cache-Control', 'private, no-store');
  res.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  if (kind === null || id.includes('/') || !verifyFor(kind, id, signature)) {
    res.status(400).type('html').send(unsubscribePage('invalid', pages));
    return;
  }
  if (req.method === 'POST') {
    if (kind === 'weekly') await switchToWeekly(db(), id);
    else await unfollowBy(db(), kind, id);
    res.status(200).type('html').send(unsubscribePage('done', pages));
    return;
  }
  if (req.method !== 'GET') {
    res.status(405).set('Allow', 'GET, POST').send('');
    return;
  }
  res.status(200).type('html').send(unsubscribePage('confirm', pages));
});
