import { describe, expect, it } from 'vitest';
import {
  ALERT_RULES,
  acknowledgeAlert,
  applyAlertEvent,
  applyAlertSuccess,
  countsAsAlertEvent,
  emptyAlertState,
  opsAlertKindSchema,
  opsAlertMailWords,
  opsAlertStateSchema,
  type OpsAlertKind,
  type OpsAlertState,
} from '../../../../src/domain/shared/ops-alerts';
import { serverFailureKindSchema } from '../../../../src/domain/shared/server-failures';

const start = new Date('2026-12-07T10:00:00Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

/** Applies events at the given minutes; the state after them and the minutes whose event opened the alert. */
function run(kind: OpsAlertKind, at: number[], from: OpsAlertState = emptyAlertState(kind)) {
  let state = from;
  const openedAt: number[] = [];
  for (const minute of at) {
    const next = applyAlertEvent(state, minutes(minute), `failure at ${minute}`);
    if (next.opened) openedAt.push(minute);
    state = next.state;
  }
  return { state, openedAt };
}

describe('alert rules', () => {
  it('has a rule and label for every server-failure kind and each signal', () => {
    for (const kind of serverFailureKindSchema.options) expect(opsAlertKindSchema.options).toContain(kind);
    for (const kind of opsAlertKindSchema.options) expect(ALERT_RULES[kind].threshold).toBeGreaterThan(1);
  });

  it('counts the rebuild by its builds, every other failure as it is recorded', () => {
    expect(countsAsAlertEvent('publish')).toBe(false);
    expect(countsAsAlertEvent('newsletter-batch')).toBe(true);
    expect(countsAsAlertEvent('mail')).toBe(true);
  });
});

describe('a window rule (newsletter batches: 3 within 30 minutes)', () => {
  it('opens on the third failure within the window, once', () => {
    const { state, openedAt } = run('newsletter-batch', [0, 10, 20, 21, 22]);
    expect(openedAt).toEqual([20]);
    expect(state).toMatchObject({ open: true, opened_at: minutes(20), events_since_open: 5 });
    expect(state.last_message).toBe('failure at 22');
  });

  it('does not open for failures spread wider than the window', () => {
    const { state, openedAt } = run('newsletter-batch', [0, 20, 40, 60, 80]);
    expect(openedAt).toEqual([]);
    expect(state.open).toBe(false);
    expect(state.recent.length).toBeLessThanOrEqual(ALERT_RULES['newsletter-batch'].threshold);
  });

  it('counts events that arrive out of order by their time', () => {
    const { openedAt } = run('newsletter-batch', [10, 0, 5]);
    expect(openedAt).toEqual([5]);
  });

  it('after an acknowledgement counts from nothing and opens again', () => {
    const first = run('newsletter-batch', [0, 1, 2]);
    const acknowledged = acknowledgeAlert(first.state, minutes(3), 'admin-uid');
    expect(acknowledged).toMatchObject({ open: false, recent: [], acknowledged_by: 'admin-uid' });
    const again = run('newsletter-batch', [4, 5], acknowledged);
    expect(again.openedAt).toEqual([]);
    expect(run('newsletter-batch', [4, 5, 6], acknowledged).openedAt).toEqual([6]);
  });
});

describe('a streak rule (the rebuild: 2 in a row)', () => {
  it('opens on the second failure in a row', () => {
    expect(run('publish', [0, 5]).openedAt).toEqual([5]);
  });

  it('starts again after a success', () => {
    const one = run('publish', [0]);
    const afterSuccess = applyAlertSuccess(one.state);
    expect(afterSuccess.streak).toBe(0);
    expect(run('publish', [60], afterSuccess).openedAt).toEqual([]);
    expect(applyAlertSuccess(afterSuccess)).toBe(afterSuccess);
  });
});

describe('the stored state', () => {
  it('round-trips through its schema, and refuses a broken one', () => {
    const { state } = run('mail', [0, 1, 2, 3, 4]);
    expect(opsAlertStateSchema.parse(state)).toEqual(state);
    expect(opsAlertStateSchema.safeParse({ ...state, streak: -1 }).success).toBe(false);
  });
});

describe('the mail', () => {
  it('names the alert, how often and the latest error', () => {
    const { state } = run('newsletter-batch', [0, 1, 2]);
    const words = opsAlertMailWords(state, 'Shelfmark');
    expect(words.subject).toBe('Shelfmark alert: Newsletter batches keep failing');
    expect(words.paragraphs[0]).toContain('3 times within 30 minutes');
    expect(words.paragraphs[1]).toBe('The latest error: failure at 2');
    expect(opsAlertMailWords(run('publish', [0, 1]).state, 'Shelfmark').paragraphs[0]).toContain(
      '2 times in a row',
    );
  });
});
