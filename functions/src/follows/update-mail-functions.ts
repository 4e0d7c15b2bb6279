// The deployed functions of authors' updates mailed to their followers (update-mail.ts):
// - updateMailOnPost: the author_updates handler that, when an update is posted,
//   releases its mail once and queues its batches;
// - deliverUpdateMail: the task queue that mails one batch, the alerts' delay after
//   the post (an hour; the demo project's is a few seconds).
import * as logger from 'firebase-functions/logger';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { getFunctions } from 'firebase-admin/functions';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { idSchema } from '../../../src/domain/shared/common';
import { featurePosition } from '../../../src/domain/billing/early-access';
import { readEarlyAccess } from '../billing/early-access';
import { recordFailure } from '../shared/failures';
import { db } from '../shared/firestore';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { liveAlertDeps } from './follow-functions';
import { deliverUpdateBatch, releaseUpdate, type UpdateMailDeps } from './update-mail';

/** The task queue's function name. */
const BATCH_TASK = 'deliverUpdateMail';

/** The update mail's dependencies in production and in the emulators. */
export function liveUpdateMailDeps(firestore: Firestore = db()): UpdateMailDeps {
  const { enqueueBatch: _books, ...alerts } = liveAlertDeps(firestore);
  return {
    ...alerts,
    enqueueUpdateBatch: (updateId, batch, notBefore) =>
      getFunctions()
        .taskQueue(BATCH_TASK)
        .enqueue(
          { updateId, batch },
          {
            dispatchDeadlineSeconds: 600,
            scheduleDelaySeconds: Math.max(0, Math.ceil((notBefore.getTime() - Date.now()) / 1000)),
          },
        ),
  };
}

/**
 * author_updates handler: a posted update (created) is released once, unless the
 * follows or the author_updates switch is off. Retried on failure, so a release that died before
 * queuing all its batches is queued again.
 */
export const updateMailOnPost: Handler = {
  name: 'update mail',
  retry: true,
  async run({ id, before, after }: DocChange) {
    if (after === undefined) return;
    // A held update (a standing moderation decision) is mailed when released, as if just posted.
    const released = before?.moderation_held === true && after.moderation_held !== true;
    if ((before !== undefined && !released) || after.moderation_held === true) return;
    const switches = await readEarlyAccess();
    // An update posted while a switch was open is not mailed once the follows or the updates switch is off.
    if (
      featurePosition(switches, 'follows') === 'off' ||
      featurePosition(switches, 'author_updates') === 'off'
    )
      return;
    const result = await releaseUpdate(liveUpdateMailDeps(), id);
    logger.info('update mail: release', { update: id, ...result });
  },
};

const batchTaskSchema = z.object({ updateId: idSchema, batch: z.string().regex(/^\d{4}$/) });

/** Mails one batch of an update; a batch with followers still open throws, and the queue retries it. */
export const deliverUpdateMail = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 5, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 6 },
    timeoutSeconds: 540,
  },
  async (request) => {
    const { updateId, batch } = batchTaskSchema.parse(request.data);
    try {
      const outcome = await deliverUpdateBatch(liveUpdateMailDeps(), updateId, batch);
      logger.info('update mail: batch delivered', { update: updateId, batch, ...outcome });
    } catch (error) {
      logger.error('An update mail batch failed; it will be retried', {
        update: updateId,
        batch,
        error: String(error),
      });
      await recordFailure('update-mail-batch', error, { update: updateId, batch });
      throw error;
    }
  },
);
