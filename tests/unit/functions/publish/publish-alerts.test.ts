// What a write of the publish status means for the rebuild's alert: a move into
// 'failed' (or a new failure after one) is a failure, a move into 'published' (or a new
// publish) a success, anything else (queued, building, the same state written again,
// another site_meta document) nothing.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { publishOutcome } from '../../../../functions/src/publish/publish-alerts.ts';

const at = (minute: number) => Timestamp.fromMillis(Date.UTC(2026, 11, 7, 10, minute));
const write = (
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  id = 'publish',
) => publishOutcome({ id, before, after });

describe('publishOutcome', () => {
  it('counts a build that failed, once per failure', () => {
    expect(write({ state: 'building' }, { state: 'failed', failed_at: at(1) })).toBe('failed');
    expect(write(undefined, { state: 'failed', failed_at: at(1) })).toBe('failed');
    expect(write({ state: 'failed', failed_at: at(1) }, { state: 'failed', failed_at: at(2) })).toBe(
      'failed',
    );
    expect(
      write({ state: 'failed', failed_at: at(1) }, { state: 'failed', failed_at: at(1), error: 'x' }),
    ).toBeNull();
  });

  it('counts a published build as a success, once', () => {
    expect(write({ state: 'building' }, { state: 'published', published_at: at(3) })).toBe('published');
    expect(
      write({ state: 'published', published_at: at(3) }, { state: 'published', published_at: at(4) }),
    ).toBe('published');
    expect(
      write({ state: 'published', published_at: at(3) }, { state: 'published', published_at: at(3) }),
    ).toBeNull();
  });

  it('ignores the other states, deletes and other documents', () => {
    expect(write({ state: 'failed' }, { state: 'queued' })).toBeNull();
    expect(write({ state: 'queued' }, { state: 'building' })).toBeNull();
    expect(write({ state: 'failed', failed_at: at(1) }, undefined)).toBeNull();
    expect(write(undefined, { state: 'failed', failed_at: at(1) }, 'typesense_feed')).toBeNull();
  });
});
