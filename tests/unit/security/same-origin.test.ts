// The same-origin check of the POST handlers that take no ID token
// (src/security/same-origin.ts), and the map's claim that every POST handler
// checks the origin itself or an ID token (docs/architecture.md, Pages).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromThisSite, isSameOriginRequest } from '../../../src/security/same-origin';

const ROOT = resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|astro)$/.test(name) ? [path] : [];
  });
}

describe('the same-origin check', () => {
  it('accepts only requests from the site itself', () => {
    const site = 'https://shelfmark.example';
    const host = 'shelfmark.example';
    expect(isSameOriginRequest(site, 'same-origin', host)).toBe(true);
    expect(isSameOriginRequest(site, null, 'Shelfmark.example')).toBe(true);
    expect(isSameOriginRequest('http://127.0.0.1:4321', 'same-origin', '127.0.0.1:4321')).toBe(true);
    expect(isSameOriginRequest('http://127.0.0.1:4321', 'same-origin', '127.0.0.1:4322')).toBe(false);
    expect(isSameOriginRequest('https://evil.example', 'cross-site', host)).toBe(false);
    expect(isSameOriginRequest('https://evil.example', null, host)).toBe(false);
    expect(isSameOriginRequest(site, 'cross-site', host)).toBe(false);
    expect(isSameOriginRequest(null, null, host)).toBe(false);
    expect(isSameOriginRequest(site, null, null)).toBe(false);
    expect(isSameOriginRequest('null', 'same-origin', host)).toBe(false);
  });

  it('reads a request’s Origin, Sec-Fetch-Site and Host headers', () => {
    const post = (headers: Record<string, string>) =>
      new Request('https://shelfmark.example/api/report', { method: 'POST', headers });
    expect(fromThisSite(post({ Origin: 'https://shelfmark.example', Host: 'shelfmark.example' }))).toBe(true);
    expect(
      fromThisSite(
        post({
          Origin: 'https://shelfmark.example',
          Host: 'shelfmark.example',
          'Sec-Fetch-Site': 'cross-site',
        }),
      ),
    ).toBe(false);
    expect(fromThisSite(post({ Origin: 'https://evil.example', Host: 'shelfmark.example' }))).toBe(false);
  });
});

describe('the POST handlers of src/pages/', () => {
  /** Route files that take a POST: an endpoint exporting POST (or ALL), or a page reading a POSTed form. */
  const handlers = filesUnder(join(ROOT, 'src/pages')).filter((file) =>
    /export (const|async function|function) (POST|ALL)\b|request\.method === 'POST'/.test(
      readFileSync(file, 'utf8'),
    ),
  );

  it('are found (the test would pass vacuously otherwise)', () => {
    expect(handlers.length).toBeGreaterThanOrEqual(5);
  });

  it.each(handlers.map((file) => [relative(ROOT, file), file]))(
    '%s checks the origin (fromThisSite) or an ID token (verifyCaller)',
    (_name, file) => {
      expect(readFileSync(file, 'utf8')).toMatch(/\bfromThisSite\(|\bverifyCaller\(/);
    },
  );
});
