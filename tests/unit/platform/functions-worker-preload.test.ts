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
const FUNCTIONS_DIR = join(ROOT, 'functions');
const FUNCTIONS_ROOT = require.resolve('firebase-functions', { paths: [FUNCTIONS_DIR] });
/** firebase-functions' own module that setEmulatedAdminApp comes from. */
const COMMON_APP = join(FUNCTIONS_ROOT.slice(0, FUNCTIONS_ROOT.lastIndexOf('/lib/')), 'lib/common/app.js');

/** Runs `body` in a child Node process in the functions' folder, as `argv1`, after the preload; returns its JSON. */
function inProcess(argv1: string, body: string): unknown {
  const script = `
    process.argv[1] = ${JSON.stringify(argv1)};
    require(${JSON.stringify(PRELOAD)});
    const out = (() => { ${body} })();
    process.stdout.write(JSON.stringify(out));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: FUNCTIONS_DIR, encoding: 'utf8' }));
}

/** findModuleRoot's answers for module names and files, to compare the stand-in with the real one. */
const ROOT_CASES = [
  ['firebase-functions', require.resolve('firebase-functions', { paths: [FUNCTIONS_DIR] })],
  ['firebase-admin', require.resolve('firebase-admin', { paths: [FUNCTIONS_DIR] })],
  ['express', require.resolve('express')],
  ['not-this-package', require.resolve('express')],
  ['anything', '/no/such/folder/file.js'],
];

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
});
