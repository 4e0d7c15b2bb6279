import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'functions/lib/',
      '.astro/',
      '.netlify/',
      'node_modules/',
      'test-results/',
      '.cache/',
      '.media/',
      '.emulator-data/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only repository modules may talk to Firebase: everything else goes through them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase/*', 'firebase-admin', 'firebase-admin/*'],
              message: 'Import Firebase only in src/data/** repositories (or functions/, scripts/, tests/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/**', 'functions/**', 'scripts/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Each function instance loads only its own modules (functions/src/index.ts); the
    // package root would load every v1 provider into each of them.
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'firebase-functions',
              message: "Import a subpath: 'firebase-functions/logger', 'firebase-functions/v2/https', ….",
            },
          ],
        },
      ],
    },
  },
);
