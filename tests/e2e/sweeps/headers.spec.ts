// Every response arrives as the CDN would send it: the security headers on a
// pre-rendered page, an on-demand page, a hashed asset, a media file and the
// 404; hashed assets cached for a year; text compressed when the browser asks.
// The local server's headers for static files are exactly those of the
// generated `_headers` file Netlify applies in production.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { headersForPath, parseHeadersFile } from '../../../src/security/header-rules';
import { FILE_CSP, IMMUTABLE_CACHE_CONTROL, SECURITY_HEADERS } from '../../../src/security/policy';
import { expect, test } from '../helpers/fixtures';
import { ON_DEMAND_CACHE_CONTROL } from '../../../src/config';

/** The `_headers` file the build wrote next to the static files (the e2e run serves dist/). */
const rules = parseHeadersFile(readFileSync(join(process.cwd(), 'dist', 'client', '_headers'), 'utf8'));

/** Asks like a browser does: any of brotli and gzip. */
const COMPRESSED = { 'Accept-Encoding': 'br, gzip' };

/** A page's CSP directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name as string, sources];
      }),
  );
}

/** Checks the headers every response carries, and that no HSTS is sent over plain http. */
function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(headers[name.toLowerCase()], `${name} on ${what}`).toBe(value);
  expect(headers['strict-transport-security'], `HSTS on ${what} (http)`).toBeUndefined();
}

/** Checks a page's policy: hashes, never 'unsafe-inline' or 'unsafe-eval' for scripts, and the fixed directives. */
function expectPagePolicy(response: APIResponse, what: string): void {
  const csp = response.headers()['content-security-policy'];
  expect(csp, `Content-Security-Policy on ${what}`).toBeTruthy();
  const policy = directives(csp as string);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, `script-src of ${what}`).toContain("'self'");
  expect(
    scripts.some((s) => s.startsWith("'sha256-")),
    `script-src of ${what} lists hashes`,
  ).toBe(true);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get('style-src') ?? []).not.toContain("'unsafe-inline'");
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('frame-src')).toEqual(["'none'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
  expect(policy.get('media-src')).toEqual(["'self'", 'https:']);
  // 'self' and the Firebase emulators the islands call (Auth, Firestore, Functions), nothing else.
  expect(policy.get('connect-src')).toEqual([
    "'self'",
    'http://127.0.0.1:9099',
    'http://127.0.0.1:8080',
    'http://127.0.0.1:5001',
  ]);
}

/** The first URL in a page's HTML that matches `pattern`. */
async function firstUrlIn(
  request: APIRequestContext,
  path: string,
  pattern: RegExp,
): Promise<string | undefined> {
  const html = await (await request.get(path)).text();
  return pattern.exec(html)?.[0];
}

test.describe('response headers', () => {
  test('a pre-rendered page (/about) carries the policy and headers, exactly as _headers gives them', async ({
    request,
  }) => {
    const response = await request.get('/about', { headers: COMPRESSED });
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response, '/about');
    expectPagePolicy(response, '/about');
    const expected = headersForPath(rules, '/about');
    for (const [name, value] of Object.entries(expected))
      expect(response.headers()[name.toLowerCase()], `${name} from _headers`).toBe(value);
    expect(response.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  });

  test('an on-demand page (/directory) gets the same headers from the middleware', async ({ request }) => {
    const response = await request.get('/directory', { headers: COMPRESSED });
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response, '/directory');
    expectPagePolicy(response, '/directory');
    expect(response.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    // The policy's fixed part is the one pre-rendered pages get.
    const about = (await request.get('/about')).headers()['content-security-policy'] as string;
    const stripHashes = (csp: string) => csp.replace(/ '(sha256-[^']+)'/g, '');
    expect(stripHashes(response.headers()['content-security-policy'] as string)).toBe(stripHashes(about));
  });

  test('a hashed script and stylesheet are immutable for a year and compressed when asked', async ({
    request,
  }) => {
    const script = await firstUrlIn(request, '/about', /\/_astro\/[^"']+\.js/);
    expect(script, 'a script under /_astro/ on /about').toBeTruthy();
    const assets = [script as string];
    const stylesheet =
      (await firstUrlIn(request, '/about', /\/_astro\/[^"']+\.css/)) ??
      (await firstUrlIn(request, '/directory', /\/_astro\/[^"']+\.css/));
    if (stylesheet) assets.push(stylesheet);
    for (const asset of assets) {
      const response = await request.get(asset, { headers: COMPRESSED });
      expect(response.status(), asset).toBe(200);
      expectSecurityHeaders(response, asset);
      expect(response.headers()['cache-control'], asset).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.headers()['content-security-policy'], asset).toBe(FILE_CSP);
      expect(response.headers()['content-encoding'], asset).toMatch(/^(br|gzip)$/);
      expect(response.headers()['vary'], asset).toMatch(/Accept-Encoding/i);
      const plain = await request.get(asset, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.headers()['content-encoding'], `${asset} without Accept-Encoding`).toBeUndefined();
    }
  });

  test('a /media/ file carries the security headers and the files’ policy', async ({ request }) => {
    const media = await firstUrlIn(request, '/', /\/media\/[^"'\s?]+/);
    expect(media, 'a /media/ image on the home page').toBeTruthy();
    const response = await request.get(media as string);
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response, media as string);
    expect(response.headers()['content-security-policy']).toBe(FILE_CSP);
  });

  test('the 404 page answers 404 with the page policy and the security headers', async ({ request }) => {
    const response = await request.get('/this-page-does-not-exist', { headers: COMPRESSED });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
    expectSecurityHeaders(response, 'the 404');
    expectPagePolicy(response, 'the 404');
    expect(response.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    // Rendered on demand by the catch-all route (its cache policy, not the static
    // file's), so the middleware adds the headers on Netlify too, where the server
    // function would otherwise return the static 404.html with none.
    expect(response.headers()['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);
    const deep = await request.get('/no/such/deep/path.html');
    expect(deep.status()).toBe(404);
    expectSecurityHeaders(deep, 'a deep unknown path');
  });

  test('HTML and XML are compressed with brotli or gzip, as the browser asks', async ({ request }) => {
    for (const path of ['/', '/sitemap.xml', '/directory']) {
      for (const encoding of ['br', 'gzip']) {
        const response = await request.get(path, { headers: { 'Accept-Encoding': encoding } });
        expect(response.headers()['content-encoding'], `${path} asked for ${encoding}`).toBe(encoding);
      }
    }
  });
});
