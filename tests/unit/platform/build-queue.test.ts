// The local receiver's coalescing with a fake build: one build at a time, requests during
// a build fold into exactly one more, changes the live or running build contains start nothing.
import { describe, expect, it } from 'vitest';
import { BuildQueue } from '../../../scripts/lib/build-queue.mjs';

/** A build that finishes when the test says so. */
function controllableBuild(result = true) {
  const finishers: (() => void)[] = [];
  const starts: Date[] = [];
  const build = (startedAt: Date) =>
    new Promise<boolean>((resolve) => {
      starts.push(startedAt);
      finishers.push(() => resolve(result));
    });
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { build, starts, finishNext };
}

describe('BuildQueue', () => {
  it('builds once for a request and once more for any number of requests during that build', async () => {
    let clock = 1_000;
    const fake = controllableBuild();
    const queue = new BuildQueue(fake.build, { now: () => new Date(clock) });
    expect(queue.request(new Date(900))).toBe('started');
    clock = 2_000;
    expect(queue.request(new Date(1_500))).toBe('queued');
    expect(queue.request(new Date(1_600))).toBe('already-queued');
    expect(queue.request(new Date(1_700))).toBe('already-queued');
    clock = 3_000;
    await fake.finishNext();
    expect(fake.starts.map((d) => d.getTime())).toEqual([1_000, 3_000]);
    await fake.finishNext();
    await queue.idle();
    expect(queue.builds).toBe(2);
    expect(queue.liveBuiltFrom?.getTime()).toBe(3_000);
  });

  it('does not build for a change the running or the live build already contains', async () => {
    const fake = controllableBuild();
    const queue = new BuildQueue(fake.build, { now: () => new Date(1_000), liveBuiltFrom: new Date(500) });
    expect(queue.request(new Date(400))).toBe('current');
    expect(queue.request(new Date(600))).toBe('started');
    expect(queue.request(new Date(900))).toBe('covered');
    await fake.finishNext();
    await queue.idle();
    expect(queue.builds).toBe(1);
  });

  it('keeps the live build when a build fails, so the next request builds again', async () => {
    const fake = controllableBuild(false);
    const queue = new BuildQueue(fake.build, { now: () => new Date(1_000), liveBuiltFrom: new Date(500) });
    queue.request(new Date(600));
    await fake.finishNext();
    await queue.idle();
    expect(queue.liveBuiltFrom?.getTime()).toBe(500);
    expect(queue.request(new Date(600))).toBe('started');
  });
});
