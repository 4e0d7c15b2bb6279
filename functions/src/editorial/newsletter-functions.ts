// The deployed functions of blog posts and newsletters:
// - editorialSlug: the handler (in the collections' triggers) that gives an item its slug when first published;
// - newsletterAudience: the audience of each recipient group (admins only);
// - sendNewsletter: claims the send once and queues its batches (admins only);
// - deliverNewsletterBatch: the task queue that mails one batch;
// - newsletterUnsubscribe: the signed one-click unsubscribe link (members and visitor subscribers);
// - newsletterSubscribersCsv: the visitor subscribers as CSV (admins only).
import * as logger from 'firebase-functions/logger';
import { HttpsError, onRequest } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { getFunctions } from 'firebase-admin/functions';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { idSchema } from '../../../src/domain/shared/common';
import type { EditorialCollection } from '../../../src/domain/editorial/editorial';
import { recipientGroupSchema } from '../../../src/domain/editorial/newsletter';
import { adminAuth } from '../shared/admin-auth';
import { db } from '../shared/firestore';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { guardedCall } from '../shared/guard';
import { sendMail } from '../mail/send-mail';
import { assignEditorialSlug } from './editorial-slug';
import { audienceCounts, newsletterAudienceOf, recipientsOf } from './recipients';
import { SendRefused, claimAndQueueSend, deliverBatch, type SendDeps } from './send';
import { unsubscribePage } from '../mail/unsubscribe-page';
import { recordFailure } from '../shared/failures';
import { verifyUnsubscribe, type UnsubscribeSubject } from '../mail/unsubscribe-token';
import { unsubscribe } from './unsubscribe';
import { subscribersCsv } from '../../../src/domain/editorial/newsletter-subscriber';
import { listSubscribers } from './subscribers';

/** The task queue's function name. */
const BATCH_TASK = 'deliverNewsletterBatch';

function liveDeps(): SendDeps {
  return {
    firestore: db(),
    // A failed batch is recorded once (deliverNewsletterBatch), not once per recipient.
    sendMail: (mail) => sendMail(mail, { stream: 'bulk', record: false }),
    enqueueBatch: (newsletterId, batch) =>
      getFunctions().taskQueue(BATCH_TASK).enqueue({ newsletterId, batch }, { dispatchDeadlineSeconds: 600 }),
    now: () => new Date(),
  };
}

/** Blog posts and newsletters handler: gives an item its slug when it is first published. */
export function editorialSlug(collection: EditorialCollection): Handler {
  return {
    name: 'slug',
    async run({ id, after }: DocChange) {
      if (after === undefined || after.is_published !== true || after.slug) return undefined;
      const slug = await assignEditorialSlug(db(), collection, id);
      return slug === null ? undefined : { slug };
    },
  };
}

/** Audience per recipient group, counted exactly as a send would choose recipients. Request: none. */
export const newsletterAudience = guardedCall(
  'admin',
  async () => {
    return { counts: audienceCounts(await newsletterAudienceOf(db(), adminAuth())) };
  },
  { signIn: 'Not authenticated', denied: 'Only administrators can send newsletters.' },
);

const sendRequestSchema = z.object({ newsletterId: idSchema, group: recipientGroupSchema });

/** Sends a published newsletter to a group, once. Request: { newsletterId, group }. Returns { recipientCount, alreadySent }. */
export const sendNewsletter = guardedCall(
  'admin',
  async (request, caller) => {
    const uid = caller.uid;
    const parsed = sendRequestSchema.safeParse(request.data);
    if (!parsed.success)
      throw new HttpsError('invalid-argument', 'Choose a newsletter and a recipient group.');
    const { newsletterId, group } = parsed.data;
    try {
      const recipients = recipientsOf(await newsletterAudienceOf(db(), adminAuth()), group);
      const result = await claimAndQueueSend(liveDeps(), newsletterId, group, recipients, uid);
      logger.info('newsletter send', { newsletterId, group, ...result });
      return result;
    } catch (error) {
      if (error instanceof SendRefused) throw new HttpsError(error.code, error.message);
      logger.error('Failed to send newsletter', { newsletterId, error: String(error) });
      throw new HttpsError('internal', 'Failed to send newsletter');
    }
  },
  {
    signIn: 'Not authenticated',
    denied: 'Only administrators can send newsletters.',
    call: { timeoutSeconds: 300 },
  },
);

const batchTaskSchema = z.object({ newsletterId: idSchema, batch: z.string().regex(/^\d{4}$/) });

/**
 * Mails one batch. A batch with recipients still open throws, and the queue
 * retries it with backoff; recipients already mailed are skipped.
 */
export const deliverNewsletterBatch = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 5, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 6 },
    timeoutSeconds: 540,
  },
  async (request) => {
    const { newsletterId, batch } = batchTaskSchema.parse(request.data);
    try {
      const outcome = await deliverBatch(liveDeps(), newsletterId, batch);
      logger.info('newsletter batch delivered', { newsletterId, batch, ...outcome });
    } catch (error) {
      logger.error('A newsletter batch failed; it will be retried', {
        newsletterId,
        batch,
        error: String(error),
      });
      await recordFailure('newsletter-batch', error, { newsletter: newsletterId, batch: String(batch) });
      throw error;
    }
  },
);

/** Who the link's query names: `u` a member's uid, or `e` a subscriber's address hash. */
function subjectOf(query: Record<string, unknown>): UnsubscribeSubject | null {
  if (typeof query.u === 'string') return { kind: 'member', uid: query.u };
  if (typeof query.e === 'string') return { kind: 'subscriber', emailHash: query.e };
  return null;
}

/**
 * The unsubscribe link: GET shows a confirmation with a button (link scanners
 * must not unsubscribe anyone), POST unsubscribes; mail clients' one-click
 * (List-Unsubscribe-Post) POSTs too and is answered directly. The signature
 * names who: a member's uid or a subscriber's address hash, never anyone else.
 */
export const newsletterUnsubscribe = onRequest(async (req, res) => {
  const subject = subjectOf(req.query as Record<string, unknown>);
  const signature = typeof req.query.s === 'string' ? req.query.s : '';
  res.set('Cache-Control', 'private, no-store');
  res.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  const audience = subject?.kind === 'subscriber' ? 'subscriber' : 'member';
  if (!subject || !verifyUnsubscribe(subject, signature)) {
    res.status(400).type('html').send(unsubscribePage('invalid', audience));
    return;
  }
  if (req.method === 'POST') {
    await unsubscribe(db(), adminAuth(), subject, Timestamp.now());
    res.status(200).type('html').send(unsubscribePage('done', audience));
    return;
  }
  if (req.method !== 'GET') {
    res.status(405).set('Allow', 'GET, POST').send('');
    return;
  }
  res.status(200).type('html').send(unsubscribePage('confirm', audience));
});

/** The visitor subscribers as CSV (address and confirmation time), for the admin's download. Request: none. */
export const newsletterSubscribersCsv = guardedCall(
  'admin',
  async () => {
    const subscribers = await listSubscribers(db());
    return { csv: subscribersCsv(subscribers), count: subscribers.length };
  },
  { signIn: 'Not authenticated', denied: 'Only administrators can export newsletter subscribers.' },
);
