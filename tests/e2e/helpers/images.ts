// Image files for the upload tests, made in memory: good ones (a photo with GPS
// EXIF and a rotation tag) and the bad inputs a person or an attacker might send.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG `width`×`height` of noise-free colour bands whose EXIF carries a GPS position and, when given, an Orientation tag. */
export async function jpegWithGps(width = 800, height = 400, orientation?: number): Promise<Buffer> {
  const half = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      half[i] = x < width / 2 ? 200 : 30;
      half[i + 1] = (y * 255) / height;
      half[i + 2] = 90;
    }
  }
  return sharp(half, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'Shelfmark Test Camera', Artist: 'Test Person' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .withMetadata(orientation ? { orientation } : {})
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A small valid PNG of a solid colour. */
export function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

/** A PNG cut off halfway through its pixel data: a broken download or a hand-edited file. */
export async function truncatedPng(): Promise<Buffer> {
  const noise = Buffer.alloc(300 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const png = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}

/**
 * A PNG of a few dozen bytes whose header claims `width`×`height` pixels (a
 * decompression bomb's header): what a decoder would allocate is decided by the
 * header alone, so this is as good a test as a real 20000×20000 image and costs nothing.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solidPng(1, 1));
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4) … CRC over type+data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const dataLength = png.readUInt32BE(8);
  png.writeUInt32BE(crc32(png.subarray(12, 16 + dataLength)), 16 + dataLength);
  return png;
}

/** An SVG that would run a script if it were ever served as a document. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n',
);

/** A text file someone renamed to photo.png. */
export const RENAMED_TEXT_FILE = Buffer.from('These are my notes, not a picture.\n'.repeat(20));

/** Bytes that start like a JPEG and carry more than the 500 KB limit. */
export function oversizedJpegBytes(): Buffer {
  const bytes = Buffer.alloc(500 * 1024 + 1, 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** A file the upload endpoint must refuse, with its answer. */
export interface BadImage {
  /** What the file is, for the test's name. */
  what: string;
  /** The Content-Type it is sent with (none: application/octet-stream). */
  contentType?: string;
  body: () => Promise<Buffer> | Buffer;
  /** The refusal's HTTP status and error message. */
  status: number;
  error: string;
}

/**
 * The bad files every upload test sends (the endpoint's unit test with fakes,
 * the e2e spec against the build): each is refused with its status and message,
 * and nothing is stored.
 */
export const BAD_IMAGES: BadImage[] = [
  {
    what: 'a text file renamed photo.png',
    contentType: 'image/png',
    body: () => RENAMED_TEXT_FILE,
    status: 415,
    error: 'Please upload an image file.',
  },
  {
    what: 'a truncated PNG',
    contentType: 'image/png',
    body: truncatedPng,
    status: 422,
    error: 'The image is damaged or incomplete. Please upload another file.',
  },
  {
    what: 'a 20000 × 20000 PNG',
    contentType: 'image/png',
    body: () => pngClaiming(20000, 20000),
    status: 422,
    error: 'The image is too large in pixels: at most 16.8 megapixels (for example 4096 × 4096).',
  },
  {
    what: 'an SVG with a script',
    contentType: 'image/svg+xml',
    body: () => SVG_WITH_SCRIPT,
    status: 415,
    error: 'Please upload an image file. SVG files are not accepted; use JPEG, PNG, GIF, WebP or AVIF.',
  },
  {
    what: 'an empty body',
    body: () => Buffer.alloc(0),
    status: 400,
    error: 'The file is empty. Please upload an image file.',
  },
  {
    what: 'a file over 500KB',
    contentType: 'image/jpeg',
    body: oversizedJpegBytes,
    status: 413,
    error: 'Profile image must be less than 500KB.',
  },
];
