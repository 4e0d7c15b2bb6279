// The demo data (`npm start` seeds it) is what an instance's index starts from
// before any snapshot (SiteIndex reads every item on the first search): every
// seeded item must become a SearchDocument or be left out because it is not
// public, never fail; every kind must be there for the demo to show it; and the
// bench's fixed misspelled searches find what they mean in the top 5.
import { describe, expect, it } from 'vitest';
import { demoSearchDocuments } from '../../../scripts/bench/search-demo.ts';
import { benchMisspelled, SEARCH_TARGETS } from '../../../scripts/bench/search.mjs';
import { SEARCH_KINDS } from '../../../src/domain/search/site-search.ts';

/** Generating and validating the whole demo data set takes seconds on a busy machine. */
const GENERATE_MS = 30_000;

describe('the demo data in the search index', () => {
  it(
    'turns every seeded item into a document or leaves it out as not public, and has every kind',
    () => {
      const kinds = new Set(demoSearchDocuments().map((document) => document.kind));
      expect([...kinds].sort()).toEqual([...SEARCH_KINDS].sort());
    },
    GENERATE_MS,
  );

  it(
    'ranks the item each fixed misspelled search means in the top 5',
    async () => {
      const { searches } = await benchMisspelled();
      const missed = searches.filter((s) => s.rank === null || s.rank > SEARCH_TARGETS.misspelled_rank);
      expect(missed).toEqual([]);
      expect(searches.length).toBeGreaterThanOrEqual(7);
    },
    GENERATE_MS,
  );
});
