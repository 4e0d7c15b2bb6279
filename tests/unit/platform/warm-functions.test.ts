// The e2e run's warm-up: one call per callable the functions bundle exports, so the
// first click on each kind of save does not wait for a cold emulator worker.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callableNames, warmCallables } from '../../../scripts/lib/warm-functions.mjs';

/** A stand-in bundle: two callables, a trigger, an HTTP function and an export whose endpoint throws. */
function fakeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'warm-'));
  mkdirSync(join(root, 'functions', 'lib'), { recursive: true });
  writeFileSync(
    join(root, 'functions', 'lib', 'index.js'),
    `
      exports.saveBook = { __endpoint: { callableTrigger: {} } };
      exports.signUp = { __endpoint: { callableTrigger: {} } };
      exports.followerCount = { __endpoint: { eventTrigger: {} } };
      exports.stripeWebhook = { __endpoint: { httpsTrigger: {} } };
      Object.defineProperty(exports, 'authUserDeleted', { enumerable: true, get: () => ({ get __endpoint() { throw new Error('no project'); } }) });
      exports.onWrite = { books: { __endpoint: { eventTrigger: {} } } };
    `,
  );
  return root;
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('warm-up of the callables', () => {
  it('finds only the callables of the bundle', async () => {
    expect((await callableNames(fakeRoot())).sort()).toEqual(['saveBook', 'signUp']);
  });

  it('calls each callable once, without data or sign-in, at its emulator URL', async () => {
    const calls: { url: string; body: string; auth: string | undefined }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        calls.push({ url: req.url ?? '', body, auth: req.headers.authorization });
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error":{"status":"UNAUTHENTICATED"}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => server.close();
    const { port } = server.address() as AddressInfo;

    const result = await warmCallables({ root: fakeRoot(), projectId: 'demo-x', port });

    expect(result).toEqual({ answered: 2, total: 2 });
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/demo-x/us-central1/saveBook',
      '/demo-x/us-central1/signUp',
    ]);
    expect(calls.every((c) => c.body === '{"data":null}' && c.auth === undefined)).toBe(true);
  });

  it('counts a callable that does not answer as not warmed, without failing', async () => {
    const result = await warmCallables({ root: fakeRoot(), projectId: 'demo-x', port: 1 });
    expect(result).toEqual({ answered: 0, total: 2 });
  });
});
