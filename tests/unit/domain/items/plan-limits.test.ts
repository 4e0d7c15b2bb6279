import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, PLAN_LIMITS, canAdd, limitLevel } from '../../../../src/domain/items/plan-limits.ts';

describe('plan limits', () => {
  it('free members get 3 books and 3 products/services', () => {
    expect(PLAN_LIMITS.free).toEqual({ books: 3, products_services: 3 });
  });
  it.each([
    [2, true],
    [3, false],
    [4, false],
  ])('free member with %i items may add one more: %s', (count, allowed) => {
    expect(canAdd('books', 'free', count)).toBe(allowed);
    expect(canAdd('products_services', 'free', count)).toBe(allowed);
  });
  it.each([2, 3, 4, 1000])('premium member with %i items may always add', (count) => {
    expect(canAdd('books', 'premium', count)).toBe(true);
    expect(canAdd('products_services', 'premium', count)).toBe(true);
  });
  it('uses the spec messages verbatim', () => {
    expect(LIMIT_MESSAGES.books).toBe(
      'Free users can only add up to 3 books. Upgrade to Premium for unlimited books!',
    );
    expect(LIMIT_MESSAGES.products_services).toBe(
      'Free users can only add up to 3 products/services. Upgrade to Premium for unlimited products/services!',
    );
  });
  it('counter turns orange at 2 and red from 3, never for premium', () => {
    expect([0, 1, 2, 3, 4].map((n) => limitLevel(n))).toEqual([
      'normal',
      'normal',
      'warning',
      'limit',
      'limit',
    ]);
    expect(limitLevel(3, 'premium')).toBe('normal');
  });
});
