// The production header configuration (the `_headers` file the build writes for
// Netlify) and the local server's headers come from one definition and agree:
// a small built site is served by scripts/lib/serve.mjs and every header the
// file gives a path must arrive on that path, HSTS only in a production build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../scripts/lib/serve.mjs';
import {
  headersForPath,
  parseHeadersFile,
  renderHeadersFile,
  staticHeaderRules,
} from '../../../src/security/header-rules';
import { FILE_CSP, HSTS, IMMUTABLE_CACHE_CONTROL, SECURITY_HEADERS } from '../../../src/security/policy';

const pageCsp = new Map([
  ['/about', "default-src 'none'; script-src 'self' 'sha256-about'"],
  ['/', "default-src 'none'; script-src 'self' 'sha256-home'"],
  ['/404', "default-src 'none'; script-src 'self' 'sha256-missing'"],
]);

/** GETs a path from the server and resolves with the status and headers (the body is drained). */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

/** Writes a tiny built site: a page, the home page, a hashed asset, the 404 page, a server that renders nothing. */
function writeSite(dir: string, production: boolean): void {
  const page = `<!doctype html><title>t</title>${'<p>Words to compress. '.repeat(100)}`;
  mkdirSync(join(dir, 'client', 'about'), { recursive: true });
  mkdirSync(join(dir, 'client', '_astro'), { recursive: true });
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(
    join(dir, 'client', '_headers'),
    renderHeadersFile(staticHeaderRules({ pageCsp, production })),
  );
  writeFileSync(join(dir, 'client', 'about', 'index.html'), page);
  writeFileSync(join(dir, 'client', 'index.html'), page);
  writeFileSync(join(dir, 'client', '404.html'), page);
  writeFileSync(
    join(dir, 'client', '_astro', 'app.Ab12.js'),
    `export const words = ${JSON.stringify('x'.repeat(2000))};`,
  );
  writeFileSync(
    join(dir, 'server', 'entry.mjs'),
    'export const handler = async (req, res, next) => next();\n',
  );
}

for (const production of [false, true]) {
  describe(`the local server and the ${production ? 'production' : 'local'} _headers file`, () => {
    let dir: string;
    let server: http.Server;
    let port: number;
    const rules = staticHeaderRules({ pageCsp, production });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'shelfmark-serve-'));
      writeSite(dir, production);
      server = await createSiteServer(dir);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      ['/about', '/about'],
      ['/about/', '/about/'],
      ['/', '/'],
      ['/_astro/app.Ab12.js', '/_astro/app.Ab12.js'],
      ['/no-such-page', '/404'],
    ])('%s gets exactly the headers _headers gives %s', async (path, rulePath) => {
      const response = await get(port, path);
      const expected = headersForPath(rules, rulePath);
      expect(Object.keys(expected).length).toBeGreaterThan(Object.keys(SECURITY_HEADERS).length);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name.toLowerCase()], name).toBe(value);
      expect(response.status).toBe(rulePath === '/404' ? 404 : 200);
    });

    it('sends HSTS only from a production build', async () => {
      expect((await get(port, '/about')).headers['strict-transport-security']).toBe(
        production ? HSTS : undefined,
      );
    });

    it('caches hashed assets for a year and gives them the files’ policy', async () => {
      const response = await get(port, '/_astro/app.Ab12.js');
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.headers['content-security-policy']).toBe(FILE_CSP);
    });

    it('compresses with brotli or gzip as asked, and not at all when not asked', async () => {
      expect((await get(port, '/about', { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding']).toBe(
        'br',
      );
      expect(
        (await get(port, '/_astro/app.Ab12.js', { 'Accept-Encoding': 'gzip' })).headers['content-encoding'],
      ).toBe('gzip');
      expect((await get(port, '/about')).headers['content-encoding']).toBeUndefined();
    });

    it('never serves the _headers file itself', async () => {
      expect((await get(port, '/_headers')).status).toBe(404);
    });
  });
}

describe('the static header rules', () => {
  const rules = staticHeaderRules({ pageCsp, production: true });

  it('read back from the _headers file exactly as written', () => {
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
  });

  it('never set one header twice for a path, so the order a CDN merges them in does not matter', () => {
    for (const path of [
      '/',
      '/index.html',
      '/about',
      '/about/',
      '/404.html',
      '/_astro/x.js',
      '/favicon.svg',
    ]) {
      const names = rules
        .filter((r) => (r.for.endsWith('*') ? path.startsWith(r.for.slice(0, -1)) : r.for === path))
        .flatMap((r) => Object.keys(r.values));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('give every pre-rendered page its own policy under each URL it answers on', () => {
    expect(headersForPath(rules, '/about/index.html')['Content-Security-Policy']).toBe(pageCsp.get('/about'));
    expect(headersForPath(rules, '/index.html')['Content-Security-Policy']).toBe(pageCsp.get('/'));
    expect(headersForPath(rules, '/404.html')['Content-Security-Policy']).toBe(pageCsp.get('/404'));
  });
});
