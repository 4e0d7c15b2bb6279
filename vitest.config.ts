import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** The test files under `dir` (paths from the root, with '/') whose text matches `pattern`. */
function testFilesMatching(dir: string, pattern: RegExp): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx'))
    .map((file) => join(dir, file).replaceAll('\\', '/'))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')));
}

/**
 * The unit files that mock a module (vi.mock / vi.doMock). A module mock belongs to
 * its file only because vitest resets its module and mock registries between files,
 * and it does that only with `isolate: true`: with shared registries a mock applies
 * or not depending on which file loaded the module first (it failed a third of full
 * runs). So these files run isolated, found by reading them, and the rest share
 * their workers' module cache.
 */
const MOCKING_UNIT_FILES = testFilesMatching('tests/unit', /\bvi\.(?:do)?[mM]ock\(/);

/**
 * The functions files that run side by side, after the others: each works only on
 * members and documents of its own ids, never empties the project, never changes
 * Site Settings and never moves the Stripe stand-in's clock, so two or three of them
 * can share the emulator. The rest empty the one demo project before each test or
 * change what every file reads, and run one at a time first. A new file joins this
 * list only when it keeps those rules (docs/notes/testing.md).
 */
export const FUNCTIONS_SIDE_BY_SIDE = [
  'tests/functions/accounts/accounts-logic.test.ts',
  'tests/functions/mail/mail-batches.test.ts',
  'tests/functions/market/classified-ad-save.test.ts',
  'tests/functions/market/contact-seller.test.ts',
  'tests/functions/imports/reading-export.test.ts',
  'tests/functions/imports/reading-import.test.ts',
  'tests/functions/triggers/logic.test.ts',
  'tests/functions/triggers/trigger-retries.test.ts',
];

/**
 * The functions files that mock a module, stub the environment or reset the module
 * registry: they run each in a fresh module registry, like MOCKING_UNIT_FILES, and the
 * other one-at-a-time files share one worker's modules (firebase-admin and the
 * functions' code are loaded once instead of once per file).
 */
const ISOLATED_FUNCTIONS_FILES = testFilesMatching(
  'tests/functions',
  /\bvi\.(?:(?:do)?[mM]ock|stubEnv|resetModules)\(/,
).filter((file) => !FUNCTIONS_SIDE_BY_SIDE.includes(file));

// Projects per layer (and per way its files share modules), so each layer can run
// alone and the emulator-backed ones never run in parallel with each other's data.
// Unit and rules tests are deterministic (the rules emulator answers each request
// by evaluating firestore.rules, nothing runs in the background) and get no retry:
// a failure there is a bug to fix, not bad luck.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: MOCKING_UNIT_FILES,
          environment: 'node',
          // The files share their workers' module cache instead of each importing the
          // world afresh: 18 s instead of 83 s for the layer on two cores, the same
          // 1,331 tests passing in shuffled file orders. A test that needs a module of
          // its own state resets it (vi.resetModules) rather than relying on isolation.
          isolate: false,
        },
      },
      {
        test: {
          // The unit files that mock modules, each in a fresh module registry (above).
          name: 'unit-mocks',
          include: MOCKING_UNIT_FILES,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          // Each file's setup loads firestore.rules into a fresh emulator project: a
          // compile by the Java emulator that took over 30 s on a two-core machine under
          // a load of 90. A slow setup needs time, not another try.
          hookTimeout: 60000,
        },
      },
      {
        test: {
          // The one-at-a-time functions files that need a module registry of their own
          // (ISOLATED_FUNCTIONS_FILES), first.
          name: 'functions-isolated',
          include: ISOLATED_FUNCTIONS_FILES,
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 30000,
          fileParallelism: false,
          // (1, not 0: vitest 5 ran a group 0 after group 1.)
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts'],
          exclude: [...FUNCTIONS_SIDE_BY_SIDE, ...ISOLATED_FUNCTIONS_FILES],
          environment: 'node',
          // Long enough for `eventually`'s 30 s wait on triggers and what follows it.
          testTimeout: 60000,
          hookTimeout: 30000,
          fileParallelism: false,
          // One worker runs these files in turn with one module registry: a file's
          // changes to shared state (process.env, a module's cache) are undone by the file.
          isolate: false,
          // After the isolated files, before the side-by-side files: none of those may run
          // while a file here empties the project.
          sequence: { groupOrder: 2 },
          // No retries: a test that passes only on a second try hides a race in the
          // code or the test, which gets fixed instead (waits on triggers use
          // `eventually`, never a fixed sleep that load can outrun).
        },
      },
      {
        test: {
          // The functions files that share the emulator (FUNCTIONS_SIDE_BY_SIDE), three at a
          // time once the others are done: they mostly wait on triggers, not on the CPU.
          name: 'functions-side',
          include: FUNCTIONS_SIDE_BY_SIDE,
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 30000,
          maxWorkers: 3,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
