// The server side of an image upload: read the body without ever holding more
// than the limit, decode it with sharp under a pixel limit, re-encode it as WebP
// at a few widths with every piece of metadata dropped, and store the files in
// the media store. The rules (limits, widths, messages) are in
// src/domain/media/image-upload.ts; the endpoint is src/pages/api/uploads/[kind].ts.
import { randomBytes } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import {
  MAX_INPUT_PIXELS,
  variantWidths,
  withinPixelLimit,
  type UploadMessageKey,
  type UploadResponse,
} from '../../../domain/media/image-upload.ts';
import { srcsetOf, uploadPath, type UploadKind } from '../../../domain/media/media-image.ts';
import type { MediaStore } from './media-store.ts';

/** The body as bytes, or 'tooLarge' as soon as more than `limit` bytes arrived (the rest is never read). */
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer | 'tooLarge'> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return 'tooLarge';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** One stored width of an upload. */
export interface EncodedVariant {
  /** The IMAGE_WIDTHS entry the file is named after (w{nominal}.webp). */
  nominal: number;
  /** The WebP bytes. */
  bytes: Buffer;
  /** Its real pixel size (at most `nominal` wide; smaller when the source was). */
  width: number;
  height: number;
}

// failOn 'error': a truncated or corrupt file is refused rather than half decoded.
// autoOrient: turn the pixels as the EXIF Orientation says, since that tag is dropped.
// pages 1: only the first frame of an animated GIF or WebP (a still picture).
const DECODE_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  autoOrient: true,
  pages: 1,
};

/** WebP quality: small files for photos and drawings at the sizes pictures are shown. */
const WEBP_QUALITY = 80;

/** sharp's errors for input it cannot or will not decode (as opposed to our own failures). */
function decodeRefusal(error: unknown): UploadMessageKey {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? 'tooManyPixels' : 'damaged';
}

/**
 * Decodes `bytes` (already sniffed as an accepted image type) and encodes every
 * width of variantWidths as WebP. sharp writes no metadata unless asked, so EXIF
 * (GPS included), XMP, IPTC and ICC profiles are all dropped (colours converted to sRGB).
 * Returns a refusal key for images that are too large in pixels or cannot be decoded.
 */
export async function encodeVariants(bytes: Buffer): Promise<EncodedVariant[] | UploadMessageKey> {
  let source: Sharp;
  let width: number;
  let height: number;
  try {
    source = sharp(bytes, DECODE_OPTIONS);
    // The header alone: refuses a decompression bomb before a pixel is decoded.
    const metadata = await source.metadata();
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    height = metadata.autoOrient?.height ?? metadata.height ?? 0;
    if (!withinPixelLimit(width, height)) return 'tooManyPixels';
  } catch (error) {
    return decodeRefusal(error);
  }
  try {
    return await Promise.all(
      variantWidths(width).map(async (nominal) => {
        const { data, info } = await source
          .clone()
          .resize({ width: Math.min(nominal, width), withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { nominal, bytes: data, width: info.width, height: info.height };
      }),
    );
  } catch (error) {
    return decodeRefusal(error);
  }
}

/** A fresh id for an upload's folder: 16 URL-safe characters (96 random bits), never reused. */
export function newUploadId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Stores every variant in a new folder `{uid}/{kind}/{uploadId}/` and returns the
 * answer for the browser. When any file fails to store, the folder is removed
 * again, so a failed upload leaves nothing behind.
 */
export async function storeUpload(
  store: MediaStore,
  uid: string,
  kind: UploadKind,
  variants: EncodedVariant[],
  uploadId = newUploadId(),
): Promise<UploadResponse> {
  const widest = variants.at(-1);
  if (!widest) throw new Error('An upload needs at least one variant');
  // allSettled, not all: the folder is removed only once no write is still under way.
  const results = await Promise.allSettled(
    variants.map((v) => store.put(uploadPath(uid, kind, uploadId, v.nominal), v.bytes, 'image/webp')),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await store.removeFolder(`${uid}/${kind}/${uploadId}`).catch(() => {});
    throw failure.reason;
  }
  const url = (results.at(-1) as PromiseFulfilledResult<string>).value;
  return { url, srcset: srcsetOf(url) ?? '', width: widest.width, height: widest.height };
}
