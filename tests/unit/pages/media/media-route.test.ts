import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localMediaStore } from '../../../../src/data/server/media/media-store.ts';
import { GET, prerender } from '../../../../src/pages/media/[...path].ts';

const get = (path: string | undefined) =>
  GET({ params: { path } } as unknown as APIContext) as Promise<Response>;

describe('GET /media/[...path]', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'media-route-'));
    vi.stubEnv('MEDIA_DIR', root);
    vi.stubEnv('MEDIA_STORE', '');
    await localMediaStore(root).put('covers/a-1.webp', Buffer.from('webp bytes'), 'image/webp');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await rm(root, { recursive: true, force: true });
  });

  it('is rendered on demand', () => expect(prerender).toBe(false));

  it('serves a stored file with its type and a one-year immutable cache', async () => {
    const response = await get('covers/a-1.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/webp');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('webp bytes');
  });

  it.each(['covers/missing.webp', '../etc/passwd.png', undefined])('answers 404 for %j', async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it('answers 404 when media lives in Cloud Storage', async () => {
    vi.stubEnv('MEDIA_STORE', 'cloud');
    try {
      expect((await get('covers/a-1.webp')).status).toBe(404);
    } finally {
      vi.stubEnv('MEDIA_STORE', '');
    }
  });
});
