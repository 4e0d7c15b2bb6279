// The suppression decision: what each delivery event does to an address's
// record, in any order, and which stream's mail a record stops.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SUPPRESSION,
  SOFT_BOUNCE_LIMIT,
  deliveryNoticeOf,
  liftedSuppression,
  mailAllowed,
  nextSuppression,
  type DeliveryEvent,
  type MailSuppression,
} from '../../../../src/domain/mail/suppression';

let n = 0;
const event = (kind: DeliveryEvent['kind'], at: number): DeliveryEvent => ({
  id: `evt_${++n}`,
  kind,
  address: 'reader@example.com',
  at,
  batch: null,
});
const run = (events: DeliveryEvent[], start: MailSuppression | null = null) =>
  events.reduce<MailSuppression | null>((record, e) => nextSuppression(record, e), start)!;

describe('nextSuppression', () => {
  it('suppresses for good on a hard bounce, and a later delivery does not lift it', () => {
    const record = run([event('hard-bounce', 1000), event('delivered', 2000)]);
    expect(record.reason).toBe('hard-bounce');
    expect(record.suppressed_at).toBe(1000);
  });

  it('suppresses on a complaint, which outranks an earlier bounce', () => {
    expect(run([event('complaint', 5)]).reason).toBe('complaint');
    const record = run([event('hard-bounce', 1), event('complaint', 2)]);
    expect(record).toMatchObject({ reason: 'complaint', suppressed_at: 2 });
    expect(run([event('complaint', 1), event('hard-bounce', 2)]).reason).toBe('complaint');
  });

  it(`suppresses after ${SOFT_BOUNCE_LIMIT} soft bounces in a row, and a delivery resets the streak`, () => {
    expect(run([event('soft-bounce', 1), event('soft-bounce', 2)]).reason).toBeNull();
    expect(
      run([event('soft-bounce', 1), event('soft-bounce', 2), event('delivered', 3), event('soft-bounce', 4)]),
    ).toMatchObject({ reason: null, soft_bounces: 1 });
    expect(run([event('soft-bounce', 1), event('soft-bounce', 2), event('soft-bounce', 3)])).toMatchObject({
      reason: 'soft-bounces',
      suppressed_at: 3,
    });
  });

  it('orders late events by the provider time: an old delivery does not reset a newer streak', () => {
    const record = run([event('soft-bounce', 10), event('soft-bounce', 20), event('delivered', 5)]);
    expect(record.soft_bounces).toBe(2);
    // A bounce older than the last delivery belonged to a streak that delivery ended.
    expect(run([event('delivered', 50), event('soft-bounce', 40)]).soft_bounces).toBe(0);
  });

  it('ignores events from before the member lifted the suppression', () => {
    const lifted = liftedSuppression(run([event('hard-bounce', 10)]), 100);
    expect(lifted).toMatchObject({ reason: null, lifted_at: 100, soft_bounces: 0 });
    expect(nextSuppression(lifted, event('hard-bounce', 90)).reason).toBeNull();
    expect(nextSuppression(lifted, event('complaint', 150)).reason).toBe('complaint');
  });
});

describe('mailAllowed', () => {
  const with_ = (reason: MailSuppression['reason']) => ({ ...EMPTY_SUPPRESSION, reason, suppressed_at: 1 });

  it('mails an address with no record or no suppression on both streams', () => {
    for (const stream of ['account', 'bulk'] as const) {
      expect(mailAllowed(null, stream)).toBe(true);
      expect(mailAllowed(EMPTY_SUPPRESSION, stream)).toBe(true);
    }
  });

  it('stops bulk mail for every reason', () => {
    for (const reason of ['hard-bounce', 'complaint', 'soft-bounces'] as const)
      expect(mailAllowed(with_(reason), 'bulk')).toBe(false);
  });

  it('stops account mail only where it cannot arrive, and the proving mail always goes', () => {
    expect(mailAllowed(with_('complaint'), 'account')).toBe(true);
    expect(mailAllowed(with_('hard-bounce'), 'account')).toBe(false);
    expect(mailAllowed(with_('soft-bounces'), 'account')).toBe(false);
    expect(mailAllowed(with_('hard-bounce'), 'account', true)).toBe(true);
  });
});

describe('deliveryNoticeOf', () => {
  it('tells the member why and since when, and nothing while mail goes out', () => {
    expect(deliveryNoticeOf(null)).toBeNull();
    expect(deliveryNoticeOf(EMPTY_SUPPRESSION)).toBeNull();
    expect(deliveryNoticeOf({ ...EMPTY_SUPPRESSION, reason: 'complaint', suppressed_at: 7 })).toEqual({
      reason: 'complaint',
      since: 7,
    });
  });
});
