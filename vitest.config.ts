import { defineConfig } from 'vitest/config';

// Three projects so each layer can run alone (`npm run test:unit` etc.) and the
// emulator-backed ones never run in parallel with each other's data.
// The emulator-backed layers wait on real triggers, task queues and a Java emulator
// sharing two cores with everything else: a test that times out once because a
// trigger's worker started cold gets two more tries (the summary names any test
// that still fails). Unit tests are deterministic and get none.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
          retry: 2,
        },
      },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 30000,
          fileParallelism: false,
          retry: 2,
        },
      },
    ],
  },
});
