// The stand-in's cover images: small real JPEGs made with sharp on first request and
// kept, one flat colour per cover id, sized in proportion to Open Library's S, M and L.
import sharp from 'sharp';

/** Width and height per size letter (a book's 2:3), small so tests move few bytes. */
export const COVER_SIZES = { S: [30, 45], M: [60, 90], L: [120, 180] } as const;
export type CoverSize = keyof typeof COVER_SIZES;

const made = new Map<string, Promise<Buffer>>();

/** A JPEG of `size` whose colour follows from `id`, the same bytes on every call. */
export function coverJpeg(id: number, size: CoverSize): Promise<Buffer> {
  const key = `${id}-${size}`;
  let image = made.get(key);
  if (!image) {
    const [width, height] = COVER_SIZES[size];
    const background = { r: (id * 37) % 256, g: (id * 71) % 256, b: (id * 113) % 256 };
    image = sharp({ create: { width, height, channels: 3, background } })
      .jpeg({ quality: 70 })
      .toBuffer();
    made.set(key, image);
  }
  return image;
}

/** The 1x1 image Open Library answers for a cover it does not have (unless `?default=false`). */
export function blankJpeg(): Promise<Buffer> {
  let image = made.get('blank');
  if (!image) {
    image = sharp({ create: { width: 1, height: 1, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .jpeg()
      .toBuffer();
    made.set('blank', image);
  }
  return image;
}
