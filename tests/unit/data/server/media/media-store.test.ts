import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contentVersionedPath,
  isValidMediaPath,
  localMediaStore,
} from '../../../../../src/data/server/media/media-store.ts';

describe('media paths', () => {
  it('accepts relative paths of safe segments with a known extension', () => {
    expect(isValidMediaPath('covers/abc-123.webp')).toBe(true);
    expect(isValidMediaPath('profile-images/uid_1/1700000000.png')).toBe(true);
  });

  it.each([
    '../secret.webp',
    'covers/../x.webp',
    '/etc/passwd.png',
    'covers//x.webp',
    'covers/.hidden.webp',
    'covers/a b.webp',
    'covers\\x.webp',
    'covers/x.svg',
    'covers/x',
    'covers/ü.webp',
    '',
  ])('refuses %j', (path) => expect(isValidMediaPath(path)).toBe(false));

  it('versions paths by content', () => {
    const a = contentVersionedPath('covers', 'book', Buffer.from('a'), 'webp');
    expect(a).toMatch(/^covers\/book-[0-9a-f]{10}\.webp$/);
    expect(contentVersionedPath('covers', 'book', Buffer.from('b'), 'webp')).not.toBe(a);
  });
});

describe('the local media store', async () => {
  const root = await mkdtemp(join(tmpdir(), 'media-'));
  const store = localMediaStore(root);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores a file, returns its /media URL and reads it back with its type', async () => {
    expect(await store.put('covers/x-1.webp', Buffer.from('one'), 'image/webp')).toBe(
      '/media/covers/x-1.webp',
    );
    expect(await store.read('covers/x-1.webp')).toEqual({
      bytes: Buffer.from('one'),
      contentType: 'image/webp',
    });
  });

  it('returns null for missing or invalid paths', async () => {
    expect(await store.read('covers/missing.webp')).toBeNull();
    expect(await store.read('../x.webp')).toBeNull();
    expect(await store.read('covers')).toBeNull();
  });

  it('never rewrites a path with different bytes (files are cached as immutable)', async () => {
    await store.put('covers/y-1.webp', Buffer.from('same'), 'image/webp');
    await expect(store.put('covers/y-1.webp', Buffer.from('same'), 'image/webp')).resolves.toBe(
      '/media/covers/y-1.webp',
    );
    await expect(store.put('covers/y-1.webp', Buffer.from('other'), 'image/webp')).rejects.toThrow(
      /different content/,
    );
  });

  it('refuses a content type that does not match the extension', async () => {
    await expect(store.put('covers/z.webp', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
  });
});
