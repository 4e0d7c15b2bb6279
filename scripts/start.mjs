// `npm start`: the whole site on the embedded default. Starts the mail catcher, the
// Firebase emulators (with the data of the last run, or fresh demo data), the local
// Stripe stand-in (with the purchases of the last run) and the local Open Library
// stand-in (the catalogue readers add books from), builds
// the site against them, serves it on http://localhost:4321 with the local deploy hook
// (content changes rebuild and swap the site, see docs/architecture.md), and stops it all on Ctrl-C.
import './lib/node-version.mjs';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { clientEnv, emulatorEnv, emulatorList, PORTS, PROJECT_ID, ROOT } from './emulator-env.mjs';
import { run, runToEnd, stopAll, waitForPort, isOpen } from './lib/processes.mjs';
import { startLocalStandin, STANDIN_URL } from './lib/stripe-standin.mjs';
import { startLocalOpenLibraryStandin, OPEN_LIBRARY_STANDIN_URL } from './lib/openlibrary-standin.mjs';
import { startLocalMailStandin, MAIL_STANDIN_URL } from './lib/mail-standin.mjs';
import { DEMO_ACCOUNTS } from './seed/accounts.ts';

const DATA_DIR = join(ROOT, '.emulator-data');
/** The stand-in's customers and subscriptions, kept beside the emulator data they belong to. */
const STANDIN_STATE = join(DATA_DIR, 'stripe-standin.json');
/** The running stand-ins (in this process), once started. */
let standin;
let openLibrary;
let mailProvider;
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

async function main() {
  for (const [name, port] of Object.entries({
    firestore: PORTS.firestore,
    auth: PORTS.auth,
    site: PORTS.site,
    mail: PORTS.mailWeb,
    'deploy hook': PORTS.publishHook,
    'Stripe stand-in': PORTS.stripe,
    'Open Library stand-in': PORTS.openLibrary,
    'mail provider stand-in': PORTS.mailProvider,
  })) {
    if (await isOpen(port))
      throw new Error(
        `Port ${port} (${name}) is already in use: is another copy of Shelfmark (or the emulators) running?`,
      );
  }
  const fresh = !existsSync(join(DATA_DIR, 'firebase-export-metadata.json'));
  console.log(`Shelfmark on Node ${process.version} (${process.execPath})`);

  step('Building Cloud Functions');
  await mustSucceed(
    'build functions',
    runToEnd(process.execPath, ['scripts/build-functions.mjs'], { cwd: ROOT }),
  );

  step('Starting the mail catcher (MailDev)');
  const mail = run(
    bin('maildev'),
    ['--smtp', String(PORTS.mailSmtp), '--web', String(PORTS.mailWeb), '--ip', '127.0.0.1', '--silent'],
    { cwd: ROOT, quiet: true, name: 'maildev' },
  );
  await waitForPort(PORTS.mailWeb, { child: mail });

  step('Starting the Firebase emulators');
  const emulatorArgs = [
    'emulators:start',
    '--project',
    PROJECT_ID,
    '--only',
    emulatorList(),
    '--export-on-exit',
    DATA_DIR,
  ];
  if (!fresh) emulatorArgs.push('--import', DATA_DIR);
  const emulators = run(bin('firebase'), emulatorArgs, {
    cwd: ROOT,
    env: emulatorEnv(),
    quiet: true,
    name: 'firebase emulators',
  });
  await waitForPort(PORTS.firestore, { child: emulators });
  await waitForPort(PORTS.auth, { child: emulators });
  await waitForPort(PORTS.functions, { child: emulators });

  step('Starting the Stripe stand-in');
  // Fresh demo data knows no Stripe customer: the stand-in starts empty with it.
  if (fresh) rmSync(STANDIN_STATE, { force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  standin = await startLocalStandin({ stateFile: STANDIN_STATE });

  step('Starting the Open Library stand-in');
  openLibrary = await startLocalOpenLibraryStandin();

  step('Starting the mail provider stand-in (bounces and complaints)');
  mailProvider = await startLocalMailStandin();

  const env = clientEnv();
  if (fresh) {
    step('Loading the demo data');
    await mustSucceed('seed', runToEnd(bin('tsx'), ['scripts/seed/main.ts'], { cwd: ROOT, env }));
  } else {
    // Data saved by an older version lacks the books' visibility fields and the
    // books' and market entries' publication keys, the books' match keys and the ISBN
    // and series claims, and the listings, the reading import, the book saves and the
    // series pages use them:
    // bring it up to date (writes only differences).
    step('Bringing the saved data up to date');
    await mustSucceed(
      'book visibility backfill',
      runToEnd(bin('tsx'), ['scripts/backfill-book-visibility.ts'], { cwd: ROOT, env }),
    );
    await mustSucceed(
      'publication key backfill',
      runToEnd(bin('tsx'), ['scripts/backfill-publication-keys.ts'], { cwd: ROOT, env }),
    );
    await mustSucceed(
      'match key backfill',
      runToEnd(bin('tsx'), ['scripts/backfill-match-keys.ts'], { cwd: ROOT, env }),
    );
    await mustSucceed(
      'ISBN claim backfill',
      runToEnd(bin('tsx'), ['scripts/backfill-isbn-claims.ts'], { cwd: ROOT, env }),
    );
    await mustSucceed(
      'series claim backfill',
      runToEnd(bin('tsx'), ['scripts/backfill-series-claims.ts'], { cwd: ROOT, env }),
    );
  }

  step('Building the site against the emulators');
  // The build contains every change made before it started: the deploy hook skips older ones.
  const builtFrom = Date.now();
  await mustSucceed('astro build', runToEnd(bin('astro'), ['build'], { cwd: ROOT, env }));

  step('Serving the site (and the local deploy hook that republishes it)');
  const siteEnv = {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(PORTS.site),
    PUBLISH_RECEIVER_PORT: String(PORTS.publishHook),
    SITE_BUILT_FROM: String(builtFrom),
  };
  const site = run(process.execPath, ['--import', 'tsx', 'scripts/serve.mjs', 'dist'], {
    cwd: ROOT,
    env: siteEnv,
    quiet: true,
    name: 'site',
  });
  await waitForPort(PORTS.site, { child: site });
  await waitForPort(PORTS.publishHook, { child: site });

  console.log(`
Shelfmark is running.
  Site:          http://localhost:${PORTS.site}
  Mail inbox:    http://localhost:${PORTS.mailWeb}
  Auth emulator: http://127.0.0.1:${PORTS.auth}  (verification links also land here)
  Stripe:        ${STANDIN_URL}  (the local stand-in: Checkout and the portal, no real payments)
  Open Library:  ${OPEN_LIBRARY_STANDIN_URL}  (the local stand-in: a sample of the catalogue, no network)
  Mail provider: ${MAIL_STANDIN_URL}  (the local stand-in: mail to @bounce.shelfmark.test bounces; "Report as spam" complains)
Demo accounts (password: ${DEMO_ACCOUNTS[0]?.password}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(28)} ${a.description}`).join('\n')}
Content an admin changes is rebuilt and published automatically (status in site_meta/publish).
Data you create is kept in .emulator-data/ when you stop; \`npm run reset\` brings back the demo data.
Press Ctrl-C to stop.`);

  // Any child dying on its own is fatal: say which one and why.
  for (const child of [mail, emulators, site]) {
    child.on('exit', (code) => {
      if (stopping) return;
      console.error(`\n${child.name} stopped unexpectedly (code ${code}).\n${child.output ?? ''}`);
      void shutdown(1);
    });
  }
}

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Shelfmark (saving emulator data)…');
  // The emulators' export replaces the whole data folder: keep the stand-in's state
  // (saved by close) aside and put it back once they have exported.
  let standinState;
  if (standin) {
    await standin.close().catch((error) => console.error('The Stripe stand-in did not stop cleanly', error));
    if (existsSync(STANDIN_STATE)) standinState = readFileSync(STANDIN_STATE);
  }
  await mailProvider
    ?.close()
    .catch((error) => console.error('The mail stand-in did not stop cleanly', error));
  await openLibrary
    ?.close()
    .catch((error) => console.error('The Open Library stand-in did not stop cleanly', error));
  await stopAll(60000);
  if (standinState) {
    mkdirSync(dirname(STANDIN_STATE), { recursive: true });
    writeFileSync(STANDIN_STATE, standinState);
  }
  process.exit(code);
}

function step(text) {
  console.log(`▸ ${text}`);
}

async function mustSucceed(name, exitCode) {
  const code = await exitCode;
  if (code !== 0) throw new Error(`${name} failed (exit code ${code})`);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
main().catch(async (error) => {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  await shutdown(1);
});
