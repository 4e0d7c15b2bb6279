import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../scripts/bench/report.mjs';
import { SEARCH_TARGETS, searchCorpus } from '../../../scripts/bench/search.mjs';

describe('search bench', () => {
  it('generates the same corpus and searches from the same seed, with skewed word frequencies', () => {
    const a = searchCorpus(300, 7);
    const b = searchCorpus(300, 7);
    expect(a).toEqual(b);
    expect(searchCorpus(300, 8).documents[0]).not.toEqual(a.documents[0]);
    expect(a.searches).toHaveLength(11);
    const common = a.searches[0]!;
    const holding = a.documents.filter((d) => d.description.split(' ').includes(common)).length;
    expect(holding).toBeGreaterThan(200); // the commonest word is in most documents
  });

  it('reports the figures and names each missed target', () => {
    const search = {
      engine: 'embedded (MiniSearch)',
      documents: 20_000,
      build_ms: 3700,
      index_mb: 72,
      query_p50_ms: 18.8,
      query_p95_ms: 82.8,
      snapshot_mb: 27.8,
      snapshot_save_ms: 961,
      cold_start_ms: 685,
      searches: [{ q: 'pebelmis', results: 19962, median_ms: 82.8 }],
      targets: SEARCH_TARGETS,
    };
    const markdown = renderMarkdown({
      measured_at: '2026-11-26T16:00:00Z',
      lighthouse_version: '–',
      chromium: '–',
      runs: 0,
      load_average: '2.00',
      pages: [],
      search,
    });
    expect(markdown).toContain('- server time per search: p50 18.8 ms, p95 82.8 ms (target < 50 ms)');
    expect(markdown).toContain('| pebelmis | 19962 | 82.8 |');
    expect(markdown).toContain('- search: p95 82.8 ms per search');
    expect(markdown).not.toContain('- search: index');
    expect(markdown).not.toContain('- search: cold start');
  });

  it('reports the misspelled searches and a new book’s delay, and misses a rank past 5 or a delay past 5 s', () => {
    const markdown = renderMarkdown({
      measured_at: '2026-11-26T19:00:00Z',
      lighthouse_version: '–',
      chromium: '–',
      runs: 0,
      load_average: '2.00',
      pages: [],
      search: {
        engine: 'embedded (MiniSearch)',
        documents: 20_000,
        build_ms: 1,
        index_mb: 1,
        query_p50_ms: 1,
        query_p95_ms: 1,
        snapshot_mb: 1,
        snapshot_save_ms: 1,
        cold_start_ms: 1,
        searches: [],
        targets: SEARCH_TARGETS,
        misspelled: {
          documents: 220,
          searches: [
            {
              mistake: 'a wrong vowel',
              q: 'whitlack',
              kind: 'author',
              title: 'Catalina Whitlock',
              results: 4,
              rank: 1,
            },
            {
              mistake: 'a partial word',
              q: 'rav',
              kind: 'author',
              title: 'Theo Ravensworth',
              results: 9,
              rank: 6,
            },
          ],
        },
      },
      search_fresh: { runs: [2.1, 6.4, 1.9], worst_s: 6.4, target_s: 5 },
    });
    expect(markdown).toContain('| a wrong vowel | whitlack | author: Catalina Whitlock | 4 | 1 |');
    expect(markdown).toContain("- search: 'rav' ranks author 'Theo Ravensworth' 6");
    expect(markdown).not.toContain("- search: 'whitlack'");
    expect(markdown).toContain('- 2.1 s, 6.4 s, 1.9 s; worst 6.4 (target ≤ 5 s)');
    expect(markdown).toContain('- search: a new book findable after 6.4 s');
  });
});
