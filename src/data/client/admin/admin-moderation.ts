/**
 * The moderation queue for the admin dashboard's Reports section, through the
 * adminModeration callable (reports are closed to every client in the rules, so
 * the queue is read by the function). Loaded lazily.
 */
import type { AdminModerationRequest, ModerationQueueEntry } from '../../../domain/admin/moderation.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** The open reports grouped by item, most reported first; throws when the call fails. */
export async function loadModerationQueue(): Promise<ModerationQueueEntry[]> {
  const outcome = await callFunction('adminModeration', { action: 'list' });
  if (!outcome.ok) throw new Error(outcome.message);
  if (!('queue' in outcome.data)) throw new Error('The queue did not come back.');
  return outcome.data.queue;
}

/** Runs one action on an item. */
export function moderateItem(
  request: Exclude<AdminModerationRequest, { action: 'list' }>,
): Promise<CallOutcome<unknown>> {
  return callFunction('adminModeration', request);
}
