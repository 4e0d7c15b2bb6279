// The bulk-mail engine's decisions, without Firestore: how recipients are cut
// into batches and what the batches are called, whether a delivery record may be
// claimed under another worker's lease, the counters a send starts with, the
// error of a batch left open, and the bounded concurrency of a batch's mails.
import { describe, expect, it } from 'vitest';
import {
  BATCH_SIZE,
  DELIVERY_LEASE_MS,
  MAX_BATCHES,
  batchId,
  claimDecision,
  intoBatches,
  openBatchMessage,
  startCounters,
  withConcurrency,
} from '../../../../functions/src/mail/batches.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe('batches', () => {
  it('are named by four digits that sort in order', () => {
    expect([0, 1, 9, 10, 449].map(batchId)).toEqual(['0000', '0001', '0009', '0010', '0449']);
    const names = Array.from({ length: MAX_BATCHES }, (_, n) => batchId(n));
    expect([...names].sort()).toEqual(names);
  });

  it('hold BATCH_SIZE recipients each, in order, the last one the rest; none for nobody', () => {
    expect(intoBatches([])).toEqual([]);
    const batches = intoBatches(ids(250));
    expect(batches.map((b) => b.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 50]);
    expect(batches.flat()).toEqual(ids(250));
    expect(intoBatches(ids(100))).toHaveLength(1);
    expect(intoBatches(ids(101))).toHaveLength(2);
  });

  it('grow rather than exceed MAX_BATCHES, so a claim stays one transaction', () => {
    const many = ids(MAX_BATCHES * BATCH_SIZE + 1);
    const batches = intoBatches(many);
    expect(batches.length).toBeLessThanOrEqual(MAX_BATCHES);
    expect(batches.flat()).toEqual(many);
    expect(batches[0]).toHaveLength(Math.ceil(many.length / MAX_BATCHES));
    expect(intoBatches(ids(MAX_BATCHES * BATCH_SIZE))).toHaveLength(MAX_BATCHES);
  });

  it('take another size and cap when a kind asks', () => {
    expect(intoBatches(ids(25), 10).map((b) => b.length)).toEqual([10, 10, 5]);
    expect(intoBatches(ids(25), 1, 5).map((b) => b.length)).toEqual([5, 5, 5, 5, 5]);
  });
});

describe('a delivery claim', () => {
  const now = 1_000_000_000;

  it('is mine when nobody has claimed the delivery yet', () => {
    expect(claimDecision(undefined, now)).toBe('mine');
  });

  it('is never taken again once the mail is sent, however old', () => {
    expect(claimDecision({ status: 'sent', claimedAtMs: 0 }, now)).toBe('sent');
    expect(claimDecision({ status: 'sent', claimedAtMs: now }, now)).toBe('sent');
  });

  it('leaves a delivery another worker holds to it until its lease has run out', () => {
    expect(claimDecision({ status: 'sending', claimedAtMs: now }, now)).toBe('busy');
    expect(claimDecision({ status: 'sending', claimedAtMs: now - DELIVERY_LEASE_MS + 1 }, now)).toBe('busy');
    expect(claimDecision({ status: 'sending', claimedAtMs: now - DELIVERY_LEASE_MS }, now)).toBe('mine');
    expect(claimDecision({ status: 'sending', claimedAtMs: now - 10 }, now, 5)).toBe('mine');
  });

  it('takes a failed (released) delivery, or one without a claim time, at once', () => {
    expect(claimDecision({ status: 'failed', claimedAtMs: 0 }, now)).toBe('mine');
    expect(claimDecision({ status: 'failed', claimedAtMs: now }, now)).toBe('mine');
    expect(claimDecision({ status: 'sending' }, now)).toBe('mine');
  });
});

describe('a send', () => {
  it('starts with its counters at zero, unqueued and incomplete, under its prefix', () => {
    expect(startCounters('', 250, 3)).toEqual({
      recipient_count: 250,
      batch_count: 3,
      batches_done: 0,
      queued: false,
      completed_at: null,
    });
    expect(Object.keys(startCounters('out_now_', 1, 1))).toEqual([
      'out_now_recipient_count',
      'out_now_batch_count',
      'out_now_batches_done',
      'out_now_queued',
      'out_now_completed_at',
    ]);
  });

  it('names a batch left open, how many are open and the first three failures', () => {
    expect(
      openBatchMessage('newsletter n1 batch 0000', 'recipients', 18, ['a: x', 'b: y', 'c: z', 'd: w']),
    ).toBe('newsletter n1 batch 0000: 18 recipients still open (a: x; b: y; c: z)');
    expect(openBatchMessage('b', 'followers', 1, [])).toBe('b: 1 followers still open ()');
  });
});

describe('withConcurrency', () => {
  it('does every item once, never more than the limit at a time', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await withConcurrency([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, item % 3));
      done.push(item);
      running -= 1;
    });
    expect([...done].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('does nothing for no items, and stops at the first failure', async () => {
    await withConcurrency([], 4, async () => {
      throw new Error('never');
    });
    await expect(
      withConcurrency([1, 2], 1, async (item) => {
        if (item === 1) throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
  });
});
