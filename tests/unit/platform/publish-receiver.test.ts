// The local deploy hook with a fake build and a fake site server: a request builds into a
// fresh folder and swaps it in, the replaced build's folder is removed, a failed build
// keeps the live site and records its log tail, and an old change starts nothing.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_PUBLISH_STATUS, type PublishStatus } from '../../../src/domain/publish/publish.ts';
import { startPublishReceiver } from '../../../scripts/lib/publish-receiver.mjs';

const root = mkdtempSync(join(tmpdir(), 'shelfmark-receiver-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('startPublishReceiver', () => {
  it('builds, swaps, removes the replaced build, and keeps the live site when a build fails', async () => {
    let status: PublishStatus = {
      ...INITIAL_PUBLISH_STATUS,
      state: 'failed',
      error: 'The deploy hook failed 4 times: fetch failed',
    };
    const recordStatus = async (change: (current: PublishStatus) => Partial<PublishStatus>) => {
      status = { ...status, ...change(status) };
    };
    let live = join(root, 'dist');
    const swaps: string[] = [];
    const site = {
      swap: async (dist: string) => {
        swaps.push(dist);
        const old = live;
        live = dist;
        return old;
      },
    };
    let nextCode = 0;
    const build = async (_root: string, outDir: string) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), 'built');
      return {
        code: nextCode,
        log: nextCode === 0 ? 'ok' : 'line 1\nError: [content] site_settings/main is invalid',
      };
    };
    const builtFrom = new Date(Date.now() - 60_000);
    const { server, queue } = await startPublishReceiver({
      root,
      buildsDir: join(root, 'builds'),
      site,
      liveBuiltFrom: builtFrom,
      port: 0,
      build,
      recordStatus,
    });
    const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/publish`;
    const post = async (changedAt: Date) =>
      (await (
        await fetch(hook, { method: 'POST', body: JSON.stringify({ changed_at: changedAt.toISOString() }) })
      ).json()) as { outcome: string };
    try {
      // Starting on a build that holds every change marks it published.
      expect(status).toMatchObject({ state: 'published', error: '', live_built_from: builtFrom });

      expect((await post(new Date(builtFrom.getTime() - 1_000))).outcome).toBe('current');
      expect((await post(new Date())).outcome).toBe('started');
      await queue.idle();
      const first = swaps[0]!;
      expect(first.startsWith(join(root, 'builds'))).toBe(true);
      expect(status.state).toBe('published');
      // The folder npm start built is not the receiver's to delete.
      expect(live).toBe(first);

      expect((await post(new Date())).outcome).toBe('started');
      await queue.idle();
      expect(swaps).toHaveLength(2);
      expect(existsSync(first)).toBe(false);

      nextCode = 1;
      expect((await post(new Date())).outcome).toBe('started');
      await queue.idle();
      expect(swaps).toHaveLength(2);
      expect(existsSync(live)).toBe(true);
      expect(status).toMatchObject({ state: 'failed', error: 'The build failed (exit code 1)' });
      expect(status.log_tail).toContain('site_settings/main is invalid');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
