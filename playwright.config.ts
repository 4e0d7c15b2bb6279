import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`), where it
 * is installed: the same engine without the full browser around it, as Playwright's own
 * headless runs use. It ran the same 60 sweep and listing tests in 87 s against 141 s
 * for the full `/usr/bin/chromium` on two cores (docs/benchmarks.md). CHROMIUM_PATH
 * picks another browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// E2E tests drive Debian's Chromium (Playwright's own browser download is not
// possible offline) against the production build that scripts/test-with-emulators.mjs
// serves on the emulators. E2E_BASE_URL points at it.
// The specs sit in tests/e2e/<area>/ (sweeps/ and platform/ for those of no one area);
// the patterns below match the file's name, whichever folder it is in.
const MUTATING =
  /(-live|accounts-approval|profile-old-slug|profile-edit|views|account-self-service|session-ended|book-edit|admin-users|blog-admin|market-featured|premium-billing|analytics|visitor-opt-in|reviews|follows|search|moderation|author-updates|reading-journal|custom-shelves)\.spec\.ts$/;
const PUBLISH = /publish\.spec\.ts$/;
// Leaves the publish status failed (two failed deploys open the rebuild's alert): after everything that publishes.
const LAST = /ops-alerts\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails under load waits for what it needs (a trigger's
  // result, a hydrated island) instead of getting another try.
  retries: 0,
  // Generous limits: CI runs the whole suite on two cores next to the emulators, a
  // server and the functions' triggers, where a page that hydrates in 1 s alone can
  // take 10 s. What a test checks is the behaviour; speed is held by `npm run bench`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: 'test-results/e2e-artifacts',
  // Specs that change public data (*-live: site settings and featured slots for a
  // moment; accounts-approval: approves a new member, who then counts in the
  // directory; profile-old-slug: a member who moved, for a moment; blog-admin:
  // publishes a post and a newsletter through a rebuild) run after every
  // other spec, so none of those compares a page with
  // data that is changing under it.
  // publish.spec.ts changes the site title until a rebuild has published it (a minute
  // or more), which the live-refresh specs also change and compare: it runs alone, last.
  projects: [
    { name: 'site', testIgnore: [MUTATING, PUBLISH, LAST] },
    { name: 'mutating', testMatch: MUTATING, dependencies: ['site'] },
    { name: 'publish', testMatch: PUBLISH, dependencies: ['mutating'] },
    { name: 'last', testMatch: LAST, dependencies: ['publish'] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4321',
    // No trace by default: recording one for every test (to keep only a failure's) took
    // a fifth of the e2e layer's time on two cores (148 and 135 s against 113 and 113 s
    // for the same 47 tests). A failure still leaves its screenshot and the page's ARIA
    // snapshot (error-context.md); E2E_ARGS="--trace retain-on-failure" records traces.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The view counter leaves bots out by User-Agent, and headless Chromium names
    // itself 'HeadlessChrome'; the tests browse as the desktop Chrome they drive.
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
