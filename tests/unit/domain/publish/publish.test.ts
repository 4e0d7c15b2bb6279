// The publish pipeline's pure rules on a fake clock: debounce, retries, the status the
// build receiver writes, and the dashboard's line.
import { describe, expect, it } from 'vitest';
import {
  buildFailed,
  buildNeeded,
  buildPublished,
  changeShowsPublicly,
  debounceStep,
  describePublishStatus,
  INITIAL_PUBLISH_STATUS,
  KEPT_ATTEMPTS,
  liveBuildCurrent,
  memberChangeToNote,
  memberRefreshDue,
  publishStatusSchema,
  publishTimingFrom,
  recordChange,
  retryDelayMs,
  withAttempt,
  type PublishStatus,
  type PublishTiming,
} from '../../../../src/domain/publish/publish.ts';

const T0 = Date.UTC(2026, 0, 5, 14, 0);
const at = (ms: number) => new Date(T0 + ms);
const timing: PublishTiming = {
  quietMs: 2_000,
  maxWaitMs: 15_000,
  attempts: 4,
  retryBaseMs: 1_000,
  taskLeaseMs: 120_000,
};

/** Applies changes at the given offsets, as the triggers would, and says which scheduled a task. */
function changes(offsets: number[], start: PublishStatus = INITIAL_PUBLISH_STATUS) {
  let status = start;
  const scheduled: number[] = [];
  for (const offset of offsets) {
    const outcome = recordChange(status, { at: at(offset), reason: `doc/${offset}` }, timing);
    if (outcome.schedule) scheduled.push(offset);
    status = { ...status, ...outcome.update };
  }
  return { status, scheduled };
}

describe('changeShowsPublicly', () => {
  const draft = { title: 'Soon', is_published: false };
  const live = { title: 'Out', is_published: true };

  it('ignores a blog post or newsletter that is a draft before and after', () => {
    for (const collection of ['blog_posts', 'newsletters'] as const) {
      expect(changeShowsPublicly(collection, undefined, draft)).toBe(false);
      expect(changeShowsPublicly(collection, draft, { ...draft, title: 'Later' })).toBe(false);
      expect(changeShowsPublicly(collection, draft, undefined)).toBe(false);
      expect(changeShowsPublicly(collection, { title: 'No flag' }, { title: 'Still none' })).toBe(false);
    }
  });

  it('rebuilds for publishing, unpublishing, editing or deleting a published document', () => {
    expect(changeShowsPublicly('blog_posts', draft, live)).toBe(true);
    expect(changeShowsPublicly('blog_posts', live, draft)).toBe(true);
    expect(changeShowsPublicly('newsletters', live, { ...live, title: 'Edited' })).toBe(true);
    expect(changeShowsPublicly('newsletters', live, undefined)).toBe(true);
    expect(changeShowsPublicly('blog_posts', undefined, live)).toBe(true);
  });

  it('rebuilds for every write to a collection without drafts', () => {
    expect(changeShowsPublicly('site_settings', undefined, { site_name: 'Shelfmark' })).toBe(true);
    expect(changeShowsPublicly('advertisement_banners', { is_published: false }, undefined)).toBe(true);
  });
});

describe('recordChange', () => {
  it('schedules one task for a burst of ten changes within two seconds', () => {
    const { status, scheduled } = changes([0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800]);
    expect(scheduled).toEqual([0]);
    expect(status.state).toBe('queued');
    expect(status.pending_since).toEqual(at(0));
    expect(status.last_change_at).toEqual(at(1800));
    expect(status.pending_reasons).toHaveLength(10);
  });

  it('schedules again once the task has taken the changes', () => {
    const first = changes([0]);
    const taken: PublishStatus = {
      ...first.status,
      pending_since: null,
      pending_reasons: [],
      task_scheduled_at: null,
    };
    expect(changes([5_000], taken).scheduled).toEqual([5_000]);
  });

  it('takes a task older than the lease as lost and schedules another', () => {
    const first = changes([0]);
    expect(changes([timing.taskLeaseMs + 1], first.status).scheduled).toEqual([timing.taskLeaseMs + 1]);
  });

  it('keeps the state of a running build, whose end notices the change', () => {
    const building: PublishStatus = { ...INITIAL_PUBLISH_STATUS, state: 'building' };
    expect(changes([0], building).status.state).toBe('building');
  });

  it('never moves last_change_at backwards when triggers arrive out of order', () => {
    expect(changes([1_000, 500]).status.last_change_at).toEqual(at(1_000));
  });
});

describe('debounceStep', () => {
  const pending = (first: number, last: number): PublishStatus => ({
    ...INITIAL_PUBLISH_STATUS,
    pending_since: at(first),
    last_change_at: at(last),
  });

  it('waits until the changes have been quiet for the window', () => {
    expect(debounceStep(pending(0, 1_800), at(1_900), timing)).toEqual({ kind: 'wait', ms: 1_900 });
    expect(debounceStep(pending(0, 1_800), at(3_800), timing)).toEqual({ kind: 'publish' });
  });

  it('publishes after the longest wait even while changes keep coming', () => {
    expect(debounceStep(pending(0, 14_500), at(15_000), timing)).toEqual({ kind: 'publish' });
  });

  it('has nothing to do when no change is pending', () => {
    expect(debounceStep(INITIAL_PUBLISH_STATUS, at(0), timing)).toEqual({ kind: 'done' });
  });
});

describe('retries', () => {
  it('calls at once, then backs off doubling', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, timing))).toEqual([0, 1_000, 2_000, 4_000]);
  });

  it('keeps the newest attempts only', () => {
    let attempts = INITIAL_PUBLISH_STATUS.attempts;
    for (let i = 0; i < KEPT_ATTEMPTS + 3; i++)
      attempts = withAttempt(attempts, { at: at(i), ok: false, detail: `HTTP ${i}` });
    expect(attempts).toHaveLength(KEPT_ATTEMPTS);
    expect(attempts.at(-1)?.detail).toBe(`HTTP ${KEPT_ATTEMPTS + 2}`);
  });
});

describe('publishTimingFrom', () => {
  it('reads the environment and falls back to the production timings', () => {
    expect(publishTimingFrom({ PUBLISH_QUIET_MS: '2000', PUBLISH_HOOK_ATTEMPTS: 'x' })).toMatchObject({
      quietMs: 2_000,
      attempts: 5,
      maxWaitMs: 300_000,
    });
  });
});

describe('the build receiver', () => {
  it('skips a build for a change older than the live build', () => {
    expect(buildNeeded(at(0), at(1))).toBe(false);
    expect(buildNeeded(at(1), at(1))).toBe(true);
    expect(buildNeeded(undefined, at(1))).toBe(true);
    expect(buildNeeded(at(0), undefined)).toBe(true);
  });

  it('publishes a build, or stays queued when a change arrived during it', () => {
    const quiet: PublishStatus = { ...INITIAL_PUBLISH_STATUS, state: 'building', last_change_at: at(0) };
    expect(buildPublished(quiet, at(1_000), at(60_000))).toMatchObject({
      state: 'published',
      published_at: at(60_000),
      live_built_from: at(1_000),
      error: '',
    });
    const busy: PublishStatus = { ...quiet, last_change_at: at(30_000) };
    expect(buildPublished(busy, at(1_000), at(60_000)).state).toBe('queued');
  });

  it('records a failed build with the end of its log', () => {
    const update = buildFailed(at(5), 'The build failed (exit code 1)', `${'x'.repeat(10_000)}END`);
    expect(update).toMatchObject({
      state: 'failed',
      failed_at: at(5),
      error: 'The build failed (exit code 1)',
    });
    expect(update.log_tail?.endsWith('END')).toBe(true);
    expect(publishStatusSchema.safeParse({ ...INITIAL_PUBLISH_STATUS, ...update }).success).toBe(true);
  });

  it('marks a served build current when it started after the last change', () => {
    const failed: PublishStatus = {
      ...INITIAL_PUBLISH_STATUS,
      state: 'failed',
      error: 'HTTP 502',
      last_change_at: at(0),
    };
    expect(liveBuildCurrent(failed, at(10), at(90))).toMatchObject({
      state: 'published',
      published_at: at(90),
      error: '',
    });
    expect(liveBuildCurrent({ ...failed, last_change_at: at(20) }, at(10), at(90))).toEqual({
      live_built_from: at(10),
    });
    // A server stopped during a build left 'building' behind; the new server's build holds everything before it.
    expect(liveBuildCurrent({ ...failed, state: 'building' }, at(10), at(90)).state).toBe('published');
  });
});

describe('member content and the hourly refresh', () => {
  const live: PublishStatus = { ...INITIAL_PUBLISH_STATUS, state: 'published', live_built_from: at(1_000) };

  it('notes the first member change after the live build only', () => {
    expect(memberChangeToNote(live)).toBe(true);
    expect(memberChangeToNote({ ...live, member_changed_at: at(2_000) })).toBe(false);
    expect(memberChangeToNote({ ...live, member_changed_at: at(500) })).toBe(true);
  });

  it('publishes when member content is newer than the live build and nothing is under way', () => {
    expect(memberRefreshDue({ ...live, member_changed_at: at(2_000) })).toBe(true);
    expect(memberRefreshDue({ ...live, member_changed_at: at(500) })).toBe(false);
    expect(memberRefreshDue({ ...live, state: 'building', member_changed_at: at(2_000) })).toBe(false);
    expect(memberRefreshDue(live)).toBe(false);
  });
});

describe('describePublishStatus', () => {
  const now = at(3 * 60_000);

  it('says Publishing… while queued, requested or building', () => {
    for (const state of ['queued', 'requested', 'building'] as const) {
      expect(describePublishStatus({ ...INITIAL_PUBLISH_STATUS, state }, now, 'UTC')).toEqual({
        text: 'Publishing…',
        tone: 'busy',
        busy: true,
      });
    }
  });

  it('says since when the site is live, with the date when not today', () => {
    const published: PublishStatus = {
      ...INITIAL_PUBLISH_STATUS,
      state: 'published',
      published_at: at(2 * 60_000),
    };
    expect(describePublishStatus(published, now, 'UTC').text).toBe('Live since 14:02');
    expect(describePublishStatus(published, at(2 * 86_400_000), 'UTC').text).toBe('Live since 5 Jan, 14:02');
  });

  it('says why the last publish failed', () => {
    const failed: PublishStatus = {
      ...INITIAL_PUBLISH_STATUS,
      state: 'failed',
      error: 'The build failed (exit code 1)',
    };
    expect(describePublishStatus(failed, now, 'UTC')).toEqual({
      text: 'Last publish failed: The build failed (exit code 1)',
      tone: 'error',
      busy: false,
    });
  });

  it('says when nothing was published yet', () => {
    expect(describePublishStatus(INITIAL_PUBLISH_STATUS, now, 'UTC').text).toBe('Not published yet');
  });
});
