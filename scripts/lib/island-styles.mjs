// Astro writes `<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>`
// just before the first island of a page, inside <body>, where a <style> element is
// not valid HTML (the W3C checker rejects /auth and /pending-approval for it). The
// same rule is in src/styles/global.css, which every page carries in its <head>; this
// integration removes Astro's copy from both kinds of page:
// - on-demand pages render with Astro's runtime as bundled into the server, so a
//   Vite plugin drops the element from that runtime (astro/dist/runtime/server/scripts.js);
// - pre-rendered pages render at build time with Astro's own copy of the runtime,
//   which no Vite plugin reaches, so the written HTML files lose it after the build.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNTIME = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/;
const RUNTIME_ELEMENT = '<style>${ISLAND_STYLES}</style>';
const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;

/** @returns {import('vite').Plugin} */
function dropFromRuntime() {
  return {
    name: 'shelfmark:island-styles-in-head',
    transform(code, id) {
      if (!RUNTIME.test(id.split('?')[0])) return null;
      if (!code.includes(RUNTIME_ELEMENT)) {
        // A newer Astro writes them differently: fail loudly rather than ship invalid HTML.
        throw new Error(
          'island-styles: astro/dist/runtime/server/scripts.js no longer writes the island <style> as expected; update scripts/lib/island-styles.mjs',
        );
      }
      return { code: code.replace(RUNTIME_ELEMENT, ''), map: null };
    },
  };
}

/** Every .html file under `dir`. */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** @returns {import('astro').AstroIntegration} */
export function islandStylesInHead() {
  return {
    name: 'shelfmark:island-styles-in-head',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => updateConfig({ vite: { plugins: [dropFromRuntime()] } }),
      'astro:build:done': async ({ dir }) => {
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          if (ISLAND_STYLE.test(html)) await writeFile(file, html.replace(ISLAND_STYLE, ''));
          ISLAND_STYLE.lastIndex = 0;
        }
      },
    },
  };
}
