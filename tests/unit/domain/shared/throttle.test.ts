import { describe, expect, it } from 'vitest';
import {
  decideAttempt,
  RESEND_VERIFICATION_LIMITS,
  SIGNUP_LIMITS_PER_EMAIL,
  SIGNUP_LIMITS_PER_IP,
  type ThrottleLimit,
} from '../../../../src/domain/shared/throttle.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 0, 1, 12);
const threePerHour: ThrottleLimit[] = [{ max: 3, windowMs: HOUR }];

/** Runs attempts at the given times, storing each decision's log as the next one's input. */
function run(times: number[], limits: readonly ThrottleLimit[]): boolean[] {
  let log: number[] = [];
  return times.map((time) => {
    const decision = decideAttempt(log, time, limits);
    log = decision.attempts;
    return decision.allowed;
  });
}

describe('decideAttempt', () => {
  it('allows up to max attempts in the window and refuses the next', () => {
    expect(run([NOW, NOW + 1, NOW + 2, NOW + 3], threePerHour)).toEqual([true, true, true, false]);
  });

  it('records an allowed attempt and not a refused one', () => {
    const allowed = decideAttempt([NOW - 10], NOW, threePerHour);
    expect(allowed.attempts).toEqual([NOW - 10, NOW]);
    const refused = decideAttempt([NOW - 3, NOW - 2, NOW - 1], NOW, threePerHour);
    expect(refused.allowed).toBe(false);
    expect(refused.attempts).toEqual([NOW - 3, NOW - 2, NOW - 1]);
  });

  it('slides: room comes back when the oldest attempt leaves the window', () => {
    const log = [NOW - HOUR + 5_000, NOW - 30 * MINUTE, NOW - MINUTE];
    const refused = decideAttempt(log, NOW, threePerHour);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 5_000 });
    expect(decideAttempt(log, NOW + 5_000, threePerHour).allowed).toBe(true);
  });

  it('forgets attempts older than the longest window, so the stored log stays small', () => {
    const old = Array.from({ length: 50 }, (_, i) => NOW - 2 * HOUR - i);
    expect(decideAttempt(old, NOW, threePerHour).attempts).toEqual([NOW]);
  });

  it('needs room in every limit', () => {
    const limits = [
      { max: 1, windowMs: MINUTE },
      { max: 2, windowMs: HOUR },
    ];
    expect(run([NOW, NOW + 30_000, NOW + 2 * MINUTE, NOW + 4 * MINUTE, NOW + HOUR + 1], limits)).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it('ignores garbage and counts future times as now', () => {
    const decision = decideAttempt([Number.NaN, NOW + HOUR], NOW, threePerHour);
    expect(decision.attempts).toEqual([NOW, NOW]);
  });
});

describe('the chosen limits', () => {
  it('let a person retry a sign-up but stop a loop', () => {
    expect(
      run(
        [0, 1, 2, 3].map((i) => NOW + i * MINUTE),
        SIGNUP_LIMITS_PER_EMAIL,
      ),
    ).toEqual([true, true, true, false]);
    expect(
      run(
        Array.from({ length: 11 }, (_, i) => NOW + i * MINUTE),
        SIGNUP_LIMITS_PER_IP,
      ).filter(Boolean),
    ).toHaveLength(10);
  });

  it('allow one verification email a minute and five a day', () => {
    const everyTwoMinutes = Array.from({ length: 7 }, (_, i) => NOW + i * 2 * MINUTE);
    expect(run(everyTwoMinutes, RESEND_VERIFICATION_LIMITS)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(run([NOW, NOW + 10_000], RESEND_VERIFICATION_LIMITS)).toEqual([true, false]);
  });
});
