// The function side of the publish pipeline: record a change, debounce, call the
// deploy hook with retries. The rules are the pure ones of src/domain/publish/publish.ts; this
// module only applies them to the status document. Clock, sleep, hook and enqueue are
// parameters, so the flow reads the same in tests and in production.
import type { Firestore } from 'firebase-admin/firestore';
import {
  debounceStep,
  hasUnpublishedChange,
  recordChange,
  retryDelayMs,
  withAttempt,
  type DebounceStep,
  type PublishChange,
  type PublishStatus,
  type PublishTiming,
} from '../../../src/domain/publish/publish';
import type { HookRequest, HookResult } from './deploy-hook';
import { updateStatus } from './status-store';

/** What the pipeline needs from the outside world. */
export interface PipelineDeps {
  /** The status document's database. */
  firestore: Firestore;
  /** Debounce and retry timings. */
  timing: PublishTiming;
  /** The current time. */
  now: () => Date;
  /** Waits `ms` milliseconds. */
  sleep: (ms: number) => Promise<void>;
  /**
   * The status document and the Spotlight state, when not the site's own: a test that
   * runs the task in its process keeps both apart from the real tasks its writes start.
   */
  statusPath?: string;
  spotlightPath?: string;
}

/**
 * Records a change and, when no debounce task covers it yet, schedules one through
 * `enqueue`. If scheduling fails the marker is cleared, so the next change (or the
 * hourly check) schedules again; the change itself stays recorded as pending.
 */
export async function recordPublishChange(
  deps: PipelineDeps,
  change: PublishChange,
  enqueue: () => Promise<void>,
): Promise<boolean> {
  const schedule = await updateStatus(
    deps.firestore,
    (status) => {
      const outcome = recordChange(status, change, deps.timing);
      return { update: outcome.update, result: outcome.schedule };
    },
    deps.statusPath,
  );
  if (!schedule) return false;
  try {
    await enqueue();
  } catch (error) {
    await updateStatus(
      deps.firestore,
      () => ({ update: { task_scheduled_at: null }, result: undefined }),
      deps.statusPath,
    );
    throw error;
  }
  return true;
}

/** How a debounce task ended. */
export type TaskOutcome = 'requested' | 'failed' | 'nothing-pending';

/**
 * The debounce task: waits until changes have stopped (or the longest wait passed), takes
 * the pending changes in one transaction (a change after that schedules the next task,
 * hence exactly one more publish), then calls the hook with retries and backoff,
 * recording every attempt.
 */
export async function runPublishTask(
  deps: PipelineDeps,
  hook: (request: HookRequest) => Promise<HookResult>,
): Promise<TaskOutcome> {
  let taken: PublishStatus | undefined;
  while (!taken) {
    const { step, status } = await updateStatus<{ step: DebounceStep; status: PublishStatus }>(
      deps.firestore,
      (current) => {
        const next = debounceStep(current, deps.now(), deps.timing);
        const result = { step: next, status: current };
        if (next.kind === 'publish')
          return { update: { pending_since: null, pending_reasons: [], task_scheduled_at: null }, result };
        if (next.kind === 'done') return { update: { task_scheduled_at: null }, result };
        return { result };
      },
      deps.statusPath,
    );
    if (step.kind === 'done') return 'nothing-pending';
    if (step.kind === 'wait') await deps.sleep(step.ms);
    else taken = status;
  }

  const request: HookRequest = {
    reason: taken.last_change || 'Content changed',
    changes: taken.pending_reasons,
    changedAt: taken.last_change_at ?? deps.now(),
  };
  for (let attempt = 1; attempt <= deps.timing.attempts; attempt++) {
    const delay = retryDelayMs(attempt, deps.timing);
    if (delay > 0) await deps.sleep(delay);
    const at = deps.now();
    const result = await hook(request);
    const last = attempt === deps.timing.attempts;
    await updateStatus(
      deps.firestore,
      (status) => ({ update: afterAttempt(status, result, at, attempt, last), result: undefined }),
      deps.statusPath,
    );
    if (result.ok) return 'requested';
    if (last) return 'failed';
  }
  return 'failed';
}

/** The fields one hook attempt changes. */
function afterAttempt(
  status: PublishStatus,
  result: HookResult,
  at: Date,
  attempt: number,
  last: boolean,
): Partial<PublishStatus> {
  const update: Partial<PublishStatus> = {
    attempts: withAttempt(status.attempts, { at, ok: result.ok, detail: result.detail }),
  };
  if (result.ok) {
    update.requested_at = at;
    // A running build, or a receiver that already found its live build current, knows better.
    const settled =
      status.state === 'building' || (status.state === 'published' && !hasUnpublishedChange(status));
    if (!settled) update.state = 'requested';
  } else if (last) {
    update.state = 'failed';
    update.failed_at = at;
    update.error =
      `The deploy hook failed ${attempt === 1 ? 'once' : `${attempt} times`}: ${result.detail}`.slice(0, 500);
    update.log_tail = '';
  }
  return update;
}
