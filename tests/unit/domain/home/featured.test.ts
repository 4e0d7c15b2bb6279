import { describe, expect, it } from 'vitest';
import {
  FEATURED_BOOK_SLOTS,
  FEATURED_PROFILE_SLOTS,
  featuredBookSchema,
  fillFeaturedProfileSlots,
  toSlots,
} from '../../../../src/domain/home/featured.ts';

const p = (user_id: string, page_slug = user_id, is_active = true) => ({ user_id, page_slug, is_active });

describe('featured slots', () => {
  it('has 6 profile and 12 book slots; positions are bounded', () => {
    expect(FEATURED_PROFILE_SLOTS).toBe(6);
    expect(FEATURED_BOOK_SLOTS).toBe(12);
    expect(featuredBookSchema.safeParse({ id: '12', book_id: 'b', position: 12 }).success).toBe(true);
    expect(featuredBookSchema.safeParse({ id: '13', book_id: 'b', position: 13 }).success).toBe(false);
    expect(featuredBookSchema.safeParse({ id: '0', book_id: 'b', position: 0 }).success).toBe(false);
  });
  it('toSlots places entries by position', () => {
    expect(toSlots([{ position: 3 }, { position: 1 }], 4)).toEqual([
      { position: 1 },
      null,
      { position: 3 },
      null,
    ]);
  });
  it('fills empty author slots: owner first, then newest active not yet featured', () => {
    const featured = [null, p('f2'), null, null, null, null];
    const candidates = [p('n1'), p('f2'), p('owner', 'site-owner'), p('n2')];
    const slots = fillFeaturedProfileSlots(featured, candidates, 'site-owner');
    expect(slots.map((s) => s?.user_id ?? null)).toEqual(['owner', 'f2', 'n1', 'n2', null, null]);
  });
  it('without an owner profile slot 1 takes the newest', () => {
    const slots = fillFeaturedProfileSlots([], [p('n1'), p('n2')], 'missing');
    expect(slots.map((s) => s?.user_id ?? null)).toEqual(['n1', 'n2', null, null, null, null]);
  });
});
