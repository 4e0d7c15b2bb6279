// Function invocations per member action: a book created, edited and deleted, a
// profile edited, a review, a follow and a page view, each done once on quiet
// emulators, counting every function the action woke until the functions are quiet
// again (target: at most 3 for a book create, edit or delete, counting the callable;
// a queued mail delivery would come on top), with the Firestore reads and writes they
// made (functions/src/shared/op-meter.ts; the callable's and the triggers' together, and for
// the page view the site's own). The counting is done by run.mjs, which sees the
// functions emulator's log ("Beginning execution of …", the meter's lines) and keeps a
// tally in bench-results/function-log.json; this step reads the tally before and after.
// Runs inside `firebase emulators:exec` (inner.mjs, BENCH_ONLY=invocations).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, ROOT } from '../emulator-env.mjs';
import { functionsOrigin } from './newsletter.mjs';
import { createViewCounter } from '../../src/data/server/members/views.ts';
import { createWriteBehind } from '../../src/data/server/shared/write-behind.ts';
import { installOpMeter } from '../../functions/src/shared/op-meter.ts';
import { benchProfile } from './bench-profile.mjs';

/** The tally run.mjs keeps of the functions emulator's log. */
export const FUNCTION_LOG = join(ROOT, 'bench-results', 'function-log.json');
/** The functions count as quiet when none is running and none started for this long. */
const QUIET_MS = 3000;
/** The longest an action may keep functions busy before the step gives up on it. */
const SETTLE_LIMIT_MS = 120_000;
const PASSWORD = 'bench-pass';

function app() {
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function readLog() {
  if (!existsSync(FUNCTION_LOG)) return undefined;
  try {
    return JSON.parse(readFileSync(FUNCTION_LOG, 'utf8'));
  } catch {
    return undefined; // being rewritten: read again
  }
}

/**
 * Waits until no function runs and none started for QUIET_MS; returns the tally then.
 * After an action (`since`: the tally before it), first waits for the log to show
 * that something began (the tally lags the log by up to 100 ms, the log the call),
 * or for QUIET_MS when nothing does.
 */
async function quiet(since) {
  const started = Date.now();
  for (;;) {
    const log = readLog();
    if (!log)
      throw new Error('no function log: run this step through `npm run bench` (run.mjs keeps the tally)');
    const begunSince = since === undefined || log.begun > since.begun || Date.now() - started >= QUIET_MS;
    if (begunSince && log.begun === log.finished && Date.now() - log.last_at >= QUIET_MS) return log;
    if (Date.now() - started > SETTLE_LIMIT_MS)
      throw new Error('the functions did not go quiet within 120 s');
    await sleep(250);
  }
}

/** The invocations per function and the functions' Firestore reads and writes between two tallies. */
function difference(before, after) {
  const functions = {};
  for (const [name, count] of Object.entries(after.by_function)) {
    const added = count - (before.by_function[name] ?? 0);
    if (added > 0) functions[name.replace(/^us-central1-/, '')] = added;
  }
  return {
    invocations: Object.values(functions).reduce((a, b) => a + b, 0),
    reads: after.reads - before.reads,
    writes: after.writes - before.writes,
    functions,
  };
}

/** What this process itself reads and writes (the page view runs the site's counter here). */
const local = { reads: 0, writes: 0 };
let localMeter = false;

async function signIn(email) {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any-public-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const body = await response.json();
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

/** An approved member with a verified address and a profile, signed in. */
async function member(label) {
  const stamp = `${label}-${Date.now().toString(36)}`;
  const email = `invocations-${stamp}@example.com`;
  const user = await getAuth(app()).createUser({ email, password: PASSWORD, emailVerified: true });
  await getFirestore(app())
    .doc(`profiles/${user.uid}`)
    .set(benchProfile(user.uid, { name: `Bench ${label}`, slug: `invocations-${stamp}` }));
  return { uid: user.uid, idToken: await signIn(email) };
}

/** Calls callable `name` as `caller`; throws with the callable's message on an error answer. */
async function call(name, caller, data) {
  const response = await fetch(`${await functionsOrigin()}/${PROJECT_ID}/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${name}: ${body.error.message}`);
  return body.result;
}

/**
 * The invocations of each action, done one at a time after the functions went quiet.
 * Returns { actions: [{ action, invocations, functions }] }.
 */
export async function benchInvocations() {
  if (!localMeter) {
    installOpMeter(({ reads, writes }) => {
      local.reads += reads;
      local.writes += writes;
    });
    localMeter = true;
  }
  const db = getFirestore(app());
  const author = await member('author');
  const reader = await member('reader');
  // A public book to review and view, made before counting starts.
  const { id: reviewed } = await call('saveBook', author, {
    book: { title: 'Counted Tides', description: 'A book to review.', genre: ['fantasy'] },
  });
  await quiet();

  let profileUpdatedAt = null;
  let bookId;
  const actions = [
    [
      'book create (saveBook)',
      async () => {
        bookId = (await call('saveBook', author, { book: { title: 'Invocation Sea', genre: ['fantasy'] } }))
          .id;
      },
    ],
    [
      'book edit (saveBook)',
      () => call('saveBook', author, { bookId, book: { title: 'Invocation Seas', genre: ['fantasy'] } }),
    ],
    ['book delete (deleteBook)', () => call('deleteBook', author, { id: bookId })],
    [
      'profile edit (saveProfile)',
      async () => {
        const saved = await call('saveProfile', author, {
          userId: author.uid,
          expectedUpdatedAt: profileUpdatedAt,
          profile: { about_me: 'Writes books about the sea.' },
        });
        profileUpdatedAt = saved.updated_at;
      },
    ],
    ['review (saveReview)', () => call('saveReview', reader, { bookId: reviewed, rating: 4, text: 'Good.' })],
    [
      'follow (updateFollow)',
      () => call('updateFollow', reader, { authorUid: author.uid, follow: true, mode: 'weekly' }),
    ],
    [
      'page view (the site’s view counter)',
      async () => {
        const counter = createViewCounter(db, createWriteBehind());
        const outcome = await counter.count({
          collection: 'books',
          id: reviewed,
          clientAddress: '203.0.113.7',
          userAgent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
          now: Date.now(),
        });
        if (outcome !== 'counted') throw new Error(`the view was not counted: ${outcome}`);
        await sleep(1500); // the write-behind writes the count within a second
      },
    ],
  ];

  const results = [];
  for (const [action, run] of actions) {
    const before = await quiet();
    const own = { ...local };
    try {
      await run();
      const counted = difference(before, await quiet(before));
      // The page view's own reads and writes are the site's, made in this process.
      counted.reads += local.reads - own.reads;
      counted.writes += local.writes - own.writes;
      results.push({ action, ...counted });
    } catch (error) {
      results.push({ action, error: error instanceof Error ? error.message : String(error) });
    }
    console.log(`  ${JSON.stringify(results.at(-1))}`);
  }
  return { actions: results };
}
