import { describe, expect, it } from 'vitest';
import { mainThreadMisses, missesOf, renderMarkdown } from '../../../scripts/bench/report.mjs';
import { mainThreadOf, spreadOf } from '../../../scripts/bench/figures.mjs';

const page = {
  path: '/profile/x',
  status: 200,
  rendering: 'on demand',
  reads: 3,
  live_data: false,
  performance: 97,
  accessibility: 100,
  performance_misses: [],
  accessibility_misses: [],
  firebase_before_interaction: false,
  firebase_chunks: [],
  react_runtime: false,
  fcp_ms: 800,
  lcp_ms: 820,
  tbt_ms: 0,
  cls: 0,
  render_blocking: [],
  js_gzip_bytes: 2048,
  first_paint_gzip_bytes: 9000,
  html_gzip_bytes: 8000,
  inline_css_raw_bytes: 1,
  inline_css_gzip_bytes: 1,
};

describe('the bench report', () => {
  it('holds a page to its own stricter targets: performance, JavaScript bytes and no React', () => {
    expect(missesOf(page)).toEqual([]);
    const strict = { ...page, targets: { performance: 98, js_gzip_bytes: 1024 }, react_runtime: true };
    expect(missesOf(strict)).toEqual([
      'performance 97 < 98: no single audit below 0.9',
      'JavaScript 2.0 kB gzip > 1.0 kB',
      'the React runtime is loaded before interaction',
    ]);
  });

  it('reports whether the profile page’s reads stay the same as the membership grows', () => {
    const results = {
      measured_at: '2026-11-22T23:00:00Z',
      lighthouse_version: '12',
      chromium: 'Chromium',
      runs: 1,
      load_average: '1.00',
      pages: [page],
      directory_scale: {
        added: 2,
        bounded: true,
        profile_path: '/profile/x',
        profile_bounded: false,
        sizes: [
          { public_members: 10, reads: 5, profile_reads: 3 },
          { public_members: 11, reads: 6, profile_reads: 3 },
          { public_members: 12, reads: 6, profile_reads: 4 },
        ],
      },
    };
    const markdown = renderMarkdown(results);
    expect(markdown).toContain(
      '- 10 public members: 3 reads; 11 public members: 3 reads; 12 public members: 4 reads',
    );
    expect(markdown).toContain('- /profile/x: reads grow with the number of members');
  });

  it('reports the account callables’ answer-time gap and misses a gap of 20 ms or a differing answer', () => {
    const run = (member: number, stranger: number, same = true) => ({
      calls: 20,
      member_median_ms: member,
      stranger_median_ms: stranger,
      gap_ms: Math.abs(member - stranger),
      same_answer: same,
      answers: ['200 {}'],
    });
    const results = {
      measured_at: '2026-11-26T03:00:00Z',
      lighthouse_version: '–',
      chromium: '–',
      runs: 0,
      load_average: '1.00',
      pages: [],
      account_oracle: { target_gap_ms: 20, reset: run(41, 39), email_change: run(20, 277, false) },
    };
    const markdown = renderMarkdown(results);
    expect(markdown).toContain(
      "- requestPasswordReset: a member's address 41 ms, a stranger's address 39 ms, gap 2 ms over 20 calls each (target < 20 ms); same answer: yes",
    );
    expect(markdown).not.toContain('- requestPasswordReset: the answer times differ');
    expect(markdown).toContain('- requestEmailChange: the answer times differ by 257 ms (≥ 20 ms)');
    expect(markdown).toContain(
      '- requestEmailChange: the answer tells an existing address from an unknown one',
    );
  });
});

describe('the main thread per page', () => {
  const lhr = (items: { group: string; duration: number }[]) => ({
    audits: { 'mainthread-work-breakdown': { details: { items } } },
  });

  it("sums Lighthouse's groups into style and layout, script, and other", () => {
    expect(
      mainThreadOf(
        lhr([
          { group: 'styleLayout', duration: 120.4 },
          { group: 'scriptEvaluation', duration: 30.2 },
          { group: 'scriptParseCompile', duration: 9.9 },
          { group: 'other', duration: 80 },
          { group: 'parseHTML', duration: 10 },
          { group: 'paintCompositeRender', duration: 5 },
          { group: 'garbageCollection', duration: 1 },
        ]),
      ),
    ).toEqual({
      main_thread_ms: 257,
      style_layout_ms: 120,
      script_ms: 40,
      other_ms: 80,
      parse_html_ms: 10,
      paint_ms: 5,
      gc_ms: 1,
    });
    expect(mainThreadOf({ audits: {} }).main_thread_ms).toBe(0);
  });

  it('gives each figure its median and range over the runs', () => {
    expect(spreadOf([77, 476, 120])).toEqual({ median: 120, min: 77, max: 476 });
    expect(spreadOf([10, 20])).toEqual({ median: 15, min: 10, max: 20 });
  });

  it('names each target a page misses on its medians, and shows the ranges', () => {
    const spread = (median: number, min = median, max = median) => ({ median, min, max });
    const measured = {
      ...page,
      runs: 3,
      spread: {
        tbt_ms: spread(77, 40, 120),
        main_thread_ms: spread(900),
        style_layout_ms: spread(218),
        script_ms: spread(20),
        other_ms: spread(300),
        transfer_bytes: spread(60_000),
        fcp_ms: spread(800),
        performance: spread(98, 97, 99),
      },
    };
    expect(mainThreadMisses(measured)).toEqual(['TBT 77 ms', 'style and layout 218 ms', 'performance 98']);
    const quiet = {
      ...measured,
      spread: {
        ...measured.spread,
        tbt_ms: spread(0),
        style_layout_ms: spread(90),
        performance: spread(100),
      },
    };
    expect(mainThreadMisses(quiet)).toEqual([]);
    const markdown = renderMarkdown({
      measured_at: '2026-12-06T22:00:00Z',
      lighthouse_version: '13',
      chromium: 'Chromium',
      runs: 3,
      load_average: '1.00',
      pages: [measured, quiet],
    });
    expect(markdown).toContain('| /profile/x | 3 | 98 [97–99] | 77 ms [40 ms–120 ms] | 900 ms | 218 ms |');
    expect(markdown).toContain('TBT 77 ms; style and layout 218 ms; performance 98 |');
    expect(markdown).toMatch(/\| 100 \| 0 ms \| 900 ms \| 90 ms \|.*\| meets \|/);
  });
});
