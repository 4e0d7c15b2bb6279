// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import { islandStylesInHead } from './scripts/lib/island-styles.mjs';
import { productionNodeEnv } from './scripts/lib/production-node-env.mjs';
import { loadEnv } from 'vite';
import { FUNCTIONS_REGION } from './src/config.ts';
import { cspDirectives, firebaseTarget } from './src/security/policy.ts';
import { inlineScriptHashes, sonnerStyleHashes } from './src/security/inline-hashes.ts';
import { securityHeaders } from './src/security/integration.ts';

// Netlify sets NETLIFY=true in its builds; DEPLOY_TARGET lets anyone build the
// Netlify output elsewhere. Everything else (local, tests, CI) gets a Node server.
const onNetlify = Boolean(process.env.NETLIFY) || process.env.DEPLOY_TARGET === 'netlify';
/** The PUBLIC_* variables the islands are built with (from the environment or .env files). */
const publicEnv = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  // Pages pre-render at build time unless they say `export const prerender = false`.
  output: 'static',
  // experimentalStaticHeaders: the CSP of pre-rendered pages goes to headers (src/security/integration.ts writes
  // them to _headers), not to a <meta> tag. Locally, scripts/lib/serve.mjs mounts the Node adapter's handler.
  adapter: onNetlify
    ? netlify({ experimentalStaticHeaders: true })
    : node({ mode: 'middleware', experimentalStaticHeaders: true }),
  integrations: [react(), islandStylesInHead(), securityHeaders({ production: onNetlify })],
  server: { port: 4321 },
  // Astro's own cross-site form check compares Origin with the URL it builds, which behind
  // the local server (scripts/lib/serve.mjs) has no port, so it would refuse every form
  // POST. Each endpoint or page that takes a POST checks the origin itself instead
  // (isSameOriginRequest in src/domain/views.ts: /api/views, /api/opt-in, /confirm);
  // /api/uploads requires an ID token.
  security: { checkOrigin: false },
  // The CSS travels in each page's <head>: no stylesheet request stands before the first paint.
  build: { inlineStylesheets: 'always' },
  experimental: {
    // Astro hashes the scripts and styles it bundles or inlines; src/security/ adds our
    // is:inline scripts, sonner's injected stylesheet and every other directive.
    csp: {
      algorithm: 'SHA-256',
      directives: cspDirectives(firebaseTarget(publicEnv, FUNCTIONS_REGION)),
      scriptDirective: { hashes: inlineScriptHashes('src') },
      styleDirective: { hashes: sonnerStyleHashes() },
    },
  },
  vite: {
    plugins: [tailwindcss(), productionNodeEnv()],
    ssr: {
      // Native code and gRPC do not survive bundling; load them from node_modules at run time.
      external: ['firebase-admin', 'sharp'],
    },
  },
});
