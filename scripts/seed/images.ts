// Renders the generator's SVG image specs to small WebP files in the media store.
import sharp from 'sharp';
import type { MediaStore } from '../../src/data/server/media/media-store.ts';
import type { ImageSpec } from './svg.ts';

/** Renders one spec to WebP bytes (a few KB: flat colours compress well). */
export async function renderWebp(spec: ImageSpec): Promise<Buffer> {
  return sharp(Buffer.from(spec.svg))
    .resize(spec.width, spec.height)
    .webp({ quality: 62, effort: 4 })
    .toBuffer();
}

/** Renders and stores every image, a few at a time (sharp already uses both cores per image). */
export async function writeImages(
  store: MediaStore,
  specs: readonly ImageSpec[],
): Promise<{ count: number; bytes: number }> {
  let bytes = 0;
  const queue = [...specs];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const webp = await renderWebp(spec);
      bytes += webp.length;
      await store.put(spec.path, webp, 'image/webp');
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { count: specs.length, bytes };
}
