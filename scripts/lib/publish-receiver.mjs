// The local deploy hook: what Netlify's build hook is in production. The Cloud
// Functions' publishSite task POSTs here (DEPLOY_HOOK_URL in functions/.env.demo-shelfmark)
// once content changes have stopped. Each build goes into a fresh folder under
// dist-publish/, against the emulators; once it succeeded the site server switches to it
// (requests in flight finish on the old build) and the old folder is removed. A failed
// build leaves the old site serving and records its log tail in site_meta/publish.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { setPriority } from 'node:os';
import { join, resolve, sep } from 'node:path';
import {
  buildFailed,
  buildPublished,
  buildStarted,
  LOG_TAIL_CHARS,
  liveBuildCurrent,
} from '../../src/domain/publish/publish.ts';
import { updatePublishStatus } from '../../src/data/server/publish/publish-status.ts';
import { BuildQueue } from './build-queue.mjs';

/** Builds under way, stopped with the server. */
const builds = new Set();

/** Stops a build under way (the server is shutting down). */
export function stopBuilds() {
  for (const child of builds) child.kill('SIGTERM');
}

/** Runs `astro build --outDir <dir>` in `root`; resolves with the exit code and the output's tail. */
export function astroBuild(root, outDir, env = process.env) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(join(root, 'node_modules', '.bin', 'astro'), ['build', '--outDir', outDir], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    builds.add(child);
    child.on('exit', () => builds.delete(child));
    // A background build yields the CPU to the server and its visitors (and to tests running meanwhile).
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // not permitted here: build at normal priority
    }
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-4 * LOG_TAIL_CHARS);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: 1, log: `${output}\n${error.message}` }));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), log: output }));
  });
}

/** Writes a status change, logging (never throwing) when Firestore cannot be reached. */
async function record(change) {
  try {
    await updatePublishStatus(change);
  } catch (error) {
    console.error('publish: could not update site_meta/publish', error);
  }
}

/**
 * Starts the receiver on 127.0.0.1:`port`.
 * @param {object} options
 * @param {string} options.root the project (where astro runs)
 * @param {string} options.buildsDir where fresh builds go; anything in it not live is removed
 * @param {{ swap(dist: string): Promise<string> }} options.site the site server: swap resolves with the old build's folder once its requests finished
 * @param {Date | undefined} options.liveBuiltFrom start time of the build being served, when known
 * @param {number} options.port
 * @param {(root: string, outDir: string) => Promise<{ code: number, log: string }>} [options.build] runs one build (tests pass a fake)
 * @param {(change: (status: import('../../src/domain/publish/publish.ts').PublishStatus) => object) => Promise<void>} [options.recordStatus] writes a status change (tests pass a fake)
 */
export async function startPublishReceiver({
  root,
  buildsDir,
  site,
  liveBuiltFrom,
  port,
  build = astroBuild,
  recordStatus = record,
}) {
  buildsDir = resolve(buildsDir);
  rmSync(buildsDir, { recursive: true, force: true });
  mkdirSync(buildsDir, { recursive: true });
  if (liveBuiltFrom) await recordStatus((status) => liveBuildCurrent(status, liveBuiltFrom, new Date()));

  const queue = new BuildQueue(
    async (startedAt) => {
      const outDir = join(buildsDir, `build-${startedAt.getTime()}`);
      console.log(`publish: building into ${outDir}`);
      await recordStatus(() => buildStarted(startedAt));
      const { code, log } = await build(root, outDir);
      if (code !== 0) {
        rmSync(outDir, { recursive: true, force: true });
        console.error(`publish: the build failed (exit code ${code}); the previous site keeps serving`);
        await recordStatus(() => buildFailed(new Date(), `The build failed (exit code ${code})`, log));
        return false;
      }
      let old;
      try {
        old = await site.swap(outDir);
      } catch (error) {
        rmSync(outDir, { recursive: true, force: true });
        await recordStatus(() =>
          buildFailed(
            new Date(),
            `The new build could not be loaded: ${error instanceof Error ? error.message : error}`,
            log,
          ),
        );
        return false;
      }
      await recordStatus((status) => buildPublished(status, startedAt, new Date()));
      // Only builds this receiver made are removed; the folder npm start built stays.
      if (old.startsWith(buildsDir + sep)) rmSync(old, { recursive: true, force: true });
      console.log(`publish: ${outDir} is live`);
      return true;
    },
    { liveBuiltFrom },
  );

  const server = http.createServer((req, res) => {
    // GET: how many builds ran and whether one is running (for npm run bench).
    if (req.method === 'GET') {
      const state = {
        builds: queue.builds,
        running: queue.runningSince !== undefined,
        live_built_from: queue.liveBuiltFrom?.toISOString() ?? null,
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body = (body + chunk).slice(0, 10_000);
    });
    req.on('end', () => {
      let changedAt;
      try {
        const parsed = new Date(JSON.parse(body || '{}').changed_at);
        if (!Number.isNaN(parsed.getTime())) changedAt = parsed;
      } catch {
        // not JSON: a plain request, which always builds (like Netlify's hook)
      }
      const outcome = queue.request(changedAt);
      console.log(`publish: hook request (${changedAt?.toISOString() ?? 'no change time'}): ${outcome}`);
      if (outcome === 'current' && queue.liveBuiltFrom) {
        const builtFrom = queue.liveBuiltFrom;
        void recordStatus((status) => liveBuildCurrent(status, builtFrom, new Date()));
      }
      res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ outcome }));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { server, queue };
}
