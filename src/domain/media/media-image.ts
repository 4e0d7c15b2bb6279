/**
 * How uploaded images are laid out in the media store. Each upload gets its own
 * folder, `{uid}/{kind}/{uploadId}/`, holding one WebP per width: `w160.webp`,
 * `w320.webp`, `w640.webp` (never wider than the source). The stored value (for
 * example a profile's `profile_image`) is the URL of the widest file; the other
 * widths are found from it, so a page can write a `srcset` without another read.
 * Replacing an image removes the old upload's whole folder.
 */

/** Widths every uploaded image is encoded at, narrowest first. */
export const IMAGE_WIDTHS = [160, 320, 640] as const;

/** What an upload is for; the folder under the member's uid. */
export const UPLOAD_KINDS = [
  'profile-images',
  'book-covers',
  'product-images',
  'ad-images',
  'site-logos',
  'banner-images',
] as const;
/** One of UPLOAD_KINDS. */
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Kinds only an admin may upload (the site's logo, advertisement banners), stored under the admin's own uid. */
export const ADMIN_ONLY_UPLOAD_KINDS: readonly UploadKind[] = ['site-logos', 'banner-images'];

/** True for a kind only an admin may upload. */
export function isAdminOnlyUploadKind(kind: UploadKind): boolean {
  return ADMIN_ONLY_UPLOAD_KINDS.includes(kind);
}

/**
 * An uploaded image's URL: the store's public URL of `{uid}/{kind}/{uploadId}/w{width}.webp`,
 * `/media/…` on the local disk store, `https://storage.googleapis.com/{bucket}/…` with
 * MEDIA_STORE=cloud. Source text that JavaScript and RE2 read alike: firestore.rules
 * repeats it (`uploadUrlPattern()`), and a unit test keeps the two equal.
 */
export const UPLOAD_URL_PATTERN_SOURCE = String.raw`^(/media|https://storage\.googleapis\.com/[a-z0-9][a-z0-9._-]*)/([A-Za-z0-9_-]+)/([a-z-]+)/([A-Za-z0-9_-]+)/w([0-9]+)\.webp$`;
const UPLOAD_URL = new RegExp(UPLOAD_URL_PATTERN_SOURCE);

/**
 * An http(s) address served by Cloud Storage, where the media store lives in
 * production, in any of the forms Google answers (`storage.googleapis.com/{bucket}`,
 * `{bucket}.storage.googleapis.com`, `commondatastorage…`, `storage.cloud.google.com`),
 * in any letter case, with or without user info, a port or a trailing dot on the host.
 * It matches the whole address, as `matches` in the rules does.
 * Matched without regard to case (firestore.rules: `(?i)` and this source, `mediaStoreUrlPattern()`).
 */
export const MEDIA_STORE_URL_PATTERN_SOURCE = String.raw`^https?://(?:[^/?#\\@]*@)?(?:[^/?#\\@]*\.)?(?:(?:commondata)?storage\.googleapis\.com|storage\.cloud\.google\.com)\.?(?::[0-9]*)?(?:[/?#\\].*)?$`;
const MEDIA_STORE_URL = new RegExp(MEDIA_STORE_URL_PATTERN_SOURCE, 'i');

/** True for an address in the media store's Cloud Storage, in whatever form (see MEDIA_STORE_URL_PATTERN_SOURCE). */
export function isMediaStoreUrl(url: string): boolean {
  return MEDIA_STORE_URL.test(url);
}

/** Whether a picture reference may be stored on a document of `ownerUid`. */
export type MediaReferenceVerdict = 'ok' | 'other-member' | 'not-an-upload';

/**
 * A document of member `ownerUid` may point at nothing ('' or null), at one of
 * that member's own uploads, or at an https address outside the media store.
 * Another member's upload is 'other-member' (nobody adopts a file whose
 * removal, quota or account they do not own); any other media-store path or
 * Cloud Storage address (a seeded file, an address spelled so the upload
 * parser does not see whose it is) is 'not-an-upload'. The rules decide the
 * same (`validImageRef` in firestore.rules).
 */
export function mediaReferenceVerdict(
  value: string | null | undefined,
  ownerUid: string,
): MediaReferenceVerdict {
  if (value === undefined || value === null || value === '') return 'ok';
  const upload = parseUploadUrl(value);
  if (upload !== null) return upload.uid === ownerUid ? 'ok' : 'other-member';
  if (value.startsWith('https://') && !isMediaStoreUrl(value)) return 'ok';
  return 'not-an-upload';
}

/** The parts of an uploaded image's URL (`base` is where the store serves paths from), or null for any other value (seeded files, other URLs). */
export function parseUploadUrl(
  url: string | null | undefined,
): { base: string; uid: string; kind: string; uploadId: string; width: number } | null {
  const match = UPLOAD_URL.exec(url ?? '');
  if (!match) return null;
  return { base: match[1]!, uid: match[2]!, kind: match[3]!, uploadId: match[4]!, width: Number(match[5]) };
}

/**
 * The media-store folder (no leading /media/) of an uploaded image, for removing it;
 * null when the URL is not an upload, or, when `ownerUid` is given, not one of that
 * member's (a profile may name any URL, so a save must never remove someone else's folder).
 */
export function uploadFolderOf(url: string | null | undefined, ownerUid?: string): string | null {
  const parts = parseUploadUrl(url);
  if (!parts || (ownerUid !== undefined && parts.uid !== ownerUid)) return null;
  return `${parts.uid}/${parts.kind}/${parts.uploadId}`;
}

/** The media path of one width of an upload. */
export function uploadPath(uid: string, kind: UploadKind, uploadId: string, width: number): string {
  return `${uid}/${kind}/${uploadId}/w${width}.webp`;
}

/** A `srcset` for an uploaded image (every width up to the stored one), or undefined for other URLs. */
export function srcsetOf(url: string | null | undefined): string | undefined {
  const parts = parseUploadUrl(url);
  if (!parts) return undefined;
  const base = `${parts.base}/${parts.uid}/${parts.kind}/${parts.uploadId}`;
  return IMAGE_WIDTHS.filter((width) => width <= parts.width)
    .map((width) => `${base}/w${width}.webp ${width}w`)
    .join(', ');
}
