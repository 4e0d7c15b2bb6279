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
  // staticHeaders: the CSP of pre-rendered pages goes to headers (src/security/integration.ts writes
  // them to _headers), not to a <meta> tag. Locally, scripts/lib/serve.mjs mounts the Node adapter's handler.
  adapter: onNetlify ? netlify({ staticHeaders: true }) : node({ mode: 'middleware', staticHeaders: true }),
  integrations: [react(), islandStylesInHead(), securityHeaders({ production: onNetlify })],
  server: { port: 4321 },
  // Astro's own cross-site form check compares Origin with the URL it builds, which behind
  // the local server (scripts/lib/serve.mjs) has no port, so it would refuse every form
  // POST. Each endpoint or page that takes a POST checks the origin itself instead
  // (isSameOriginRequest in src/domain/items/views.ts: /api/views, /api/opt-in, /confirm);
  // /api/uploads requires an ID token.
  security: {
    checkOrigin: false,
    // Astro hashes the scripts and styles it bundles or inlines; src/security/ adds our
    // is:inline scripts, sonner's injected stylesheet and every other directive.
    csp: {
      algorithm: 'SHA-256',
      directives: cspDirectives(firebaseTarget(publicEnv, FUNCTIONS_REGION)),
      scriptDirective: { hashes: inlineScriptHashes('src') },
      styleDirective: { hashes: sonnerStyleHashes() },
    },
  },
  // Astro 7 strips the whitespace between tags by default ('jsx'), which would glue words
  // together where a template breaks a line between text and an element; keep the HTML
  // whitespace as written (collapsed), as Astro 5 did.
  compressHTML: true,
  // No page uses Astro sessions: without this the adapters wire a session store in anyway.
  session: false,
  // No page renders Markdown code blocks; Shiki's inline styles would need CSP exceptions.
  markdown: { syntaxHighlight: false },
  // The CSS travels in each page's <head>: no stylesheet request stands before the first paint.
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [tailwindcss(), productionNodeEnv()],
    ssr: {
      // Native code and gRPC do not survive bundling; load them from node_modules at run time.
      external: ['firebase-admin', 'sharp'],
    },
  },
});
