// What the collection triggers do with a handler that failed (collection-trigger.ts):
// every failure is recorded for the admins (server failures, "Trigger handler
// failed"); a handler that asked for `retry` is also kept in trigger_retries/{id}
// with the change as it saw it, and the retryTriggerHandler queue (triggers.ts)
// runs that one handler again, with backoff, until it succeeds or the queue's
// attempts are spent (then the record stays, marked, and the admins are told).
// Its neighbours never run again for its sake.
//
// The record's id is made from the collection, the handler and the event, so a
// second failure of the same event (a rare redelivery) keeps one record and one
// retry. Only the functions read and write trigger_retries (firestore.rules names
// it nowhere, so every client is refused).
import { createHash } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { failureMessage } from '../../../src/domain/shared/server-failures';
import { recordFailure } from '../shared/failures';
import { isAlreadyExists } from '../shared/firestore';
import type { DocChange, Handler, OnHandlerFailure } from '../shared/collection-trigger';

/** trigger_retries/{id}: one failed handler's change, waiting for its retry. */
export const TRIGGER_RETRIES = 'trigger_retries';
/** The task queue that runs kept handlers again. */
export const RETRY_TASK = 'retryTriggerHandler';
/** Attempts the queue makes (with backoff from 30 s to an hour: about two days in all). */
export const RETRY_ATTEMPTS = 60;

/** The retry record's id for `handler` on `change` of `collection`. */
export function retryId(collection: string, handlerName: string, eventId: string): string {
  return createHash('sha256').update(`${collection}|${handlerName}|${eventId}`).digest('hex').slice(0, 32);
}

/** Queues the retry of a record (the task queue in production; tests may pass their own). */
export type EnqueueRetry = (id: string) => Promise<void>;

/**
 * The trigger's failure handling (see the file comment): records the failure and,
 * for a handler that asked for retries, keeps its change and queues its retry.
 * Throws only when the record cannot be kept or queued, so the platform's
 * redelivery retries the event instead.
 */
export function keepFailedHandler(fs: () => Firestore, enqueue: EnqueueRetry): OnHandlerFailure {
  return async (collection, handler, change, error) => {
    await recordFailure('trigger-handler', error, {
      collection,
      handler: handler.name,
      document: change.id,
      ...(handler.retry ? { retry: 'queued' } : {}),
    });
    if (!handler.retry) return;
    const id = retryId(collection, handler.name, change.eventId);
    try {
      await fs()
        .collection(TRIGGER_RETRIES)
        .doc(id)
        .create({
          collection,
          handler: handler.name,
          document_id: change.id,
          event_id: change.eventId,
          time: Timestamp.fromDate(change.time),
          before: storable(change.before ?? null),
          after: storable(change.after ?? null),
          attempts: 0,
          status: 'waiting',
          last_error: failureMessage(error),
          created_at: Timestamp.now(),
        });
    } catch (problem) {
      // The same event failed this handler before: its retry is already kept and queued.
      if (isAlreadyExists(problem)) return;
      throw problem;
    }
    await enqueue(id);
  };
}

/**
 * `value` without undefined fields, which Firestore refuses (a handler's returned
 * fields may hold one); Timestamps and other values are kept as they are.
 */
export function storable<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => storable(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, field]) => field !== undefined)
        .map(([key, field]) => [key, storable(field)]),
    ) as T;
  return value;
}

/** What one retry did. */
export type RetryOutcome = 'done' | 'gone' | 'failed' | 'gave-up';

/**
 * Runs the kept handler of retry record `id` once: on success the record goes
 * ('done'); a record already gone, or naming a handler that no longer exists, is
 * nothing to do ('gone'). On failure the record counts the attempt and this
 * throws, so the queue tries again, unless `lastAttempt`, when the record is
 * marked 'gave_up' for the admins and this returns 'gave-up'.
 */
export async function runKeptHandler(
  fs: Firestore,
  id: string,
  handlerOf: (collection: string, name: string) => Handler | undefined,
  lastAttempt: boolean,
): Promise<RetryOutcome> {
  const ref = fs.collection(TRIGGER_RETRIES).doc(id);
  const record = await ref.get();
  if (!record.exists || record.get('status') === 'gave_up') return 'gone';
  const collection = String(record.get('collection'));
  const name = String(record.get('handler'));
  const handler = handlerOf(collection, name);
  if (!handler) {
    logger.warn('trigger retry: no such handler any more', { id, collection, handler: name });
    await ref.delete();
    return 'gone';
  }
  const time = record.get('time') as unknown;
  const change: DocChange = {
    id: String(record.get('document_id')),
    eventId: String(record.get('event_id')),
    time: time instanceof Timestamp ? time.toDate() : new Date(),
    before: (record.get('before') as Record<string, unknown> | null) ?? undefined,
    after: (record.get('after') as Record<string, unknown> | null) ?? undefined,
  };
  try {
    await handler.run(change);
  } catch (error) {
    const attempts = Number(record.get('attempts') ?? 0) + 1;
    await ref.update({
      attempts,
      last_error: failureMessage(error),
      updated_at: Timestamp.now(),
      ...(lastAttempt ? { status: 'gave_up' } : {}),
    });
    if (!lastAttempt) throw error;
    await recordFailure('trigger-handler', error, {
      collection,
      handler: name,
      document: change.id,
      retry: `gave up after ${attempts} attempts`,
    });
    return 'gave-up';
  }
  await ref.delete();
  logger.info('trigger retry: handler succeeded', { id, collection, handler: name });
  return 'done';
}
