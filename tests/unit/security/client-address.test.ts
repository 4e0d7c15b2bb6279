// Which address the site counts a request from. The local server (scripts/lib/serve.mjs
// with @astrojs/node, as npm start and npm test run it) must give the Astro app the
// socket address whatever address headers a client writes, as Netlify's edge does in
// production; otherwise a forged X-Forwarded-For would add views and escape the limits.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../scripts/lib/serve.mjs';
import { clientAddressOf, dropClientAddressHeaders } from '../../../src/security/client-address';

const root = mkdtempSync(join(tmpdir(), 'shelfmark-client-address-'));
let server: Awaited<ReturnType<typeof createSiteServer>>;
let base = '';

/**
 * A build whose one on-demand route answers the clientAddress Astro's Node adapter
 * derives for the request (NodeApp.createRequest, as the real entry does).
 */
function echoBuild(): string {
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'client'), { recursive: true });
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(join(dist, 'client', '_headers'), '/*\n  X-Test: 1\n');
  writeFileSync(
    join(dist, 'server', 'entry.mjs'),
    `import { NodeApp } from ${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve('astro/app/node')).href)};
    export async function handler(req, res) {
      const request = NodeApp.createRequest(req);
      res.end(String(Reflect.get(request, Symbol.for('astro.clientAddress'))));
    }`,
  );
  return dist;
}

beforeAll(async () => {
  server = await createSiteServer(echoBuild());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

const addressSeen = async (headers: Record<string, string>) =>
  (await fetch(`${base}/api/echo`, { method: 'POST', headers })).text();

describe('the local server', () => {
  it('gives the app the socket address', async () => {
    expect(await addressSeen({})).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it.each([
    ['X-Forwarded-For', { 'X-Forwarded-For': '203.0.113.9' }],
    ['a forged proxy chain', { 'X-Forwarded-For': '203.0.113.9, 198.51.100.4' }],
    ['x-nf-client-connection-ip', { 'x-nf-client-connection-ip': '203.0.113.9' }],
    ['Forwarded and X-Real-IP', { Forwarded: 'for=203.0.113.9', 'X-Real-IP': '203.0.113.9' }],
  ])('ignores a client-written %s', async (_what, headers) => {
    expect(await addressSeen(headers)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});

describe('clientAddressOf', () => {
  it('reads the platform’s address, writing IPv4-mapped IPv6 as IPv4 and IPv6 as its /64', () => {
    expect(clientAddressOf({ clientAddress: '203.0.113.9' })).toBe('203.0.113.9');
    expect(clientAddressOf({ clientAddress: '::ffff:127.0.0.1' })).toBe('127.0.0.1');
    expect(clientAddressOf({ clientAddress: '2001:db8::1' })).toBe('2001:db8:0:0::/64');
    // One host rotating through its /64 is one client.
    expect(clientAddressOf({ clientAddress: '2001:db8:0:0:9f3a:1::7' })).toBe('2001:db8:0:0::/64');
  });

  it("gives one shared 'unknown' when the adapter cannot tell", () => {
    expect(clientAddressOf({ clientAddress: '' })).toBe('unknown');
    const throwing = {
      get clientAddress(): string {
        throw new Error('clientAddress is not available');
      },
    };
    expect(clientAddressOf(throwing)).toBe('unknown');
  });
});

describe('dropClientAddressHeaders', () => {
  it('removes every address header and keeps the rest', () => {
    const request = {
      headers: {
        'x-forwarded-for': '1.2.3.4',
        'x-nf-client-connection-ip': '1.2.3.4',
        forwarded: 'for=1.2.3.4',
        host: 'example.org',
        origin: 'https://example.org',
      },
    };
    dropClientAddressHeaders(request);
    expect(request.headers).toEqual({ host: 'example.org', origin: 'https://example.org' });
  });
});
