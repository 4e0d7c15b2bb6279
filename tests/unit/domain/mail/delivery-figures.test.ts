// The delivery figures' pure parts: which figure an event moves, the counter
// documents of a send and its kind, and adding up the shards.
import { describe, expect, it } from 'vitest';
import {
  NO_FIGURES,
  batchHeader,
  figureIds,
  figureOfEvent,
  isBatchKind,
  sumShards,
} from '../../../../src/domain/mail/delivery-figures';

describe('delivery figures', () => {
  it('counts each event kind under its figure, both bounces as bounced', () => {
    expect(figureOfEvent('delivered')).toBe('delivered');
    expect(figureOfEvent('hard-bounce')).toBe('bounced');
    expect(figureOfEvent('soft-bounce')).toBe('bounced');
    expect(figureOfEvent('complaint')).toBe('complained');
  });

  it('names a send’s counters and its kind’s, and tags the mail with kind/id', () => {
    expect(figureIds({ kind: 'newsletter', id: 'n1' })).toEqual(['newsletter_n1', 'kind_newsletter']);
    expect(batchHeader({ kind: 'digest', id: '2026-W48' })).toBe('digest/2026-W48');
    expect(isBatchKind('alert')).toBe(true);
    expect(isBatchKind('password-reset')).toBe(false);
  });

  it('adds up the shards, a missing counter as 0 and anything not a count ignored', () => {
    expect(sumShards([])).toEqual(NO_FIGURES);
    expect(sumShards([{ sent: 3, delivered: 2 }, { sent: 1, bounced: 1, complained: 'x' }, {}])).toEqual({
      sent: 4,
      suppressed: 0,
      delivered: 2,
      bounced: 1,
      complained: 0,
    });
  });
});
