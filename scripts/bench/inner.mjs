// Runs inside `firebase emulators:exec` (see scripts/bench/run.mjs), which sets
// FIRESTORE_EMULATOR_HOST and friends: demo data, a production build in dist-bench/,
// the site served with READ_METER=1, then per page a plain fetch (status, reads),
// Lighthouse and the weight of the scripts it loaded; then js-bytes.mjs, and the
// directory again after adding members; last, the publish pipeline (publish.mjs), which
// rebuilds and swaps the served site. BENCH_ONLY=publish runs only that last part.
// Stops the site on every path.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { PORTS, ROOT } from '../emulator-env.mjs';
import { run, runToEnd, stopAll, waitForPort } from '../lib/processes.mjs';
import { addPublicMembers, countPublicMembers } from './extra-members.mjs';
import { bookBenchPages, FIRST_PAINT_TARGETS } from './book-pages.mjs';
import { audit, launchChrome, medianRun } from './lighthouse.mjs';
import { medianOf, spreadOf } from './figures.mjs';
import { observe } from './observatory.mjs';
import { fetchPage, firstPaintBytes, weighScripts } from './page-cost.mjs';
import { benchPublish } from './publish.mjs';
import { benchNewsletter } from './newsletter.mjs';
import { benchAdmin } from './admin.mjs';
import { benchAccountOracle } from './account-oracle.mjs';
import { benchAnalytics, benchAnalyticsView } from './analytics.mjs';
import { benchSearch, benchSearchScale } from './search.mjs';
import { benchAddBook } from './add-book.mjs';
import { benchSearchFreshness } from './search-fresh.mjs';
import { benchReviewReads } from './reviews.mjs';
import { benchFollows } from './follows.mjs';
import { benchReadingImport } from './reading-import.mjs';
import { benchInvocations } from './invocations.mjs';
import { renderMarkdown } from './report.mjs';
import { fillMarketTo, newestAdPath } from './extra-listings.mjs';
import { MARKET_PAGE_SIZE } from '../../src/domain/market/market.ts';

/** A profile page: the demo author's, the one with the most content (books, products, events) and a picture. */
const PROFILE_PATH = '/profile/margot-ellery';

/**
 * The pages issue 4 benchmarks, and one of each other kind of public page.
 * live_data: the page may load Firebase to refresh while open (home: settings and featured books).
 * targets: stricter targets than report.mjs's TARGETS for this page (the profiles issue's).
 */
const PAGES = [
  { path: PROFILE_PATH, targets: { performance: 98, js_gzip_bytes: 15 * 1024, ...FIRST_PAINT_TARGETS } },
  { path: '/', live_data: true },
  { path: '/categories' },
  { path: '/directory' },
  { path: '/classifieds' },
  { path: '/free-books' },
  { path: '/audiobooks' },
  { path: '/book-communities' },
  { path: '/about' },
  { path: '/membership' },
  { path: '/free-ebooks' },
  { path: '/terms' },
  { path: '/blog', targets: { performance: 98, js_gzip_bytes: 15 * 1024 } },
  { path: '/blog/welcome-to-shelfmark', targets: { performance: 98, js_gzip_bytes: 15 * 1024 } },
  { path: '/newsletters' },
  // The result page a visitor's sign-up without JavaScript lands on. (/confirm needs a
  // fresh single-use token; without one it answers 410, which the bench would only list.)
  { path: '/opt-in?result=sent' },
  // The one search box's results page (rendered on demand, CDN-cached 5 s).
  { path: '/search?q=book' },
  // A series page (rendered on demand): the demo author's series (scripts/seed/catalogue.ts).
  { path: '/series/the-tidewater-chronicles' },
  // A member's own shelf (rendered on demand like the profile): the demo author's
  // 'Favourites', long enough for Load more (scripts/seed/custom-shelves.ts).
  { path: '/profile/margot-ellery/shelves/favourites' },
  // A catalogue author's page (rendered on demand): the demo's Dumas (scripts/seed/catalogue-books.ts).
  { path: '/authors/alexandre-dumas' },
];

/** Pages the HTTP Observatory scans: a pre-rendered one and one rendered on demand. */
const OBSERVATORY_PAGES = ['/', '/directory'];

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const OUT = join(ROOT, 'bench-results');
const DIST = 'dist-bench';
const port = Number(process.env.BENCH_PORT ?? 4331);
// At least three, so each page's figures carry a median and a range.
const runs = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const extraMembers = Number(process.env.BENCH_EXTRA_MEMBERS ?? 500);
const baseUrl = `http://127.0.0.1:${port}`;
const onlyPublish = process.env.BENCH_ONLY === 'publish';
// BENCH_ONLY=market: Lighthouse of /classifieds and an ad page, and the market's reads at two sizes; nothing else.
const onlyMarket = process.env.BENCH_ONLY === 'market';
// BENCH_ONLY=oracle: only the account callables' answer times (no demo data, build or site).
const onlyOracle = process.env.BENCH_ONLY === 'oracle';
// BENCH_ONLY=first-paint: Lighthouse of the pages with first-paint targets (a book page with a cover, a profile with a picture, a product page); nothing else.
const onlyFirstPaint = process.env.BENCH_ONLY === 'first-paint';
// BENCH_ONLY=main-thread: Lighthouse of every public page type (at least three runs each), with the main thread's breakdown and the bytes; nothing else.
const onlyMainThread = process.env.BENCH_ONLY === 'main-thread';
// BENCH_ONLY=analytics: the view counter under load (analytics.mjs) on the demo data and the build; nothing else.
const onlyAnalytics = process.env.BENCH_ONLY === 'analytics';
// BENCH_ONLY=search: the embedded search engine at 20,000 generated documents (search.mjs), in-process; nothing else.
const onlySearch = process.env.BENCH_ONLY === 'search';
// BENCH_ONLY=search-scale: the embedded search engine from 20,000 to 200,000 generated documents (search.mjs benchSearchScale), in-process; nothing else.
const onlySearchScale = process.env.BENCH_ONLY === 'search-scale';
// BENCH_ONLY=add-book: "Add a book"'s search through the findBooks callable, Open Library's stand-in answering in 100 ms (add-book.mjs); nothing else.
const onlyAddBook = process.env.BENCH_ONLY === 'add-book';
// BENCH_ONLY=reviews: the book page's reads with 1,000 reviews (reviews.mjs) on the demo data and the build; nothing else.
const onlyReviews = process.env.BENCH_ONLY === 'reviews';
// BENCH_ONLY=search-fresh: how soon a newly published book is findable (search-fresh.mjs) on the demo data and the build; nothing else.
const onlySearchFresh = process.env.BENCH_ONLY === 'search-fresh';
// BENCH_ONLY=follows: only the new-book alerts to 10,000 followers (follows.mjs; no demo data, build or site).
const onlyFollows = process.env.BENCH_ONLY === 'follows';
// BENCH_ONLY=reading-import: only 5,000-row reading imports against 20,000 books, one looking 80 % of its rows up in an Open Library stand-in (reading-import.mjs; no demo data, build or site).
const onlyReadingImport = process.env.BENCH_ONLY === 'reading-import';
// BENCH_ONLY=invocations: only the function invocations per member action (invocations.mjs; no demo data, build or site).
const onlyInvocations = process.env.BENCH_ONLY === 'invocations';
/** The figures each page reports as a median with its range over the runs. */
const SPREAD_FIGURES = [
  'tbt_ms',
  'main_thread_ms',
  'style_layout_ms',
  'script_ms',
  'other_ms',
  'transfer_bytes',
  'fcp_ms',
  'performance',
];

/** Lighthouse runs of a page with first-paint targets: those are held as the median of at least five. */
const FIRST_PAINT_RUNS = 5;

function step(text) {
  console.log(`▸ ${text}`);
}

async function mustSucceed(name, code) {
  if ((await code) !== 0) throw new Error(`${name} failed`);
}

/** Fetch, Lighthouse (median of `runs`) and script weight for one page; a missing page is reported, not fatal. */
async function benchPage(chrome, { path, live_data = false, targets }) {
  const url = `${baseUrl}${path}`;
  await fetchPage(url); // warm-up: the first render of an on-demand page pays module loading and caches
  const { status, rendering, reads, html } = await fetchPage(url);
  const row = { path, status, rendering, reads, live_data, ...(targets ? { targets } : {}) };
  if (status !== 200) return row;
  try {
    const results = [];
    const pageRuns = targets?.fcp_ms !== undefined ? Math.max(runs, FIRST_PAINT_RUNS) : runs;
    for (let i = 0; i < pageRuns; i += 1) results.push(await audit(url, chrome));
    const median = medianRun(results);
    const { script_urls: scriptUrls, ...metrics } = median;
    Object.assign(
      row,
      metrics,
      {
        runs: results.length,
        performance_runs: results.map((r) => r.performance),
        fcp_runs: results.map((r) => r.fcp_ms),
        lcp_minus_fcp_runs: results.map((r) => r.lcp_ms - r.fcp_ms),
        // Each metric's own median over the runs (the targets on the first paint are held on these).
        fcp_median_ms: medianOf(results.map((r) => r.fcp_ms)),
        // The main thread and the bytes as medians with their ranges: a regression shows in the next run.
        spread: Object.fromEntries(
          SPREAD_FIGURES.map((figure) => [figure, spreadOf(results.map((r) => r[figure]))]),
        ),
        lcp_minus_fcp_median_ms: medianOf(results.map((r) => r.lcp_ms - r.fcp_ms)),
      },
      await weighScripts(scriptUrls, html),
      await firstPaintBytes(
        html,
        median.render_blocking.map((r) => r.url),
      ),
    );
  } catch (error) {
    row.error = error instanceof Error ? error.message : String(error);
  }
  return row;
}

/**
 * The directory's reads at three data sizes: the demo data, then with half and all
 * of `extraMembers` added. A bounded page reads up to its page sizes and then stops
 * growing, so the two larger sizes must cost the same. The profile page's reads are
 * taken at each size too: they depend on the member's own items only, so all three
 * must be equal.
 */
async function directoryAtSizes() {
  try {
    const sizes = [];
    let added = 0;
    for (const step of [0, Math.floor(extraMembers / 2), extraMembers - Math.floor(extraMembers / 2)]) {
      if (step > 0) await addPublicMembers(added, step);
      added += step;
      const { status, reads } = await fetchPage(`${baseUrl}/directory`);
      if (status !== 200) return { error: `/directory answered HTTP ${status}` };
      const profile = await fetchPage(`${baseUrl}${PROFILE_PATH}`);
      if (profile.status !== 200) return { error: `${PROFILE_PATH} answered HTTP ${profile.status}` };
      sizes.push({ public_members: await countPublicMembers(), reads, profile_reads: profile.reads });
    }
    const [smallest, middle, largest] = sizes;
    return {
      added,
      sizes,
      bounded: middle.reads === largest.reads,
      profile_path: PROFILE_PATH,
      profile_bounded:
        smallest.profile_reads === middle.profile_reads && middle.profile_reads === largest.profile_reads,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Market views whose reads are compared at 500 and 5,000 listings. */
const MARKET_VIEWS = [
  '/classifieds',
  '/classifieds?type=classifieds&sort=price-low',
  '/classifieds?sort=popular&price=10-50',
];

/**
 * Reads per market view with 500 and then 5,000 listings in the index: one
 * indexed query per view reads one page whatever the size, so both must match.
 */
async function marketAtSizes() {
  try {
    const sizes = [];
    // An ad page too: its reads (ad, seller, contact details) must not depend on the market's size either.
    const adPath = await newestAdPath().catch(() => undefined);
    const views = adPath ? [...MARKET_VIEWS, adPath] : MARKET_VIEWS;
    for (const target of [500, 5000]) {
      const listings = await fillMarketTo(target);
      const reads = {};
      for (const view of views) {
        const { status, reads: count } = await fetchPage(`${baseUrl}${view}`);
        if (status !== 200) return { error: `${view} answered HTTP ${status}` };
        reads[view] = count;
      }
      sizes.push({ listings, reads });
    }
    const [small, large] = sizes;
    return {
      sizes,
      page_size: MARKET_PAGE_SIZE,
      bounded: views.every((view) => small.reads[view] === large.reads[view]),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The account callables' answer times for existing and unknown addresses (account-oracle.mjs). */
async function accountOracle() {
  step(`Account oracle: requestPasswordReset and requestEmailChange for existing and unknown addresses`);
  const oracle = await benchAccountOracle().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(oracle)}`);
  return oracle;
}

/** The view counter under load (analytics.mjs) against the served build. */
async function analyticsLoad() {
  step('Analytics: 50 views a second for 20 s to one page from 250 addresses');
  const result = await benchAnalytics({ baseUrl }).catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(result)}`);
  step('Analytics: the reads of one 90-day view');
  const view = await benchAnalyticsView().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(view)}`);
  return { ...result, view };
}

/**
 * A BENCH_ONLY run of one section without pages or Lighthouse (`key` holds its
 * figures), written like a full run's results to bench-results/bench-{name}.{json,md}.
 */
async function writeSectionOnly(name, started, loadAverage, key, section) {
  mkdirSync(OUT, { recursive: true });
  const results = {
    measured_at: new Date().toISOString(),
    base_url: baseUrl,
    lighthouse_version: '–',
    chromium: '–',
    runs: 0,
    load_average: loadAverage,
    pages: [],
    [key]: await section(),
  };
  results.duration_s = Math.round((Date.now() - started) / 1000);
  const markdown = renderMarkdown(results);
  writeFileSync(join(OUT, `bench-${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(OUT, `bench-${name}.md`), markdown);
  console.log(
    `\n${markdown}\nwritten to bench-results/bench-${name}.json and bench-results/bench-${name}.md (${results.duration_s} s)`,
  );
}

/** The book page's reads with 1,000 reviews (reviews.mjs) against the served build. */
async function reviewReads() {
  step('Reviews: the book page with 1,000 reviews, its first and a later page');
  const result = await benchReviewReads({ baseUrl }).catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(result)}`);
  return result;
}

/** BENCH_ONLY=reviews: the review reads alone. */
const reviewsOnly = (started, loadAverage) =>
  writeSectionOnly('reviews', started, loadAverage, 'reviews', reviewReads);

/** BENCH_ONLY=analytics: the analytics load alone. */
const analyticsOnly = (started, loadAverage) =>
  writeSectionOnly('analytics', started, loadAverage, 'analytics', analyticsLoad);

/** BENCH_ONLY=oracle: the account-oracle step alone (no demo data, build or site). */
const oracleOnly = (started) =>
  writeSectionOnly('oracle', started, loadavg()[0].toFixed(2), 'account_oracle', accountOracle);

/** How soon a newly published book is findable on /search (search-fresh.mjs). */
async function searchFreshness() {
  step('Search: a newly published book, until /search lists it');
  const result = await benchSearchFreshness({ baseUrl }).catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(result)}`);
  return result;
}

/** BENCH_ONLY=search-fresh: the freshness of search alone. */
const searchFreshOnly = (started, loadAverage) =>
  writeSectionOnly('search-fresh', started, loadAverage, 'search_fresh', searchFreshness);

/** The embedded search engine at 20,000 documents (search.mjs). */
async function searchEngine() {
  step('Search: the embedded engine at 20,000 documents');
  const result = await benchSearch().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify({ ...result, searches: undefined })}`);
  return result;
}

/** BENCH_ONLY=search: the search engine alone (no demo data, build or site). */
const searchOnly = (started) =>
  writeSectionOnly('search', started, loadavg()[0].toFixed(2), 'search', searchEngine);

/** The embedded search engine as the catalogue grows (search.mjs benchSearchScale). */
async function searchScale() {
  step('Search at catalogue scale: the embedded engine from 20,000 to 200,000 documents');
  return benchSearchScale().catch((error) => ({ error: String(error) }));
}

/** "Add a book"'s search at catalogue scale (add-book.mjs). */
async function addBookSearch() {
  step("Add a book: findBooks over catalogue books, Open Library's stand-in answering in 100 ms");
  const result = await benchAddBook().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify({ ...result, kinds: undefined })}`);
  return result;
}

/** BENCH_ONLY=add-book: the search alone (no demo data, build or site). */
const addBookOnly = (started) =>
  writeSectionOnly('add-book', started, loadavg()[0].toFixed(2), 'add_book', addBookSearch);

/** BENCH_ONLY=search-scale: the sweep alone (no demo data, build or site). */
const searchScaleOnly = (started) =>
  writeSectionOnly('search-scale', started, loadavg()[0].toFixed(2), 'search_scale', searchScale);
/** New-book alerts to 10,000 followers (follows.mjs). */
async function followsAlerts() {
  step(
    `Mail to followers: authors with ${process.env.BENCH_FOLLOWERS ?? '10,000'} followers publish a book, post an update and see a preorder out`,
  );
  const result = await benchFollows().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(result)}`);
  return result;
}

/** A 5,000-row reading import against 20,000 books (reading-import.mjs). */
async function readingImport() {
  step(
    `Reading import: ${process.env.BENCH_ROWS ?? '5,000'} rows of a Goodreads export against ${process.env.BENCH_BOOKS ?? '20,000'} books (${process.env.BENCH_IMPORT_CASES ?? 'open-catalogue,shelfmark'})`,
  );
  const result = await benchReadingImport().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(result)}`);
  return result;
}

/** BENCH_ONLY=reading-import: the import step alone (no demo data, build or site). */
const readingImportOnly = (started) =>
  writeSectionOnly('reading-import', started, loadavg()[0].toFixed(2), 'reading_import', readingImport);

/** BENCH_ONLY=follows: the alerts step alone (no demo data, build or site). */
const followsOnly = (started) =>
  writeSectionOnly('follows', started, loadavg()[0].toFixed(2), 'follows', followsAlerts);

/** Function invocations per member action (invocations.mjs). */
async function invocationCounts() {
  step(
    'Function invocations: a book created, edited and deleted, a profile edit, a review, a follow, a view',
  );
  return benchInvocations().catch((error) => ({ error: String(error) }));
}

/** BENCH_ONLY=invocations: the invocation counts alone (no demo data, build or site). */
const invocationsOnly = (started) =>
  writeSectionOnly('invocations', started, loadavg()[0].toFixed(2), 'invocations', invocationCounts);

/** The versions of Lighthouse and Chromium the report names. */
function toolVersions() {
  const require = createRequire(import.meta.url);
  return {
    lighthouse_version: require('lighthouse/package.json').version,
    chromium: execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim(),
  };
}

/**
 * BENCH_ONLY=first-paint and BENCH_ONLY=main-thread: the Lighthouse rows of their
 * pages, written like a full run's results to bench-results/bench-{name}.{json,md}.
 */
function writePagesOnly(name, started, loadAverage, pages, pageRuns) {
  const results = {
    measured_at: new Date().toISOString(),
    base_url: baseUrl,
    ...toolVersions(),
    runs: pageRuns,
    load_average: loadAverage,
    duration_s: Math.round((Date.now() - started) / 1000),
    pages,
  };
  const markdown = renderMarkdown(results);
  writeFileSync(join(OUT, `bench-${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(OUT, `bench-${name}.md`), markdown);
  console.log(
    `\n${markdown}\nwritten to bench-results/bench-${name}.json and bench-results/bench-${name}.md (${results.duration_s} s)`,
  );
}

async function main() {
  const started = Date.now();
  if (onlyOracle) return oracleOnly(started);
  if (onlySearch) return searchOnly(started);
  if (onlySearchScale) return searchScaleOnly(started);
  if (onlyAddBook) return addBookOnly(started);
  if (onlyFollows) return followsOnly(started);
  if (onlyReadingImport) return readingImportOnly(started);
  if (onlyInvocations) return invocationsOnly(started);
  const mediaDir = join(OUT, 'media');
  const env = { ...process.env, MEDIA_DIR: mediaDir };
  mkdirSync(OUT, { recursive: true });

  step('Demo data');
  await mustSucceed('seed', runToEnd(bin('tsx'), ['scripts/seed/main.ts'], { cwd: ROOT, env }));
  step(`Production build (${DIST}/)`);
  rmSync(join(ROOT, DIST), { recursive: true, force: true });
  const builtFrom = Date.now();
  await mustSucceed('astro build', runToEnd(bin('astro'), ['build', '--outDir', DIST], { cwd: ROOT, env }));

  step(`Serving on ${baseUrl} with READ_METER=1 and the local deploy hook`);
  const site = run(process.execPath, ['--import', 'tsx', 'scripts/serve.mjs', DIST], {
    cwd: ROOT,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      READ_METER: '1',
      PUBLISH_RECEIVER_PORT: String(PORTS.publishHook),
      SITE_BUILT_FROM: String(builtFrom),
    },
    quiet: true,
    name: 'site',
  });
  await waitForPort(port, { child: site });
  await waitForPort(PORTS.publishHook, { child: site });

  const loadAverage = loadavg()[0].toFixed(2);
  if (onlyAnalytics) return analyticsOnly(started, loadAverage);
  if (onlyReviews) return reviewsOnly(started, loadAverage);
  if (onlySearchFresh) return searchFreshOnly(started, loadAverage);
  const pages = [];
  const chrome = onlyPublish ? undefined : await launchChrome();
  try {
    // The book page, a reading page and a product page (books issue): their ids exist only once the demo data is seeded.
    const bookPages = onlyPublish || onlyMarket ? [] : await bookBenchPages();
    // One ad page of the seeded market (its id comes from the seed's generator).
    const adPath = onlyPublish || onlyFirstPaint ? undefined : await newestAdPath().catch(() => undefined);
    const allPages = [...PAGES, ...bookPages, ...(adPath ? [{ path: adPath }] : [])];
    for (const page of onlyPublish
      ? []
      : onlyMarket
        ? allPages.filter((p) => p.path.startsWith('/classifieds'))
        : onlyFirstPaint
          ? allPages.filter((p) => p.targets?.fcp_ms !== undefined)
          : allPages) {
      step(`Lighthouse ${page.path}`);
      const row = await benchPage(chrome, page);
      console.log(
        `  ${row.status !== 200 ? `HTTP ${row.status}` : row.error ? `error: ${row.error}` : `perf ${row.performance}, a11y ${row.accessibility}, ${row.reads} reads`}`,
      );
      pages.push(row);
    }
  } finally {
    await chrome?.kill();
  }
  if (onlyFirstPaint)
    return writePagesOnly('first-paint', started, loadAverage, pages, Math.max(runs, FIRST_PAINT_RUNS));
  if (onlyMainThread) return writePagesOnly('main-thread', started, loadAverage, pages, runs);

  step('JavaScript of an anonymous visit (js-bytes.mjs)');
  let jsBytes = [];
  if (
    !onlyPublish &&
    !onlyMarket &&
    (await runToEnd(process.execPath, ['scripts/bench/js-bytes.mjs', baseUrl], { cwd: ROOT })) === 0
  ) {
    jsBytes = JSON.parse(readFileSync(join(OUT, 'js-bytes.json'), 'utf8')).pages;
  }

  step(`HTTP Observatory (${OBSERVATORY_PAGES.join(', ')})`);
  const observatory = [];
  for (const path of onlyPublish || onlyMarket ? [] : OBSERVATORY_PAGES)
    observatory.push(await observe(`${baseUrl}${path}`));

  step(`Directory and profile reads with ${extraMembers} more members`);
  const directoryScale = onlyPublish || onlyMarket ? undefined : await directoryAtSizes();

  step('Market reads per view with 500 and 5,000 listings');
  const marketScale = onlyPublish ? undefined : await marketAtSizes();

  step('Publish pipeline: a title change to /, ten writes in two seconds, requests during the swaps');
  const publish = onlyMarket ? undefined : await benchPublish(baseUrl);
  console.log(`  ${JSON.stringify(publish)}`);

  step(
    'Newsletter delivery: 2,000 more members, a clean send and one with the function workers killed mid-send',
  );
  const newsletter =
    onlyPublish || onlyMarket
      ? undefined
      : await benchNewsletter().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(newsletter)}`);

  step('Admin dashboard reads with 10,000 more members');
  const adminScale = onlyPublish
    ? undefined
    : await benchAdmin().catch((error) => ({ error: String(error) }));
  console.log(`  ${JSON.stringify(adminScale)}`);

  const accountOracleResult = onlyPublish || onlyMarket ? undefined : await accountOracle();
  const searchResult = onlyPublish || onlyMarket || onlyFirstPaint ? undefined : await searchEngine();
  const analyticsResult = onlyPublish || onlyMarket ? undefined : await analyticsLoad();
  const reviewsResult = onlyPublish || onlyMarket ? undefined : await reviewReads();
  const followsResult = onlyPublish || onlyMarket ? undefined : await followsAlerts();

  const results = {
    measured_at: new Date().toISOString(),
    base_url: baseUrl,
    ...toolVersions(),
    runs,
    load_average: loadAverage,
    duration_s: Math.round((Date.now() - started) / 1000),
    pages,
    js_bytes: jsBytes.map(({ scripts: _scripts, ...rest }) => rest),
    directory_scale: directoryScale,
    market_scale: marketScale,
    observatory,
    publish,
    newsletter,
    admin_scale: adminScale,
    account_oracle: accountOracleResult,
    search: searchResult,
    analytics: analyticsResult,
    reviews: reviewsResult,
    follows: followsResult,
  };
  const markdown = renderMarkdown(results);
  writeFileSync(join(OUT, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(OUT, 'bench.md'), markdown);
  console.log(
    `\n${markdown}\nwritten to bench-results/bench.json and bench-results/bench.md (${results.duration_s} s)`,
  );
}

// The site is a detached child: stop it on every path, or it would outlive the emulators.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void stopAll().then(() => process.exit(130)));
main().then(
  async () => {
    await stopAll();
    process.exit(0);
  },
  async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  },
);
