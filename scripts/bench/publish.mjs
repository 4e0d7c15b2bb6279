// The publish pipeline's figures (issue 10), against the site that inner.mjs serves with
// the local deploy hook: the time from an admin's write of site_settings.site_title to
// the new title in the HTML of /, the builds that ten writes within two seconds cause,
// and the failures among a steady stream of requests to / while builds are swapped in.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PORTS, PROJECT_ID } from '../emulator-env.mjs';

const RECEIVER = `http://127.0.0.1:${PORTS.publishHook}/publish`;
const TIMEOUT_MS = 8 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The receiver's build count and whether a build runs. */
async function receiver() {
  return (await fetch(RECEIVER)).json();
}

/** Waits until no build runs and none is about to start (the quiet window has passed). */
async function settle() {
  for (let quietFor = 0; quietFor < 8_000;) {
    const state = await receiver();
    quietFor = state.running ? 0 : quietFor + 1_000;
    await sleep(1_000);
  }
}

/** Requests / every `everyMs` until stopped; counts answers and failures (non-200 or network errors). */
function steadyStream(baseUrl, everyMs = 100) {
  const tally = { requests: 0, failures: 0, errors: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const response = await fetch(`${baseUrl}/`);
        await response.arrayBuffer();
        tally.requests++;
        if (response.status !== 200) {
          tally.failures++;
          tally.errors.push(`HTTP ${response.status}`);
        }
      } catch (error) {
        tally.requests++;
        tally.failures++;
        tally.errors.push(error instanceof Error ? error.message : String(error));
      }
      await sleep(everyMs);
    }
  })();
  return {
    tally,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Resolves with the milliseconds until / contains `text`. */
async function untilHomeShows(baseUrl, text, since) {
  while (Date.now() - since < TIMEOUT_MS) {
    const html = await (await fetch(`${baseUrl}/`)).text();
    if (html.includes(`${text}</h1>`)) return Date.now() - since;
    await sleep(250);
  }
  throw new Error(`"${text}" did not reach / within ${TIMEOUT_MS / 1000} s`);
}

/** Runs the three measurements and puts the title back. */
export async function benchPublish(baseUrl) {
  // Its own named app: other bench steps (extra-members.mjs) create theirs, so "no app yet" says nothing about the default one.
  const app =
    getApps().find((a) => a.name === 'bench-publish') ??
    initializeApp({ projectId: PROJECT_ID }, 'bench-publish');
  const ref = getFirestore(app).doc('site_settings/main');
  const original = (await ref.get()).get('site_title');
  const stream = steadyStream(baseUrl);
  try {
    await settle();
    const first = `Shelfmark Bench ${Date.now() % 100_000}`;
    const writtenAt = Date.now();
    await ref.update({ site_title: first });
    const latencyMs = await untilHomeShows(baseUrl, first, writtenAt);

    await settle();
    const buildsBefore = (await receiver()).builds;
    let last = '';
    const burstAt = Date.now();
    for (let i = 1; i <= 10; i++) {
      last = `Shelfmark Burst ${i} ${Date.now() % 100_000}`;
      await ref.update({ site_title: last });
      if (i < 10) await sleep(200);
    }
    const burstLatencyMs = await untilHomeShows(baseUrl, last, burstAt);
    await settle();
    const burstBuilds = (await receiver()).builds - buildsBefore;
    await stream.stop();
    return {
      title_to_home_ms: latencyMs,
      burst: { writes: 10, within_ms: 1_800, builds: burstBuilds, last_title_to_home_ms: burstLatencyMs },
      during_swaps: {
        requests: stream.tally.requests,
        failures: stream.tally.failures,
        errors: [...new Set(stream.tally.errors)].slice(0, 5),
      },
    };
  } catch (error) {
    await stream.stop();
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await ref.update({ site_title: original });
  }
}
