import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import areaOrder from './scripts/lint/area-order.mjs';
import tseslint from 'typescript-eslint';

/** Only repository modules may talk to Firebase: everything else goes through them. */
const FIREBASE_ONLY_IN_REPOSITORIES = {
  regex: '^firebase(/|-admin(/|$))',
  message: 'Import Firebase only in src/data/** repositories (or functions/, scripts/, tests/).',
};

/** An import pattern refusing a relative import that climbs out into one of `folders` of src/ (a layer above). */
function upward(folders, message) {
  return { regex: `^(\\.\\./)+(${folders.join('|')})(/|\\.ts$)`, message };
}

/** What a repository (src/data/**) must not import: the layers above it. */
const DATA_STAYS_DOWN = upward(
  ['lib', 'stores', 'islands', 'components', 'pages', 'layouts', 'security'],
  'A repository imports only the domain and its own layer: it announces to the layers above (an event), never imports them.',
);

/** What an island must not import: the server side and the pages that mount it. */
const ISLANDS_STAY_IN_THE_BROWSER = upward(
  ['components', 'pages', 'layouts', 'security', 'data/server'],
  'Islands import the domain, src/data/client/, src/lib/, src/stores/ and their own folders only.',
);

/**
 * The rules refusing `patterns` (each a regex on the import's path and a message),
 * for static imports and for import('…'), which no-restricted-imports does not read.
 */
function refuse(...patterns) {
  return {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        // esquery ends a regex at the first '/', so the path's slashes are written \x2F.
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  };
}

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
  // A CommonJS script: what Node preloads with --require (scripts/lib/functions-worker-preload.cjs).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...refuse(FIREBASE_ONLY_IN_REPOSITORIES),
    },
  },
  {
    files: ['functions/**', 'scripts/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  // The layers of docs/architecture.md ("The layers"): no import runs back up a layer.
  {
    files: ['src/domain/**'],
    rules: refuse(
      {
        regex: '^(?!zod$|\\.)',
        message: 'The domain imports only zod (and other domain modules): it stays pure and testable.',
      },
      upward(
        ['data', 'lib', 'stores', 'islands', 'components', 'pages', 'layouts', 'security', 'styles'],
        'The domain imports only zod and other domain modules.',
      ),
    ),
  },
  {
    files: ['src/data/**'],
    rules: refuse(DATA_STAYS_DOWN),
  },
  {
    files: ['src/data/client/**'],
    rules: refuse(DATA_STAYS_DOWN, {
      regex: '^firebase-admin(/|$)',
      message: 'The Admin SDK is for src/data/server/ and functions/ only; the browser uses firebase/*.',
    }),
  },
  {
    files: ['src/data/server/**'],
    rules: refuse(DATA_STAYS_DOWN, {
      regex: '^firebase/',
      message: 'The web SDK is for src/data/client/ only; the server uses firebase-admin.',
    }),
  },
  {
    files: ['src/lib/**', 'src/stores/**'],
    rules: refuse(
      FIREBASE_ONLY_IN_REPOSITORIES,
      upward(
        ['islands', 'components', 'pages', 'layouts', 'security', 'data/server'],
        'Browser helpers import the domain and src/data/client/ only.',
      ),
    ),
  },
  {
    files: ['src/security/**'],
    rules: refuse(
      FIREBASE_ONLY_IN_REPOSITORIES,
      upward(
        ['data', 'lib', 'stores', 'islands', 'components', 'pages', 'layouts'],
        'src/security/ imports only the domain, node:crypto and src/styles/.',
      ),
    ),
  },
  {
    files: ['src/islands/**'],
    rules: refuse(FIREBASE_ONLY_IN_REPOSITORIES, ISLANDS_STAY_IN_THE_BROWSER),
  },
  {
    files: ['src/islands/ui/**'],
    rules: refuse(FIREBASE_ONLY_IN_REPOSITORIES, ISLANDS_STAY_IN_THE_BROWSER, {
      regex: '^\\.\\./([^./]+/|[A-Z])',
      caseSensitive: true,
      message:
        'The UI room (src/islands/ui/) imports no feature folder or feature component: features import it.',
    }),
  },
  // The areas' order of docs/architecture.md: an area imports only the areas below it.
  {
    files: ['src/domain/**', 'src/data/**', 'src/islands/**', 'src/components/**', 'functions/src/**'],
    plugins: { shelfmark: areaOrder },
    rules: { 'shelfmark/area-order': 'error' },
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
