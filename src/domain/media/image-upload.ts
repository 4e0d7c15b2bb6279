/**
 * The rules of the image upload pipeline, shared by the browser (checks before
 * sending) and the upload endpoint (the checks that count): which files are
 * images (decided by their first bytes, never by name or declared type), the
 * size and pixel limits, who may upload for whom, which widths are encoded, and
 * the messages each refusal gives. No I/O: the endpoint reads the body, decodes
 * with sharp and stores; the client module sends and reports.
 */
import { z } from 'zod';
import { IMAGE_WIDTHS, UPLOAD_KINDS, type UploadKind } from './media-image.ts';
import { UPLOAD_QUOTA_MESSAGES } from './media-upload.ts';

/** The largest upload accepted, in bytes (500 KB, the spec's profile image limit, for every kind). */
export const MAX_UPLOAD_BYTES = 500 * 1024;

/**
 * The most pixels (width × height) an upload may have. A 500 KB file can claim a
 * canvas of hundreds of megapixels (a decompression bomb); decoding is refused
 * above this, which keeps one decode under about 64 MB of memory (RGBA).
 */
export const MAX_INPUT_PIXELS = 4096 * 4096;

/** The image formats accepted, by their magic bytes. SVG is never one: it can carry scripts. */
export const ACCEPTED_IMAGE_TYPES = ['jpeg', 'png', 'gif', 'webp', 'avif'] as const;
/** One of ACCEPTED_IMAGE_TYPES. */
export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The `accept` list of a file input: a hint for the picker only; the bytes decide. */
export const IMAGE_INPUT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/avif';

/** How many leading bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 64;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** AVIF is an ISO-BMFF file whose `ftyp` box names `avif`/`avis` as its brand or a compatible brand (HEIC is not accepted). */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || fourCc(bytes, 4) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length);
  const brands = [fourCc(bytes, 8)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(fourCc(bytes, at));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/** The image type the bytes start with, or null for anything else (text, SVG, PDF, HEIC, an empty file). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/** True when the bytes look like an SVG document (XML text with an <svg> element), to refuse it with a clearer word. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<svg') ||
    ((head.startsWith('<?xml') || head.startsWith('<!doctype svg')) && head.includes('<svg'))
  );
}

/** True for a kind the pipeline knows (the URL segment of /api/uploads/{kind}). */
export function isUploadKind(kind: string | undefined): kind is UploadKind {
  return (UPLOAD_KINDS as readonly string[]).includes(kind ?? '');
}

/** What each kind is called in messages: adding a kind to UPLOAD_KINDS needs its names here. */
export const UPLOAD_KIND_NAMES: Readonly<Record<UploadKind, { one: string; many: string }>> = {
  'profile-images': { one: 'Profile image', many: 'profile images' },
  'book-covers': { one: 'Cover image', many: 'cover images' },
  'product-images': { one: 'Product image', many: 'product images' },
  'ad-images': { one: 'Ad photo', many: 'ad photos' },
  'site-logos': { one: 'Logo', many: 'logos' },
  'banner-images': { one: 'Banner image', many: 'banner images' },
};

/** Every reason an upload can be refused (or fail), with the message a person reads. */
export function uploadMessages(kind: UploadKind) {
  const names = UPLOAD_KIND_NAMES[kind];
  return {
    signIn: `Please log in to upload ${names.many}.`,
    badToken: 'Your session has expired. Please log in again.',
    notAMember: 'Only approved, active members with a verified email can upload images.',
    notYours: 'You can only upload images for your own account.',
    adminOnly: `Only administrators can upload ${names.many}.`,
    noSuchMember: 'That member does not exist.',
    tooLarge: `${names.one} must be less than 500KB.`,
    notAnImage: 'Please upload an image file.',
    svg: 'Please upload an image file. SVG files are not accepted; use JPEG, PNG, GIF, WebP or AVIF.',
    empty: 'The file is empty. Please upload an image file.',
    tooManyPixels: `The image is too large in pixels: at most ${(MAX_INPUT_PIXELS / 1_000_000).toFixed(1)} megapixels (for example 4096 × 4096).`,
    damaged: 'The image is damaged or incomplete. Please upload another file.',
    tooManyUploads: UPLOAD_QUOTA_MESSAGES.tooManyUploads,
    overQuota: UPLOAD_QUOTA_MESSAGES.overQuota,
    failed: 'Failed to upload image. Please try again.',
  } as const;
}
/** The message keys of uploadMessages. */
export type UploadMessageKey = keyof ReturnType<typeof uploadMessages>;

/** The HTTP status each refusal answers with. */
export const UPLOAD_STATUS: Readonly<Record<UploadMessageKey, number>> = {
  signIn: 401,
  badToken: 401,
  notAMember: 403,
  notYours: 403,
  adminOnly: 403,
  noSuchMember: 404,
  tooLarge: 413,
  notAnImage: 415,
  svg: 415,
  empty: 400,
  tooManyPixels: 422,
  damaged: 422,
  tooManyUploads: 429,
  overQuota: 429,
  failed: 500,
};

/** Message for an unknown /api/uploads/{kind}. */
export const UNKNOWN_KIND_MESSAGE = 'Unknown upload kind.';

/** A member id an upload may be stored under: a Firebase uid (letters, digits, '_' and '-'), safe as a folder name. */
export const UPLOAD_USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Message for a `?userId=` that cannot be a member id. */
export const BAD_USER_ID_MESSAGE = 'That member id is not valid.';

/** Who is asking, from their verified ID token. */
export interface Uploader {
  uid: string;
  /** The `admin` custom claim. */
  admin: boolean;
  emailVerified: boolean;
}

/** The standing of a member's profile, as far as uploads care; null when there is no profile. */
export interface MemberStanding {
  approval_status: string;
  is_active: boolean;
}

/**
 * Whether `uploader` may store an image for `targetUid`: an admin for any existing
 * member; anyone else only for themselves, and only as a verified, approved, active
 * member. Returns the refusal's message key, or null when allowed.
 */
export function uploadRefusal(
  uploader: Uploader,
  own: MemberStanding | null,
  targetUid: string,
  target: MemberStanding | null,
): UploadMessageKey | null {
  if (uploader.admin) return target ? null : 'noSuchMember';
  if (targetUid !== uploader.uid) return 'notYours';
  if (!uploader.emailVerified || !own || own.approval_status !== 'approved' || !own.is_active)
    return 'notAMember';
  return null;
}

/** What a size or header check of the first bytes says, before any decoding: a refusal key or null. */
export function bytesRefusal(bytes: Uint8Array, totalBytes: number): UploadMessageKey | null {
  if (totalBytes === 0) return 'empty';
  if (totalBytes > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (sniffImageType(bytes) === null) return looksLikeSvg(bytes) ? 'svg' : 'notAnImage';
  return null;
}

/** True when an image of these dimensions may be decoded. */
export function withinPixelLimit(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= MAX_INPUT_PIXELS;
}

/**
 * The widths to encode an image `sourceWidth` pixels wide at: every IMAGE_WIDTHS
 * entry below it, plus the first one at or above it (encoded at the source's own
 * width, never enlarged), so no detail is lost and nothing is upscaled.
 */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((width) => width < sourceWidth);
  const cover = IMAGE_WIDTHS.find((width) => width >= sourceWidth);
  return cover === undefined ? widths : [...widths, cover];
}

/** A successful upload's answer. */
export const uploadResponseSchema = z.object({
  /** The widest variant's URL: the value to store (e.g. profile_image). */
  url: z.string().min(1),
  /** Every variant for `<img srcset>` (srcsetOf(url)). */
  srcset: z.string(),
  /** Pixel size of the widest variant. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
/** A successful upload's answer. */
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** A refused upload's answer. */
export const uploadErrorSchema = z.object({ error: z.string().min(1) });

/** A toast: the spec's title and the text under it. */
export interface UploadToast {
  title:
    'File too large' | 'Invalid file type' | 'Authentication required' | 'Upload failed' | 'Upload error';
  description: string;
}

/** The check the browser makes before sending: signed in, small enough, an image by its first bytes. Null when it may be sent. */
export function clientCheck(
  kind: UploadKind,
  file: { size: number; head: Uint8Array },
  signedIn: boolean,
): UploadToast | null {
  const messages = uploadMessages(kind);
  if (!signedIn) return { title: 'Authentication required', description: messages.signIn };
  if (file.size > MAX_UPLOAD_BYTES) return { title: 'File too large', description: messages.tooLarge };
  if (file.size === 0 || sniffImageType(file.head) === null)
    return { title: 'Invalid file type', description: messages.notAnImage };
  return null;
}

/**
 * The toast for a refused or failed upload, from the endpoint's status and its
 * `{ error }` message (null when the answer had none): the server's message under
 * the spec's title, or the spec's generic failure when the server gave no reason.
 */
export function refusalToast(kind: UploadKind, status: number, message: string | null): UploadToast {
  const messages = uploadMessages(kind);
  if (status === 401) return { title: 'Authentication required', description: message ?? messages.signIn };
  if (status === 413) return { title: 'File too large', description: message ?? messages.tooLarge };
  if (status === 415) return { title: 'Invalid file type', description: message ?? messages.notAnImage };
  if (status >= 400 && status < 500 && message) return { title: 'Upload failed', description: message };
  return { title: 'Upload failed', description: messages.failed };
}

/** The toast when the request never got an answer (offline, aborted). */
export const NETWORK_ERROR_TOAST: UploadToast = {
  title: 'Upload error',
  description: 'Could not reach the server. Check your connection and try again.',
};
