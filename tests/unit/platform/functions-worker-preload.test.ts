// The functions workers' preload (scripts/lib/functions-worker-preload.cjs) hands the
// emulator's runtime stand-ins for two whole modules: what it hands must be what the real
// modules give, for the firebase-tools and firebase-functions installed here, and it must
// leave every other process alone. Each case runs in a child process, as a worker would:
// the preload changes the require cache of the process that loads it.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const PRELOAD = join(ROOT, 'scripts/lib/functions-worker-preload.cjs');
const require = createRequire(import.meta.url);
const RUNTIME = join(
  dirname(require.resolve('firebase-tools/package.json')),
  'lib/emulator/functionsEmulatorRuntime.js',
);
const SHARED = join(dirname(RUNTIME), 'functionsEmulatorShared.js');
const EMULATOR = join(dirname(RUNTIME), 'functionsEmulator.js');
const WORKER = join(dirname(RUNTIME), 'functionsRuntimeWorker.js');
/** The firebase CLI as npm's scripts start it. */
const FIREBASE_CLI = join(ROOT, 'node_modules/.bin/firebase');
const FUNCTIONS_DIR = join(ROOT, 'functions');
const FUNCTIONS_ROOT = require.resolve('firebase-functions', { paths: [FUNCTIONS_DIR] });
/** firebase-functions' own module that setEmulatedAdminApp comes from. */
const COMMON_APP = join(FUNCTIONS_ROOT.slice(0, FUNCTIONS_ROOT.lastIndexOf('/lib/')), 'lib/common/app.js');

/** Runs `body` in a child Node process in the functions' folder, as `argv1`, after the preload; returns its JSON. */
function inProcess(argv1: string, body: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const script = `
    process.argv[1] = ${JSON.stringify(argv1)};
    require(${JSON.stringify(PRELOAD)});
    const out = (() => { ${body} })();
    process.stdout.write(JSON.stringify(out));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { cwd: FUNCTIONS_DIR, encoding: 'utf8', env }),
  );
}

/** findModuleRoot's answers for module names and files, to compare the stand-in with the real one. */
const ROOT_CASES = [
  ['firebase-functions', require.resolve('firebase-functions', { paths: [FUNCTIONS_DIR] })],
  ['firebase-admin', require.resolve('firebase-admin', { paths: [FUNCTIONS_DIR] })],
  ['express', require.resolve('express')],
  ['not-this-package', require.resolve('express')],
  ['anything', '/no/such/folder/file.js'],
];

/**
 * In the CLI's real functions emulator: two functions' definitions, one idle worker
 * (made for the first) and a call of the second. Returns whether the second may use
 * that worker, what the worker was sent and asked, and the workers' environment flag.
 */
const SHARED_WORKER_CASE = `
  const { FunctionsEmulator } = require(${JSON.stringify(EMULATOR)});
  const { RuntimeWorkerPool } = require(${JSON.stringify(WORKER)});
  const emulator = Object.create(FunctionsEmulator.prototype);
  Object.assign(emulator, { triggers: {}, args: {}, debugMode: false, getTriggerKey: (def) => def.id });
  emulator.addTriggerRecord({ id: 'us-central1-saveBook', entryPoint: 'saveBook', platform: 'gcfv2', httpsTrigger: {}, timeoutSeconds: 60 }, { backend: {} });
  emulator.addTriggerRecord({ id: 'us-central1-onWrite-books', entryPoint: 'onWrite.books', platform: 'gcfv2', eventTrigger: {}, timeoutSeconds: 540 }, { backend: {} });
  const pool = new RuntimeWorkerPool();
  const sent = [];
  const worker = {
    state: 'IDLE',
    triggerKey: 'us-central1-saveBook',
    runtime: { process: { send: (message) => sent.push(['message', JSON.parse(message)]) } },
    request(req, resp, body, debug) {
      sent.push(['request', this.triggerKey, this.timeoutSeconds, debug]);
      this.state = 'BUSY';
      return Promise.resolve();
    },
  };
  pool.setTriggerWorkers('us-central1-saveBook', [worker]);
  const sharedWhenIdle = pool.getIdleWorker('us-central1-onWrite-books') === worker;
  if (sharedWhenIdle) pool.submitRequest('us-central1-onWrite-books', { method: 'POST', path: '/', headers: {} }, {}, '{}');
  return {
    sharedWhenIdle,
    sent,
    freeWhileBusy: pool.getIdleWorker('us-central1-saveBook') !== undefined,
    debugMode: emulator.getEmulatorEnvs().FUNCTION_DEBUG_MODE ?? null,
  };`;

// Each case starts Node and loads firebase-tools' or firebase-functions' modules: seconds
// when the unit layer runs beside the functions tests at low priority.
describe('the functions workers’ preload', { timeout: 60_000 }, () => {
  it('gives the runtime the header names and module roots the real shared module gives, without loading it', () => {
    const body = `
      const shared = require(${JSON.stringify(SHARED)});
      const cases = ${JSON.stringify(ROOT_CASES)};
      return {
        headers: [shared.HttpConstants.CALLABLE_AUTH_HEADER, shared.HttpConstants.ORIGINAL_AUTH_HEADER],
        roots: cases.map(([name, file]) => shared.findModuleRoot(name, file)),
        loadedDeployCode: Object.keys(require.cache).some((file) => file.includes('/lib/deploy/')),
      };`;
    const real = inProcess('/not/a/worker.js', body);
    const worker = inProcess(RUNTIME, body);
    expect(worker).toEqual({ ...(real as object), loadedDeployCode: false });
    expect((real as { loadedDeployCode: boolean }).loadedDeployCode).toBe(true);
  });

  it('loads the real shared module for anything else the runtime asks of it', () => {
    expect(
      inProcess(
        RUNTIME,
        `const shared = require(${JSON.stringify(SHARED)});
         return [typeof shared.getTemporarySocketPath, typeof shared.findModuleRoot];`,
      ),
    ).toEqual(['function', 'function']);
  });

  it('gives the runtime firebase-functions’ own setEmulatedAdminApp without its providers, and the rest on demand', () => {
    expect(
      inProcess(
        RUNTIME,
        `const root = require(require.resolve('firebase-functions', { paths: [process.cwd()] }));
         const common = require(${JSON.stringify(COMMON_APP)});
         const same = root.app.setEmulatedAdminApp === common.setApp;
         const providersBefore = Object.keys(require.cache).filter((file) => file.includes('/v2/providers/')).length;
         const https = typeof root.https.onCall;
         return { same, providersBefore, https };`,
      ),
    ).toEqual({ same: true, providersBefore: 0, https: 'function' });
  });

  it('changes nothing in any other process', () => {
    expect(
      inProcess(
        '/work/some/other/script.js',
        `const root = require(require.resolve('firebase-functions', { paths: [process.cwd()] }));
         return Object.keys(require.cache).some((file) => file.includes('/v2/providers/')) && typeof root.https.onCall;`,
      ),
    ).toBe('function');
  });

  it('lets any idle worker of the CLI’s functions emulator serve any function, told which one before each request', () => {
    expect(inProcess(FIREBASE_CLI, SHARED_WORKER_CASE)).toEqual({
      sharedWhenIdle: true,
      sent: [
        ['message', { functionTarget: 'onWrite.books', functionSignature: 'cloudevent' }],
        ['request', 'us-central1-onWrite-books', 540, false],
      ],
      freeWhileBusy: false,
      debugMode: 'true',
    });
  });

  it('leaves each function its own workers outside the CLI, and when turned off', () => {
    const own = { sharedWhenIdle: false, sent: [], freeWhileBusy: true, debugMode: null };
    expect(inProcess('/work/some/other/script.js', SHARED_WORKER_CASE)).toEqual(own);
    expect(
      inProcess(FIREBASE_CLI, SHARED_WORKER_CASE, { ...process.env, SHELFMARK_SHARED_FUNCTION_WORKERS: '0' }),
    ).toEqual(own);
  });
});
