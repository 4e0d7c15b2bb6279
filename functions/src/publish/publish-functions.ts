// The deployed functions of the publish pipeline:
// - publishOnChange: the handler (in each pre-rendered collection's trigger) that records
//   the change and schedules the debounce task;
// - publishSite: the debounce task (Cloud Tasks queue), which calls the deploy hook;
// - requestPublish: the admin's "Publish now";
// - publishHourly: publishes member-derived blocks that changed since the live build.
// Before each deploy-hook call the task runs the Spotlight rotation step
// (functions/src/home/), so every build finds the day's Spotlight books.
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import { getFunctions } from 'firebase-admin/functions';
import { parseDoc } from '../../../src/data/firestore-convert';
import {
  changeShowsPublicly,
  INITIAL_PUBLISH_STATUS,
  MANUAL_PUBLISH_REASON,
  MEMBER_CONTENT_REASON,
  memberRefreshDue,
  publishStatusSchema,
  publishTimingFrom,
  type PrerenderedCollection,
  type PublishChange,
} from '../../../src/domain/publish/publish';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { callDeployHook, deployHookUrl, type HookRequest, type HookResult } from './deploy-hook';
import { recordPublishChange, runPublishTask, type PipelineDeps, type TaskOutcome } from './pipeline';
import { recordFailure } from '../shared/failures';
import { rotateSpotlight } from '../home/rotation';
import { statusRef } from './status-store';
import type { DocChange, Handler } from '../shared/collection-trigger';

/** The task queue's function name (Cloud Tasks addresses the queue by it). */
const PUBLISH_TASK = 'publishSite';
/** Longest a task may run: the quiet wait plus every retry of the hook. */
const TASK_TIMEOUT_SECONDS = 1_800;

/** The pipeline's dependencies in a deployed function: Firestore, the real clock and timers, timings from the environment. */
function liveDeps(): PipelineDeps {
  return {
    firestore: db(),
    timing: publishTimingFrom(process.env),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/**
 * Schedules the debounce task. Cloud Tasks holds it for the quiet period; the Cloud Tasks
 * emulator ignores the delay, which is why the task itself waits for quiet as well.
 */
async function enqueuePublishTask(deps: PipelineDeps): Promise<void> {
  await getFunctions()
    .taskQueue(PUBLISH_TASK)
    .enqueue(
      {},
      {
        scheduleDelaySeconds: Math.ceil(deps.timing.quietMs / 1000),
        dispatchDeadlineSeconds: TASK_TIMEOUT_SECONDS,
      },
    );
}

/** Records a change and schedules the task when none is outstanding. */
export async function publishChange(change: PublishChange): Promise<void> {
  const deps = liveDeps();
  await recordPublishChange(deps, change, () => enqueuePublishTask(deps));
}

/**
 * Handler of each pre-rendered collection (PRERENDERED_COLLECTIONS): a write schedules a
 * rebuild, unless it is a draft's write that no public page shows.
 */
export function publishOnChange(collection: PrerenderedCollection): Handler {
  return {
    name: 'publish',
    run: async ({ id, time, before, after }: DocChange) => {
      if (!changeShowsPublicly(collection, before, after)) return;
      await publishChange({ at: time, reason: `${collection}/${id}` });
    },
  };
}

/**
 * The debounce task. One delivery only (maxAttempts 1): the task retries the hook itself
 * and records each attempt, and a second delivery would only repeat the hook calls.
 * One at a time, so two tasks never interleave their waits.
 */
export const publishSite = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 1 },
    rateLimits: { maxConcurrentDispatches: 1 },
    timeoutSeconds: TASK_TIMEOUT_SECONDS,
  },
  async () => {
    const outcome = await runPublishTaskWithSpotlight(liveDeps(), (request) =>
      callDeployHook(deployHookUrl(), request),
    );
    if (outcome === 'failed') {
      logger.error('publish: the deploy hook failed on every attempt (see site_meta/publish)');
      await recordFailure(
        'publish',
        'The deploy hook failed on every attempt; the public pages were not rebuilt.',
      );
    }
  },
);

/**
 * Brings the Spotlight state to today before a build reads it: a new day's books, or
 * a top-up when a slot was freed or a book stopped being eligible. A failure is
 * recorded and the build goes ahead with the stored books (minus ineligible ones).
 */
async function refreshSpotlight(deps: PipelineDeps): Promise<void> {
  try {
    await rotateSpotlight(deps.firestore, deps.now(), deps.spotlightPath);
  } catch (error) {
    logger.error('publish: the Spotlight rotation failed', error);
    await recordFailure('publish', error, { step: 'spotlight' });
  }
}

/** The debounce task's work (runPublishTask), with the Spotlight brought to today before each hook call. */
export function runPublishTaskWithSpotlight(
  deps: PipelineDeps,
  hook: (request: HookRequest) => Promise<HookResult>,
): Promise<TaskOutcome> {
  return runPublishTask(deps, async (request) => {
    await refreshSpotlight(deps);
    return hook(request);
  });
}

/** "Publish now" on the admin dashboard: admins only. Request data: none. Returns { scheduled }. */
export const requestPublish = guardedCall(
  'admin',
  async (): Promise<{ scheduled: boolean }> => {
    const deps = liveDeps();
    const scheduled = await recordPublishChange(deps, { at: new Date(), reason: MANUAL_PUBLISH_REASON }, () =>
      enqueuePublishTask(deps),
    );
    return { scheduled };
  },
  { denied: 'Only administrators can publish the site.' },
);

/**
 * Keeps member-derived blocks on pre-rendered pages at most an hour old: publishes when
 * a member change is newer than the live build, and reschedules changes whose task was lost.
 */
export const publishHourly = onSchedule('every 60 minutes', async () => {
  const snapshot = await statusRef(db()).get();
  const status = snapshot.exists
    ? parseDoc(publishStatusSchema, snapshot.id, snapshot.data(), 'site_meta')
    : INITIAL_PUBLISH_STATUS;
  const lostTask = status.pending_since !== null && status.task_scheduled_at === null;
  if (memberRefreshDue(status) || lostTask) {
    await publishChange({
      at: new Date(),
      reason: lostTask ? status.last_change || MEMBER_CONTENT_REASON : MEMBER_CONTENT_REASON,
    });
  }
});
