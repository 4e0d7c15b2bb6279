// Benchmark: how much JavaScript an anonymous visitor downloads.
//
//   node scripts/bench/js-bytes.mjs http://127.0.0.1:4329
//
// Loads each page in a fresh Chromium context (no session hint, empty cache),
// waits for the network to settle, and sums every script response: raw bytes as
// served, and gzip bytes computed here with zlib so the number does not depend on
// whether the local server compresses. Prints a table and writes
// bench-results/js-bytes.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PAGES = [
  { path: '/terms', kind: 'static page' },
  { path: '/', kind: 'static page (home)' },
  { path: '/auth', kind: 'auth screen' },
  { path: '/profile/margot-ellery', kind: 'profile (on demand)' },
  { path: '/profile/margot-ellery/shelves/favourites', kind: 'own shelf (on demand)' },
];

const baseUrl = (process.argv[2] ?? process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:4321').replace(
  /\/+$/,
  '',
);

/** Sizes of one script, and whether it carries the Firebase SDK or the React runtime (also used by run.mjs). */
export function measure(url, body) {
  const text = body.toString('utf8');
  return {
    url,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    firebase: text.includes('@firebase/'),
    react: text.includes('react.transitional.element') || text.includes('__reactContainer'),
  };
}

/** The scripts one anonymous page view downloads: url, raw and gzip bytes. */
async function scriptsOf(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || contentType.includes('javascript')) {
      bodies.push(
        response.body().then(
          (body) => measure(response.url(), body),
          () => null,
        ),
      );
    }
  });
  const inline = [];
  await page.goto(url, { waitUntil: 'networkidle' });
  // Inline scripts are part of the HTML, but they are JavaScript the visitor pays for too.
  // JSON-LD blocks are data, not JavaScript.
  for (const text of await page.$$eval('script:not([src]):not([type="application/ld+json"])', (nodes) =>
    nodes.map((n) => n.textContent ?? ''),
  )) {
    const body = Buffer.from(text);
    if (body.length > 0) inline.push(measure('(inline)', body));
  }
  const scripts = [...(await Promise.all(bodies)).filter(Boolean), ...inline];
  await context.close();
  return scripts;
}

const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const results = [];
  try {
    for (const { path, kind } of PAGES) {
      const scripts = await scriptsOf(browser, `${baseUrl}${path}`);
      const external = scripts.filter((s) => s.url !== '(inline)');
      results.push({
        path,
        kind,
        files: external.length,
        raw_bytes: sum(scripts, 'raw'),
        gzip_bytes: sum(scripts, 'gzip'),
        inline_raw_bytes: sum(
          scripts.filter((s) => s.url === '(inline)'),
          'raw',
        ),
        firebase_sdk: scripts.some((s) => s.firebase),
        react_runtime: scripts.some((s) => s.react),
        scripts: scripts.map(({ url, raw, gzip }) => ({ url: url.replace(baseUrl, ''), raw, gzip })),
      });
    }
  } finally {
    await browser.close();
  }

  console.log(`JavaScript downloaded by an anonymous visitor (${baseUrl})\n`);
  console.log(
    `${'page'.padEnd(10)} ${'kind'.padEnd(20)} ${'files'.padStart(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'inline'.padStart(9)}  firebase react`,
  );
  for (const r of results) {
    console.log(
      `${r.path.padEnd(10)} ${r.kind.padEnd(20)} ${String(r.files).padStart(5)} ${kb(r.raw_bytes).padStart(10)} ${kb(r.gzip_bytes).padStart(10)} ${kb(r.inline_raw_bytes).padStart(9)}  ${(r.firebase_sdk ? 'yes' : 'no').padEnd(8)} ${r.react_runtime ? 'yes' : 'no'}`,
    );
  }
  const out = join(ROOT, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'js-bytes.json'),
    `${JSON.stringify({ base_url: baseUrl, measured_at: new Date().toISOString(), pages: results }, null, 2)}\n`,
  );
  console.log(`\nwritten to bench-results/js-bytes.json`);
}

// Run as a command; scripts/bench/run.mjs imports `measure` without running it.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
