import { defineConfig } from 'vitest/config';

// Three projects so each layer can run alone (`npm run test:unit` etc.) and the
// emulator-backed ones never run in parallel with each other's data.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'rules', include: ['tests/rules/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000 } },
      { test: { name: 'functions', include: ['tests/functions/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 30000, fileParallelism: false } },
    ],
  },
});
