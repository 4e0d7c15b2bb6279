import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { localMediaStore, type MediaStore } from '../../../../../src/data/server/media/media-store';
import {
  encodeVariants,
  newUploadId,
  readCappedBody,
  storeUpload,
  type EncodedVariant,
} from '../../../../../src/data/server/media/uploads';
import { sniffImageType } from '../../../../../src/domain/media/image-upload';
import { uploadFolderOf } from '../../../../../src/domain/media/media-image';
import { jpegWithGps, pngClaiming, solidPng, truncatedPng } from '../../../../e2e/helpers/images';

const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe('readCappedBody', () => {
  it('returns the whole body up to the limit', async () => {
    expect(await readCappedBody(streamOf(Buffer.from('abc'), Buffer.from('de')), 5)).toEqual(
      Buffer.from('abcde'),
    );
    expect(await readCappedBody(null, 5)).toEqual(Buffer.alloc(0));
  });

  it('stops reading as soon as the body passes the limit', async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readCappedBody(endless, 10 * 1024)).toBe('tooLarge');
    expect(pulls).toBeLessThan(20);
  });
});

describe('encodeVariants', () => {
  it('re-encodes as WebP at each width, drops every piece of metadata (GPS EXIF included) and turns the picture upright', async () => {
    // 800 × 400 stored, Orientation 6 (rotate 90° clockwise): it is shown 400 wide, 800 high.
    const photo = await jpegWithGps(800, 400, 6);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const variants = await encodeVariants(photo);
    if (typeof variants === 'string') throw new Error(variants);
    expect(variants.map((v) => [v.nominal, v.width, v.height])).toEqual([
      [160, 160, 320],
      [320, 320, 640],
      [640, 400, 800],
    ]);
    for (const variant of variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from('Shelfmark Test Camera'))).toBe(false);
    }
  });

  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)(
    'accepts a real %s file: recognised by its bytes and re-encoded',
    async (format) => {
      const file = await sharp({
        create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .toFormat(format)
        .toBuffer();
      expect(sniffImageType(file)).toBe(format);
      const variants = await encodeVariants(file);
      expect(typeof variants === 'string' ? variants : variants.map((v) => v.width)).toEqual([160, 320, 400]);
    },
  );

  it('keeps only the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 50, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#8a2c2c'), await frame('#2c8a2c')], {
      join: { animated: true },
    })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated, { pages: -1 }).metadata()).pages).toBe(2);
    const variants = await encodeVariants(animated);
    if (typeof variants === 'string') throw new Error(variants);
    expect(variants.map((v) => [v.width, v.height])).toEqual([[50, 30]]);
    const { pages, channels } = await sharp(variants[0]!.bytes).metadata();
    expect(pages ?? 1).toBe(1);
    const [r, g] = (await sharp(variants[0]!.bytes).raw().toBuffer()).subarray(0, channels);
    expect([r! > 100, g! < 100]).toEqual([true, true]);
  });

  it('never enlarges a small picture', async () => {
    const variants = await encodeVariants(await solidPng(100, 50));
    expect(
      typeof variants === 'string' ? variants : variants.map((v) => [v.nominal, v.width, v.height]),
    ).toEqual([[160, 100, 50]]);
  });

  it('refuses a header claiming 20000 × 20000 pixels before decoding a pixel', async () => {
    expect(await encodeVariants(await pngClaiming(20000, 20000))).toBe('tooManyPixels');
  });

  it('refuses a truncated PNG as damaged', async () => {
    expect(await encodeVariants(await truncatedPng())).toBe('damaged');
  });

  it('refuses bytes that only start like an image', async () => {
    expect(await encodeVariants(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]))).toBe('damaged');
  });
});

describe('storeUpload and replacing a picture', async () => {
  const root = await mkdtemp(join(tmpdir(), 'uploads-'));
  const store = localMediaStore(root);
  afterAll(() => rm(root, { recursive: true, force: true }));
  const variants = async () => {
    const encoded = await encodeVariants(await jpegWithGps(700, 350));
    if (typeof encoded === 'string') throw new Error(encoded);
    return encoded;
  };

  it('writes each width into a fresh folder {uid}/{kind}/{uploadId}/ and answers the widest URL with its srcset', async () => {
    const uploadId = newUploadId();
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const answer = await storeUpload(store, 'member-1', 'profile-images', await variants(), uploadId);
    const base = `/media/member-1/profile-images/${uploadId}`;
    expect(answer).toEqual({
      url: `${base}/w640.webp`,
      srcset: `${base}/w160.webp 160w, ${base}/w320.webp 320w, ${base}/w640.webp 640w`,
      width: 640,
      height: 320,
    });
    expect((await readdir(join(root, 'member-1', 'profile-images', uploadId))).sort()).toEqual([
      'w160.webp',
      'w320.webp',
      'w640.webp',
    ]);
  });

  it('removes exactly the old upload’s folder when the picture is replaced (what saveProfile does)', async () => {
    const old = await storeUpload(store, 'member-2', 'profile-images', await variants());
    const replacement = await storeUpload(store, 'member-2', 'profile-images', await variants());
    expect(old.url).not.toBe(replacement.url);
    await store.removeFolder(uploadFolderOf(old.url)!);
    const left = await readdir(join(root, 'member-2', 'profile-images'));
    expect(left).toEqual([uploadFolderOf(replacement.url)!.split('/')[2]]);
    expect(await store.read(replacement.url.replace('/media/', ''))).not.toBeNull();
    // Removing it again (a retried save) is harmless.
    await expect(store.removeFolder(uploadFolderOf(old.url)!)).resolves.toBeUndefined();
  });

  it('leaves nothing behind when a file cannot be stored', async () => {
    let puts = 0;
    const failing: MediaStore = {
      ...store,
      put: async (path, bytes, type) => {
        if (++puts === 2) throw new Error('disk full');
        return store.put(path, bytes, type);
      },
    };
    const encoded: EncodedVariant[] = await variants();
    await expect(
      storeUpload(failing, 'member-3', 'profile-images', encoded, 'failed-upload'),
    ).rejects.toThrow('disk full');
    expect(puts).toBe(3);
    await expect(readdir(join(root, 'member-3', 'profile-images', 'failed-upload'))).rejects.toThrow(
      /ENOENT/,
    );
  });
});
