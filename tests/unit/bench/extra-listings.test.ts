import { describe, expect, it } from 'vitest';
import { marketEntrySchema, marketEntryId } from '../../../src/domain/market/market-entry.ts';
import { entryOf } from '../../../scripts/bench/extra-listings.mjs';

describe('bench market listings', () => {
  it('are valid market entries of all four kinds', () => {
    const types = new Set<string>();
    for (let n = 0; n < 8; n += 1) {
      const [source, id, entry] = entryOf(n) as [
        Parameters<typeof marketEntryId>[0],
        string,
        Record<string, unknown>,
      ];
      expect(
        marketEntrySchema.safeParse({ id: marketEntryId(source, id), ...entry }).success,
        `listing ${n}`,
      ).toBe(true);
      types.add(String(entry.type));
    }
    expect([...types].sort()).toEqual(['book', 'classified', 'product', 'service']);
  });
});
