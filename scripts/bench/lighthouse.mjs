// Lighthouse 12 with its mobile defaults (Moto G Power emulation, simulated slow 4G
// and 4x CPU throttling) in Debian's Chromium, and what the bench keeps of a report.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mainThreadOf } from './figures.mjs';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Starts one Chromium for all runs; Lighthouse resets storage and cache before each run. */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
}

/** Audits whose failure the report names when a category misses its target. */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < (category === 'accessibility' ? 1 : 0.9))
    .map((audit) => ({ id: audit.id, score: audit.score, value: audit.displayValue ?? null }));
}

/** One Lighthouse run of `url`: scores, metrics and the scripts the page loaded. */
export async function audit(url, chrome) {
  let lhr;
  // NO_NAVSTART means Chromium's trace missed the navigation (seen on the first page of
  // a run now and then), not anything about the page: record it again, at most twice.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    ({ lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    }));
    if (lhr.runtimeError?.code !== 'NO_NAVSTART') break;
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
    ...mainThreadOf(lhr),
    cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    fcp_ms: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    // Requests the first paint waits for (stylesheets, synchronous scripts), as Lighthouse lists them.
    // Lighthouse 13 replaced the render-blocking-resources and largest-contentful-paint-element
    // audits with the trace-based insights below (same items: url and wastedMs; a node item).
    render_blocking: (lhr.audits['render-blocking-insight']?.details?.items ?? []).map((item) => ({
      url: item.url,
      wasted_ms: Math.round(item.wastedMs ?? 0),
    })),
    // Which element the LCP is (its HTML, shortened), to tell text from an image.
    lcp_element:
      (
        lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet ??
        ''
      ).slice(0, 120) || null,
    script_urls: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
    transfer_bytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    performance_misses: failing(lhr, 'performance'),
    accessibility_misses: failing(lhr, 'accessibility'),
    benchmark_index: lhr.environment?.benchmarkIndex ?? null,
  };
}

/** The run with the median performance score (its metrics travel with it, so they stay consistent). */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.tbt_ms - a.tbt_ms);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
