// What the bench computes from Lighthouse's reports and its runs: pure, so it is tested without a browser.

/**
 * The main thread's work by kind, in ms as Lighthouse reports it (simulated 4x slower
 * CPU): style and layout, script (evaluation, parse and compile), and the rest it
 * names (HTML parsing, paint and compositing, garbage collection, "other").
 */
export function mainThreadOf(lhr) {
  const items = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const of = (...groups) =>
    Math.round(
      items.filter((item) => groups.includes(item.group)).reduce((sum, item) => sum + item.duration, 0),
    );
  const total = Math.round(items.reduce((sum, item) => sum + item.duration, 0));
  const style_layout_ms = of('styleLayout');
  const script_ms = of('scriptEvaluation', 'scriptParseCompile');
  return {
    main_thread_ms: total,
    style_layout_ms,
    script_ms,
    other_ms: of('other'),
    parse_html_ms: of('parseHTML'),
    paint_ms: of('paintCompositeRender'),
    gc_ms: of('garbageCollection'),
  };
}

/** The median of `values` (the mean of the middle two for an even count), rounded to a whole number. */
export function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
}

/** The median and range of `values`, for a figure that must be seen to move (or not) between runs. */
export function spreadOf(values) {
  return { median: medianOf(values), min: Math.min(...values), max: Math.max(...values) };
}
