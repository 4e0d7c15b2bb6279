// What one anonymous view of a page costs the server and the visitor, without a
// browser: HTTP status, Firestore reads (X-Firestore-Reads, set by src/middleware.ts
// when the site runs with READ_METER=1), the JavaScript its scripts weigh and the
// bytes that stand before the first paint.
import { gzipSync } from 'node:zlib';
import { measure } from './js-bytes.mjs';

/**
 * Fetches `url` once. On-demand pages carry X-Firestore-Reads; pre-rendered pages
 * never run the middleware, so no header means a static file: 0 reads per view.
 */
export async function fetchPage(url) {
  const response = await fetch(url, { redirect: 'manual' });
  const html = await response.text();
  const header = response.headers.get('x-firestore-reads');
  return {
    status: response.status,
    rendering: header === null ? 'pre-rendered' : 'on demand',
    reads: header === null ? 0 : Number(header),
    html,
  };
}

/** Inline <script> bodies of an HTML page (JSON data blocks excluded): JavaScript that ships inside the HTML. */
function inlineScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    if (match[2].trim()) scripts.push(match[2]);
  }
  return scripts;
}

/**
 * Weighs the scripts a page loaded (URLs from Lighthouse's network records) plus its
 * inline scripts: gzip bytes as js-bytes.mjs counts them, and whether any carries the
 * Firebase SDK. Lighthouse never interacts, so whatever it loaded came before interaction.
 */
export async function weighScripts(scriptUrls, html) {
  const measured = [];
  for (const url of new Set(scriptUrls)) {
    const response = await fetch(url);
    if (!response.ok) continue;
    measured.push(measure(url, Buffer.from(await response.arrayBuffer())));
  }
  for (const text of inlineScripts(html)) measured.push(measure('(inline)', Buffer.from(text)));
  return {
    js_gzip_bytes: measured.reduce((sum, s) => sum + s.gzip, 0),
    js_raw_bytes: measured.reduce((sum, s) => sum + s.raw, 0),
    js_files: measured.filter((s) => s.url !== '(inline)').length,
    firebase_before_interaction: measured.some((s) => s.firebase),
    firebase_chunks: measured.filter((s) => s.firebase).map((s) => new URL(s.url).pathname),
    react_runtime: measured.some((s) => s.react),
  };
}

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/**
 * What must arrive before the first paint: the HTML and every render-blocking
 * stylesheet (URLs from Lighthouse's render-blocking-insight audit), gzip bytes
 * computed here so the figure does not depend on whether the server compresses.
 * Also the CSS the page carries inline in <style> elements, raw and gzip.
 */
export async function firstPaintBytes(html, renderBlockingUrls) {
  let bytes = gzip(html);
  for (const url of new Set(renderBlockingUrls)) {
    const response = await fetch(url);
    if (response.ok) bytes += gzip(Buffer.from(await response.arrayBuffer()));
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('\n');
  return {
    first_paint_gzip_bytes: bytes,
    html_gzip_bytes: gzip(html),
    inline_css_raw_bytes: Buffer.byteLength(inlineCss),
    inline_css_gzip_bytes: inlineCss ? gzip(inlineCss) : 0,
  };
}
