// The local server's atomic swap between two builds: a request in flight finishes on the
// build it started on, new requests get the new build, no request fails, and swap
// resolves (so the old folder may go) only once the old build's last request ended.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../scripts/lib/serve.mjs';

const root = mkdtempSync(join(tmpdir(), 'shelfmark-swap-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the fake builds' /slow route reports and waits for. */
const probe = globalThis as { __slowArrived?: string; __release?: Promise<void> };

/**
 * A minimal build: a static index page and an on-demand route (/slow) that answers once
 * the test releases it, both naming the build.
 */
function fakeBuild(name: string): string {
  const dist = join(root, name);
  mkdirSync(join(dist, 'client'), { recursive: true });
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(join(dist, 'client', '_headers'), '/*\n  X-Build: ' + name + '\n');
  writeFileSync(join(dist, 'client', 'index.html'), `<p>${name}</p>`);
  writeFileSync(
    join(dist, 'server', 'entry.mjs'),
    `export async function handler(req, res, next) {
      if (!req.url.startsWith('/slow')) return next();
      globalThis.__slowArrived = ${JSON.stringify(name)};
      await globalThis.__release;
      res.end(${JSON.stringify(name)});
    }`,
  );
  return dist;
}

describe('createSiteServer swap', () => {
  it('finishes requests in flight on the old build and serves the new one to the rest', async () => {
    let release = () => {};
    probe.__release = new Promise<void>((resolve) => (release = resolve));
    const server = await createSiteServer(fakeBuild('old'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/`)).text()).toBe('<p>old</p>');
      const inFlight = fetch(`${base}/slow`).then((r) => r.text());
      // Swap only once the slow request is being answered by the old build.
      while (probe.__slowArrived !== 'old') await new Promise((resolve) => setTimeout(resolve, 5));
      let swapped = false;
      const next = fakeBuild('new');
      const swap = server.swap(next).then((old: string) => {
        swapped = true;
        return old;
      });
      while (server.liveDist() !== next) await new Promise((resolve) => setTimeout(resolve, 5));
      const after = await fetch(`${base}/`);
      expect(await after.text()).toBe('<p>new</p>');
      expect(after.headers.get('x-build')).toBe('new');
      // The old build still has a request: swap has not let go of it yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(swapped).toBe(false);
      release();
      expect(await inFlight).toBe('old');
      expect(await swap).toBe(join(root, 'old'));
      expect(await (await fetch(`${base}/slow`)).text()).toBe('new');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
