// The bench's markdown: one row per page, the JavaScript of an anonymous visit,
// the directory at two data sizes, and each target a page misses, with the reason.

/** Targets from issue 4 (docs/benchmarks.md). */
export const TARGETS = { performance: 95, accessibility: 100 };

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value} ms`);

/** Why a page misses its targets, as short sentences (empty when it meets them all). */
export function missesOf(page) {
  if (page.status !== 200) return [`HTTP ${page.status}: the page does not exist in this build`];
  if (page.error) return [`Lighthouse failed: ${page.error}`];
  const misses = [];
  const list = (audits) => audits.map((a) => (a.value ? `${a.id} (${a.value})` : a.id)).join(', ');
  if (page.performance < TARGETS.performance) misses.push(`performance ${page.performance} < ${TARGETS.performance}: ${list(page.performance_misses) || 'no single audit below 0.9'}`);
  if (page.accessibility < TARGETS.accessibility) misses.push(`accessibility ${page.accessibility} < ${TARGETS.accessibility}: ${list(page.accessibility_misses)}`);
  if (page.firebase_before_interaction && !page.live_data) misses.push(`Firebase SDK loaded before interaction: ${page.firebase_chunks.join(', ')}`);
  return misses;
}

/** The whole report as markdown. */
export function renderMarkdown(results) {
  const lines = [
    `Measured ${results.measured_at.slice(0, 16).replace('T', ' ')} UTC · Lighthouse ${results.lighthouse_version} (mobile defaults) · ${results.chromium} · median of ${results.runs} run(s) · load average at start ${results.load_average}`,
    '',
    '| Page | Rendering | Perf | A11y | LCP | TBT | CLS | JS (gzip) | Firebase before interaction | Firestore reads / view |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const p of results.pages) {
    if (p.status !== 200 || p.error) {
      lines.push(`| ${p.path} | ${p.status !== 200 ? `missing (HTTP ${p.status})` : p.rendering} | – | – | – | – | – | – | – | ${p.status === 200 ? p.reads : '–'} |`);
      continue;
    }
    const firebase = p.firebase_before_interaction ? (p.live_data ? 'yes (live data)' : 'yes') : 'no';
    lines.push(`| ${p.path} | ${p.rendering} | ${p.performance} | ${p.accessibility} | ${ms(p.lcp_ms)} | ${ms(p.tbt_ms)} | ${p.cls} | ${kb(p.js_gzip_bytes)} | ${firebase} | ${p.reads} |`);
  }

  if (results.js_bytes?.length) {
    lines.push('', 'JavaScript an anonymous visitor downloads (js-bytes.mjs, gzip):', '');
    lines.push('| Page | Kind | Files | gzip | Firebase | React |', '| --- | --- | ---: | ---: | --- | --- |');
    for (const j of results.js_bytes) {
      lines.push(`| ${j.path} | ${j.kind} | ${j.files} | ${kb(j.gzip_bytes)} | ${j.firebase_sdk ? 'yes' : 'no'} | ${j.react_runtime ? 'yes' : 'no'} |`);
    }
  }

  const scale = results.directory_scale;
  if (scale) {
    lines.push('', 'Directory reads per view as the membership grows:', '');
    if (scale.error) lines.push(`- not measured: ${scale.error}`);
    else {
      for (const size of scale.sizes) lines.push(`- ${size.public_members} public members: ${size.reads} reads`);
      lines.push(`- bounded (the two larger sizes cost the same): ${scale.bounded ? 'yes' : 'NO'}`);
    }
  }

  const misses = results.pages.flatMap((p) => missesOf(p).map((m) => `- ${p.path}: ${m}`));
  if (scale && !scale.error && !scale.bounded) misses.push('- /directory: reads grow with the number of members');
  lines.push('', misses.length ? 'Targets missed:' : 'Every page meets its targets.', ...(misses.length ? ['', ...misses] : []));
  return `${lines.join('\n')}\n`;
}
