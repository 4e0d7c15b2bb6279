// The analytics bench's write-rate measure: the most commits to one document in any one-second window.
import { describe, expect, it } from 'vitest';
import { mostInWindow } from '../../../scripts/bench/analytics.mjs';

describe('mostInWindow', () => {
  it('is 0 for no writes and 1 for writes a second or more apart', () => {
    expect(mostInWindow([])).toBe(0);
    expect(mostInWindow([0, 1000, 2000, 3500])).toBe(1);
  });

  it('counts writes closer than a second together, whatever their order', () => {
    expect(mostInWindow([1500, 0, 999, 400])).toBe(3);
    expect(mostInWindow([2000, 0, 999, 1500])).toBe(2);
    expect(mostInWindow([0, 10, 20, 5000, 5001])).toBe(3);
  });
});
