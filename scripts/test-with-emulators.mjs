// Runs inside `firebase emulators:exec` (see scripts/test.mjs): rules and functions
// tests, then the demo data, a production build served by scripts/serve.mjs, and the
// Playwright end-to-end tests in Debian's Chromium against it.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientEnv, PORTS, PROJECT_ID, ROOT } from './emulator-env.mjs';
import { run, runToEnd, stopAll, waitForPort } from './lib/processes.mjs';
import { stage } from './lib/stage.mjs';
import { buildForNetlify } from './lib/netlify-build.mjs';
import { startLocalStandin } from './lib/stripe-standin.mjs';
import { startLocalOpenLibraryStandin } from './lib/openlibrary-standin.mjs';
import { startLocalMailStandin } from './lib/mail-standin.mjs';
import { warmCallables } from './lib/warm-functions.mjs';
import { RULES_DONE_MARKER } from './lib/test-summary.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const RESULTS = join(ROOT, 'test-results');
/** Not 4321, so the tests can run while nobody's `npm start` is up, without guessing. */
const E2E_PORT = 4329;
/** See scripts/test.mjs: TEST_LAYERS picks layers, E2E_ARGS adds Playwright arguments. */
const LAYERS = new Set(
  (process.env.TEST_LAYERS ?? 'unit,rules,functions,e2e').split(',').map((s) => s.trim()),
);
/** The Stripe and Open Library stand-ins of this run, once started. */
let standin;
let openLibrary;
let mailProvider;
const E2E_ARGS = (process.env.E2E_ARGS ?? '').split(' ').filter(Boolean);
// Test files (path filters) for the rules and functions layers, e.g. VITEST_ARGS="tests/rules/books/books.test.ts"; all when unset.
const VITEST_ARGS = (process.env.VITEST_ARGS ?? '').split(' ').filter(Boolean);
/** What tests/e2e/platform/netlify-build.spec.ts reads when npm test made the Netlify build beforehand. */
const NETLIFY_BUILD_RESULT = join(RESULTS, 'netlify-build.json');
/** An emulator project nobody writes to, for the Netlify build's pre-rendered pages. */
const NETLIFY_BUILD_PROJECT = `${PROJECT_ID}-netlify-build`;

async function main() {
  // Tests get their own media folder: the developer's .media (used by `npm start`) stays untouched.
  const env = { ...clientEnv(), MEDIA_DIR: join(RESULTS, 'media') };
  let failed = false;

  // The functions send mail over SMTP to 127.0.0.1:1025 (functions/.env.demo-shelfmark);
  // the functions and e2e tests read it back from MailDev's REST API on 1080.
  const mail = run(
    bin('maildev'),
    ['--smtp', String(PORTS.mailSmtp), '--web', String(PORTS.mailWeb), '--ip', '127.0.0.1', '--silent'],
    { cwd: ROOT, quiet: true, name: 'maildev' },
  );
  await waitForPort(PORTS.mailWeb, { child: mail });

  // Checkout, the portal and the webhooks go through the local Stripe stand-in on the
  // port the functions are configured with (functions/.env.demo-shelfmark); the
  // functions and e2e tests pay, cancel and move its clock over HTTP. One for the
  // whole run, in memory; stopped with the rest.
  standin = await startLocalStandin();
  // The catalogue's look-ups go to the local Open Library stand-in on the port the
  // functions are configured with; tests change its answers through its /_standin controls.
  openLibrary = await startLocalOpenLibraryStandin();
  // Bounces and complaints go to the mailWebhook through the local mail provider
  // stand-in (addresses at bounce.shelfmark.test bounce; tests complain through its
  // page). Plain deliveries are not reported here: every test's mail would cost the
  // functions emulator a webhook call.
  mailProvider = await startLocalMailStandin({ delivered: false });

  // The rules and functions layers run side by side: the rules tests use projects of
  // their own on the Firestore emulator (one per suite, no triggers), so they never
  // meet the functions tests' data, and they keep the second core busy while the
  // functions tests wait on triggers. Each writes its own report.
  const projects = ['rules', 'functions'].filter((layer) => LAYERS.has(layer));
  if (projects.length > 0) {
    stage(`${projects.join(' and ')} tests${projects.length > 1 ? ' (side by side)' : ''}`);
    // The Netlify build is made while the functions tests wait on their triggers, once
    // the rules tests have left their core (scripts/lib/netlify-build.mjs). It reads a
    // project of its own that nothing writes: what it checks is the output's shape,
    // which no data changes, and the functions tests' data changes under it.
    let netlifyBuild = Promise.resolve();
    const startNetlifyBuild = () => {
      netlifyBuild = buildForNetlify({
        root: ROOT,
        env: { ...env, GCLOUD_PROJECT: NETLIFY_BUILD_PROJECT, FIREBASE_PROJECT_ID: NETLIFY_BUILD_PROJECT },
        outDir: join(RESULTS, 'netlify-build'),
        resultFile: NETLIFY_BUILD_RESULT,
      });
    };
    const prebuild =
      LAYERS.has('e2e') && (E2E_ARGS.length === 0 || E2E_ARGS.some((arg) => arg.includes('netlify-build')));
    if (prebuild && !projects.includes('rules')) startNetlifyBuild();
    const codes = await Promise.all(
      projects.map((project) =>
        runToEnd(
          bin('vitest'),
          [
            'run',
            '--project',
            project,
            // The functions files that share the emulator run after the others, side by side (vitest.config.ts).
            ...(project === 'functions'
              ? ['--project', 'functions-isolated', '--project', 'functions-side']
              : []),
            ...VITEST_ARGS,
            // A path filter (VITEST_ARGS) may name files of one layer only.
            '--passWithNoTests',
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${join(RESULTS, `${project}.json`)}`,
          ],
          // Beside the functions tests the rules tests run at the lowest priority: the
          // functions layer is the longer one, and its triggers and callables wait for
          // the CPU while the rules tests need it only to finish before it does.
          { cwd: ROOT, env, background: project === 'rules' && projects.length > 1 },
        ).then((code) => {
          if (project === 'rules') {
            // npm test starts the unit layer now (scripts/test.mjs), and the Netlify build starts.
            writeFileSync(join(RESULTS, RULES_DONE_MARKER), '');
            if (prebuild) startNetlifyBuild();
          }
          return code;
        }),
      ),
    );
    failed ||= codes.some((code) => code !== 0);
    // Both builds write Astro's caches in the checkout: the site's waits for this one.
    await netlifyBuild;
  }
  if (!LAYERS.has('e2e')) return failed ? 1 : 0;

  stage('Demo data and production build');
  if ((await runToEnd(bin('tsx'), ['scripts/seed/main.ts'], { cwd: ROOT, env })) !== 0) return 1;
  // A malformed profile and book, so the build and the tests prove one bad document empties nothing.
  if ((await runToEnd(bin('tsx'), ['scripts/write-malformed-documents.ts'], { cwd: ROOT, env })) !== 0)
    return 1;
  const builtFrom = Date.now();
  // The callables' first workers start while the site builds (see scripts/lib/warm-functions.mjs).
  const [buildCode, warmed] = await Promise.all([
    runToEnd(bin('astro'), ['build'], { cwd: ROOT, env }),
    warmCallables({ root: ROOT, projectId: PROJECT_ID, port: PORTS.functions }),
  ]);
  if (buildCode !== 0) return 1;
  console.log(`${warmed.answered} of ${warmed.total} callables have a warm worker`);

  stage('End-to-end tests (Chromium)');
  // With the local deploy hook, as npm start runs it: tests/e2e/publish/publish.spec.ts publishes a change.
  const siteEnv = {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    PUBLISH_RECEIVER_PORT: String(PORTS.publishHook),
    SITE_BUILT_FROM: String(builtFrom),
  };
  const site = run(process.execPath, ['--import', 'tsx', 'scripts/serve.mjs', 'dist'], {
    cwd: ROOT,
    env: siteEnv,
    quiet: true,
    name: 'site',
  });
  try {
    await waitForPort(E2E_PORT, { child: site });
    await waitForPort(PORTS.publishHook, { child: site });
    const code = await runToEnd(bin('playwright'), ['test', ...E2E_ARGS], {
      cwd: ROOT,
      env: {
        ...env,
        E2E_BASE_URL: `http://127.0.0.1:${E2E_PORT}`,
        PLAYWRIGHT_JSON_OUTPUT_NAME: join(RESULTS, 'e2e.json'),
        ...(existsSync(NETLIFY_BUILD_RESULT) ? { NETLIFY_BUILD_RESULT } : {}),
      },
    });
    failed ||= code !== 0;
  } finally {
    site.kill('SIGINT');
  }
  return failed ? 1 : 0;
}

// Children are detached (own process groups), so they must be stopped explicitly on every path.
main().then(
  async (code) => {
    await standin?.close().catch(() => undefined);
    await openLibrary?.close().catch(() => undefined);
    await mailProvider?.close().catch(() => undefined);
    await stopAll();
    process.exit(code);
  },
  async (error) => {
    console.error(error);
    await standin?.close().catch(() => undefined);
    await openLibrary?.close().catch(() => undefined);
    await mailProvider?.close().catch(() => undefined);
    await stopAll();
    process.exit(1);
  },
);
