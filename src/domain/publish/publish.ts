import { z } from 'zod';
import type { CollectionName } from '../shared/collections.ts';

/**
 * Collections shown by pre-rendered pages: a change to any of them means the static
 * site is stale until it is built again. Member content (profiles, books, products,
 * ads) is absent on purpose: its pages render on demand and are purged from the CDN
 * by cache tag, so it never needs a rebuild of its own. The triggers and their test
 * both read this list.
 */
export const PRERENDERED_COLLECTIONS = [
  'site_settings',
  'featured_books',
  'featured_profiles',
  'legal_documents',
  'page_content',
  'blog_posts',
  'newsletters',
  'advertisement_banners',
] as const satisfies readonly CollectionName[];

/** A collection whose changes trigger a site rebuild. */
export type PrerenderedCollection = (typeof PRERENDERED_COLLECTIONS)[number];

/** Collections whose documents stay drafts until `is_published` is true. */
const DRAFT_COLLECTIONS: ReadonlySet<PrerenderedCollection> = new Set(['blog_posts', 'newsletters']);

/**
 * Whether a write can change a pre-rendered page. A draft that stays a draft (created,
 * edited or deleted unpublished) shows on none, so it asks for no rebuild; publishing,
 * unpublishing and every edit of a published document do.
 */
export function changeShowsPublicly(
  collection: PrerenderedCollection,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): boolean {
  if (!DRAFT_COLLECTIONS.has(collection)) return true;
  return before?.is_published === true || after?.is_published === true;
}

/** Path of the one document that holds the publish pipeline's state. */
export const PUBLISH_STATUS_PATH = 'site_meta/publish';

/** Reason recorded when an administrator presses "Publish now". */
export const MANUAL_PUBLISH_REASON = 'Requested by an administrator';

/** Reason recorded when the hourly check finds member content newer than the live build. */
export const MEMBER_CONTENT_REASON = 'Member content changed';

/**
 * Where the pipeline is:
 * - idle: nothing has happened yet;
 * - queued: content changed and a publish will be requested once changes stop;
 * - requested: the deploy hook accepted the request, the build has not reported back;
 * - building: the build is running;
 * - published: the live site contains every change;
 * - failed: the hook call or the build failed (see `error`).
 */
export const PUBLISH_STATES = ['idle', 'queued', 'requested', 'building', 'published', 'failed'] as const;
/** One of the states above. */
export type PublishState = (typeof PUBLISH_STATES)[number];

/** One call of the deploy hook. */
export const hookAttemptSchema = z.object({
  /** When the call was made. */
  at: z.date(),
  /** True when the hook answered 2xx. */
  ok: z.boolean(),
  /** HTTP status or the network error, for the dashboard. */
  detail: z.string().max(300),
});
/** A deploy hook call. */
export type HookAttempt = z.infer<typeof hookAttemptSchema>;

/** How many hook attempts the status document keeps (the newest). */
export const KEPT_ATTEMPTS = 10;
/** How many pending change reasons the status document keeps (the newest). */
export const KEPT_REASONS = 20;
/** How many characters of a failed build's output the status document keeps. */
export const LOG_TAIL_CHARS = 4_000;

/** The publish pipeline's state, document `site_meta/publish`. Written only by the functions and the local build receiver. */
export const publishStatusSchema = z.object({
  /** Where the pipeline is. */
  state: z.enum(PUBLISH_STATES).default('idle'),
  /** The newest change a publish must include (content write, manual request, hourly member check). */
  last_change_at: z.date().nullable().default(null),
  /** What that change was: a document path or a reason such as 'Requested by an administrator'. */
  last_change: z.string().max(300).default(''),
  /** What changed since the last hook call (the newest KEPT_REASONS), sent with the call so a deploy log says why it ran. */
  pending_reasons: z.array(z.string().max(300)).max(KEPT_REASONS).default([]),
  /** The first change not yet handed to the deploy hook: bounds how long a stream of changes can postpone a publish. */
  pending_since: z.date().nullable().default(null),
  /** Set while a debounce task is outstanding, so a burst schedules one task; a stale value (a lost task) is ignored. */
  task_scheduled_at: z.date().nullable().default(null),
  /** Last time the deploy hook accepted a request. */
  requested_at: z.date().nullable().default(null),
  /** The newest hook calls, newest last. */
  attempts: z.array(hookAttemptSchema).max(KEPT_ATTEMPTS).default([]),
  /** When the running or last build started: it contains every change made before this moment. */
  build_started_at: z.date().nullable().default(null),
  /** When the live build went live. */
  published_at: z.date().nullable().default(null),
  /** Start time of the live build: the live site contains every change before it. */
  live_built_from: z.date().nullable().default(null),
  /** When the last failure happened. */
  failed_at: z.date().nullable().default(null),
  /** The last failure, one line. Empty after a success. */
  error: z.string().max(500).default(''),
  /** The end of the failed build's output. */
  log_tail: z.string().max(LOG_TAIL_CHARS).default(''),
  /** First member-content change (profiles, books) after the live build; the hourly check publishes it. */
  member_changed_at: z.date().nullable().default(null),
});
/** The pipeline's state as stored. */
export type PublishStatus = z.infer<typeof publishStatusSchema>;

/** The status of a project that never published: every field at its default. */
export const INITIAL_PUBLISH_STATUS: PublishStatus = publishStatusSchema.parse({});

/** Timings of the debounce and the hook's retries. */
export interface PublishTiming {
  /** A publish is requested once no change arrived for this long. */
  quietMs: number;
  /** …or at the latest this long after the first pending change, so a steady stream still publishes. */
  maxWaitMs: number;
  /** Calls of the deploy hook before giving up. */
  attempts: number;
  /** Wait before the first retry; doubles for each further retry. */
  retryBaseMs: number;
  /** A scheduled task older than this is taken as lost and another may be scheduled. */
  taskLeaseMs: number;
}

/** Production timings: wait for 30 s of quiet (an admin saving a menu item by item), retry over about five minutes. */
export const DEFAULT_PUBLISH_TIMING: PublishTiming = {
  quietMs: 30_000,
  maxWaitMs: 5 * 60_000,
  attempts: 5,
  retryBaseMs: 15_000,
  taskLeaseMs: 15 * 60_000,
};

/** Reads a positive integer of milliseconds, or the fallback for anything else. */
function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Timings from the environment (PUBLISH_QUIET_MS, PUBLISH_MAX_WAIT_MS, PUBLISH_HOOK_ATTEMPTS,
 * PUBLISH_RETRY_BASE_MS, PUBLISH_TASK_LEASE_MS), each falling back to the production value.
 * The demo project sets short ones so a local change shows within seconds and tests stay fast.
 */
export function publishTimingFrom(env: Record<string, string | undefined>): PublishTiming {
  return {
    quietMs: positive(env.PUBLISH_QUIET_MS, DEFAULT_PUBLISH_TIMING.quietMs),
    maxWaitMs: positive(env.PUBLISH_MAX_WAIT_MS, DEFAULT_PUBLISH_TIMING.maxWaitMs),
    attempts: positive(env.PUBLISH_HOOK_ATTEMPTS, DEFAULT_PUBLISH_TIMING.attempts),
    retryBaseMs: positive(env.PUBLISH_RETRY_BASE_MS, DEFAULT_PUBLISH_TIMING.retryBaseMs),
    taskLeaseMs: positive(env.PUBLISH_TASK_LEASE_MS, DEFAULT_PUBLISH_TIMING.taskLeaseMs),
  };
}

/** A change to record: when and what. */
export interface PublishChange {
  /** When it happened. */
  at: Date;
  /** What changed ('site_settings/main') or why a publish is wanted. */
  reason: string;
}

/** The fields a change sets, and whether the caller must schedule a debounce task. */
export interface ChangeOutcome {
  /** Fields to merge into the status document. */
  update: Pick<
    PublishStatus,
    'last_change_at' | 'last_change' | 'pending_since' | 'pending_reasons' | 'task_scheduled_at'
  > & { state?: PublishState };
  /** True when no live task covers this change, so the caller enqueues one. */
  schedule: boolean;
}

/**
 * Records a change. Exactly one debounce task is outstanding per burst: the first change
 * schedules it, later ones only move `last_change_at` (which postpones the task's publish),
 * unless the outstanding task is older than the lease and therefore taken as lost.
 * The state shows "queued" except during a build, whose end notices the newer change.
 */
export function recordChange(
  status: PublishStatus,
  change: PublishChange,
  timing: PublishTiming,
): ChangeOutcome {
  const scheduledAt = status.task_scheduled_at?.getTime();
  const taskAlive = scheduledAt !== undefined && change.at.getTime() - scheduledAt < timing.taskLeaseMs;
  const reason = change.reason.slice(0, 300);
  const newest =
    status.last_change_at && status.last_change_at > change.at ? status.last_change_at : change.at;
  const update: ChangeOutcome['update'] = {
    last_change_at: newest,
    last_change: reason,
    pending_since: status.pending_since ?? change.at,
    pending_reasons: [...status.pending_reasons.filter((r) => r !== reason), reason].slice(-KEPT_REASONS),
    task_scheduled_at: taskAlive ? status.task_scheduled_at : change.at,
  };
  if (status.state !== 'building') update.state = 'queued';
  return { update, schedule: !taskAlive };
}

/** What the debounce task does next. */
export type DebounceStep = { kind: 'wait'; ms: number } | { kind: 'publish' } | { kind: 'done' };

/**
 * The debounce rule: publish once changes have stopped for `quietMs`, or `maxWaitMs` after
 * the first pending change, whichever comes first; until then wait. 'done' means nothing is
 * pending (another task already handed the changes to the hook).
 */
export function debounceStep(status: PublishStatus, now: Date, timing: PublishTiming): DebounceStep {
  if (!status.last_change_at || !status.pending_since) return { kind: 'done' };
  const quietAt = status.last_change_at.getTime() + timing.quietMs;
  const latestAt = status.pending_since.getTime() + timing.maxWaitMs;
  const dueAt = Math.min(quietAt, latestAt);
  const ms = dueAt - now.getTime();
  return ms <= 0 ? { kind: 'publish' } : { kind: 'wait', ms };
}

/** Delay before hook attempt `attempt` (1-based): none before the first, then retryBaseMs doubling. */
export function retryDelayMs(attempt: number, timing: PublishTiming): number {
  return attempt <= 1 ? 0 : timing.retryBaseMs * 2 ** (attempt - 2);
}

/** Appends an attempt, keeping the newest KEPT_ATTEMPTS. */
export function withAttempt(attempts: readonly HookAttempt[], attempt: HookAttempt): HookAttempt[] {
  return [...attempts, { ...attempt, detail: attempt.detail.slice(0, 300) }].slice(-KEPT_ATTEMPTS);
}

/** True when the live build lacks a change: content changed after the live build started reading. */
export function hasUnpublishedChange(status: PublishStatus): boolean {
  if (!status.last_change_at) return false;
  return !status.live_built_from || status.last_change_at > status.live_built_from;
}

/**
 * Whether a deploy-hook request for a change made at `changedAt` needs a build: not when
 * the live build started after the change, because it read the content after it.
 */
export function buildNeeded(changedAt: Date | undefined, liveBuiltFrom: Date | undefined): boolean {
  if (!changedAt || !liveBuiltFrom) return true;
  return changedAt >= liveBuiltFrom;
}

/**
 * Whether a member-content change (a profile or book write) must be noted: only the first
 * one after the live build, so member edits cost one status write per build, not one each.
 */
export function memberChangeToNote(status: PublishStatus): boolean {
  if (!status.member_changed_at) return true;
  return status.live_built_from !== null && status.member_changed_at < status.live_built_from;
}

/**
 * The hourly freshness rule for member-derived blocks on pre-rendered pages (home counts,
 * newest authors): true when member content changed after the live build started and no
 * publish is under way already.
 */
export function memberRefreshDue(status: PublishStatus): boolean {
  if (!status.member_changed_at) return false;
  if (status.state === 'queued' || status.state === 'requested' || status.state === 'building') return false;
  return !status.live_built_from || status.member_changed_at > status.live_built_from;
}

/** What the admin dashboard shows: one line, its tone, and whether work is under way. */
export interface PublishStatusView {
  /** "Publishing…", "Live since 14:02", "Last publish failed: …". */
  text: string;
  /** Colour of the line. */
  tone: 'neutral' | 'busy' | 'ok' | 'error';
  /** True while a publish is queued, requested or building. */
  busy: boolean;
}

/** Formats a time as the dashboard shows it (14:02), or with the date when not today. */
export function formatPublishTime(at: Date, now: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(
      d,
    );
  if (day(at) === day(now)) return time;
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(at);
  return `${date}, ${time}`;
}

/** The dashboard's line for a status. */
export function describePublishStatus(
  status: PublishStatus,
  now: Date,
  timeZone?: string,
): PublishStatusView {
  switch (status.state) {
    case 'queued':
    case 'requested':
    case 'building':
      return { text: 'Publishing…', tone: 'busy', busy: true };
    case 'failed':
      return { text: `Last publish failed: ${status.error || 'unknown error'}`, tone: 'error', busy: false };
    case 'published':
      return status.published_at
        ? {
            text: `Live since ${formatPublishTime(status.published_at, now, timeZone)}`,
            tone: 'ok',
            busy: false,
          }
        : { text: 'Live', tone: 'ok', busy: false };
    case 'idle':
      return { text: 'Not published yet', tone: 'neutral', busy: false };
  }
}

/** The fields a build start sets. */
export function buildStarted(startedAt: Date): Partial<PublishStatus> {
  return { state: 'building', build_started_at: startedAt };
}

/**
 * The fields a successful build sets once it is live. A change that arrived during the
 * build is not in it, so the state goes back to 'queued' (its hook call brings the next build).
 */
export function buildPublished(status: PublishStatus, startedAt: Date, at: Date): Partial<PublishStatus> {
  const changedDuring = status.last_change_at !== null && status.last_change_at >= startedAt;
  return {
    state: changedDuring ? 'queued' : 'published',
    published_at: at,
    live_built_from: startedAt,
    error: '',
    log_tail: '',
  };
}

/** The fields a failed build sets: the live site stays as it was. */
export function buildFailed(at: Date, error: string, logTail: string): Partial<PublishStatus> {
  return {
    state: 'failed',
    failed_at: at,
    error: error.slice(0, 500),
    log_tail: logTail.slice(-LOG_TAIL_CHARS),
  };
}

/**
 * The fields set when a server starts serving a build that started at `builtFrom`, or when
 * a hook request finds the live build current: 'published' when it holds every change.
 * Called only while no build of that server runs, so a stored 'building' is stale (a
 * server stopped during a build) and is overwritten too.
 */
export function liveBuildCurrent(status: PublishStatus, builtFrom: Date, at: Date): Partial<PublishStatus> {
  const update: Partial<PublishStatus> = { live_built_from: builtFrom };
  const current = status.last_change_at === null || status.last_change_at < builtFrom;
  if (current) {
    update.state = 'published';
    update.published_at = status.state === 'published' && status.published_at ? status.published_at : at;
    update.error = '';
    update.log_tail = '';
  }
  return update;
}
