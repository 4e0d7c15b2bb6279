import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPatch } from '../../../../../src/domain/shared/patch';
import { createWriteBehind } from '../../../../../src/data/server/shared/write-behind';

/** A writer that records each write and lets the test finish or fail it. */
function recorder() {
  const writes: Array<{
    key: string;
    patch: DayPatch;
    at: number;
    finish: () => void;
    fail: (e: Error) => void;
  }> = [];
  const write = (key: string, patch: DayPatch) =>
    new Promise<void>((finish, reject) => writes.push({ key, patch, at: Date.now(), finish, fail: reject }));
  return { writes, write };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('write-behind counters', () => {
  it('writes a quiet document at once, then everything that arrives within the second as one summed write', async () => {
    const buffer = createWriteBehind(1000);
    const { writes, write } = recorder();
    const first = buffer.add('d', { views: 1 }, write);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    const later = [buffer.add('d', { views: 1 }, write), buffer.add('d', { views: 2, title: 'x' }, write)];
    writes[0]!.finish();
    await first;
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({ key: 'd', patch: { views: 3, title: 'x' }, at: 1000 });
    writes[1]!.finish();
    await Promise.all(later);
  });

  it('answers a request only once the write carrying its change is stored', async () => {
    const buffer = createWriteBehind(1000);
    const { writes, write } = recorder();
    let settled = false;
    void buffer.add('d', { views: 1 }, write).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(settled).toBe(false);
    writes[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('fails every request a failed write carried, and writes the next change anew', async () => {
    const buffer = createWriteBehind(1000);
    const { writes, write } = recorder();
    const carried = [buffer.add('d', { views: 1 }, write)];
    await vi.advanceTimersByTimeAsync(0);
    carried.push(buffer.add('d', { views: 1 }, write));
    writes[0]!.fail(new Error('unavailable'));
    await expect(carried[0]).rejects.toThrow('unavailable');
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes[1]!.patch).toEqual({ views: 1 });
    writes[1]!.finish();
    await expect(carried[1]).resolves.toBeUndefined();
  });

  it('spaces writes from the end of the last one, so a slow write does not bring its successor closer', async () => {
    const buffer = createWriteBehind(1000);
    const { writes, write } = recorder();
    const first = buffer.add('d', { views: 1 }, write);
    await vi.advanceTimersByTimeAsync(0);
    const next = buffer.add('d', { views: 1 }, write);
    // The first write takes 600 ms to be stored.
    await vi.advanceTimersByTimeAsync(600);
    writes[0]!.finish();
    await first;
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes[1]).toMatchObject({ patch: { views: 1 }, at: 1600 });
    writes[1]!.finish();
    await next;
  });

  it('never writes one document twice within the interval, and documents independently', async () => {
    const buffer = createWriteBehind(1000);
    const { writes, write } = recorder();
    const all: Promise<void>[] = [];
    for (let ms = 0; ms < 5000; ms += 20) {
      all.push(buffer.add('hot', { views: 1 }, write), buffer.add(`cold-${ms}`, { views: 1 }, write));
      await vi.advanceTimersByTimeAsync(20);
      for (const pending of writes) pending.finish();
    }
    await vi.advanceTimersByTimeAsync(2000);
    for (const pending of writes) pending.finish();
    await Promise.all(all);
    const hot = writes.filter((w) => w.key === 'hot');
    for (let i = 1; i < hot.length; i++) expect(hot[i]!.at - hot[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    expect(hot.reduce((sum, w) => sum + (w.patch.views as number), 0)).toBe(250);
    expect(writes.filter((w) => w.key.startsWith('cold-'))).toHaveLength(250);
  });
});
