// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import { islandStylesInHead } from './scripts/lib/island-styles.mjs';

// Netlify sets NETLIFY=true in its builds; DEPLOY_TARGET lets anyone build the
// Netlify output elsewhere. Everything else (local, tests, CI) gets a Node server.
const onNetlify = Boolean(process.env.NETLIFY) || process.env.DEPLOY_TARGET === 'netlify';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  // Pages pre-render at build time unless they say `export const prerender = false`.
  output: 'static',
  adapter: onNetlify ? netlify() : node({ mode: 'standalone' }),
  integrations: [react(), islandStylesInHead()],
  server: { port: 4321 },
  // The CSS travels in each page's <head>: no stylesheet request stands before the first paint.
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [tailwindcss()],
    ssr: {
      // Native code and gRPC do not survive bundling; load them from node_modules at run time.
      external: ['firebase-admin', 'sharp'],
    },
  },
});
