import { z } from 'zod';

/**
 * Upper bounds for stored strings. Firestore documents are capped at 1 MiB and
 * the security rules bound every string they accept, so each field gets a
 * limit generous enough for real content but small enough to keep documents
 * far from that cap. The rules use the same numbers.
 */
export const TEXT_LIMITS = {
  /** Display names, authors, labels of people. */
  name: 80,
  /** Titles of books, posts, ads, pages. */
  title: 200,
  /** One-line texts: subtitles, meta descriptions, header texts. */
  line: 300,
  /** Short free text: contact details, locations, prices written as text. */
  short: 500,
  /** Medium free text: about me, announcements, product descriptions. */
  medium: 5_000,
  /** Long-form bodies: blog posts, newsletters, legal documents, manuscript sections. */
  long: 100_000,
  /** URLs (browsers handle about 2,000 characters reliably). */
  url: 2_048,
  /** Page slugs and other identifiers that appear in URLs. */
  slug: 100,
  /** Firebase Auth uids and Firestore auto ids are far shorter than this. */
  id: 128,
} as const;

/** A point in time. Firestore Timestamps are converted to Date before parsing (see src/data/firestore-convert.ts). */
export const timestampSchema = z.date();

/**
 * The shape of every stored http(s) URL: a lower-case http or https scheme, a host, and no
 * whitespace, control or invisible formatting character anywhere (zod's URL check alone
 * trims ' https://x' and accepts 'https://x/a b'). firestore.rules checks the same pattern
 * (`httpUrlPattern()`, RE2 syntax; a unit test keeps the two equal), so it is written here as
 * source text that means the same to JavaScript's `u` flag and to RE2.
 */
export const HTTP_URL_PATTERN_SOURCE = String.raw`^https?://[^\p{Z}\p{Cc}\p{Cf}/?#\\]+(?:[/?#\\][^\p{Z}\p{Cc}\p{Cf}]*)?$`;
const HTTP_URL_PATTERN = new RegExp(HTTP_URL_PATTERN_SOURCE, 'u');

/**
 * A path in the site's media store: '/media/' and segments of letters, digits, '_', '-' and '.'
 * (not starting with '.'), as the local store serves them (src/data/server/media/media-store.ts).
 * firestore.rules checks the same pattern (`mediaPathPattern()`).
 */
export const MEDIA_PATH_PATTERN_SOURCE = String.raw`^/media/[A-Za-z0-9_-][A-Za-z0-9._-]*(?:/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$`;
const MEDIA_PATH_PATTERN = new RegExp(MEDIA_PATH_PATTERN_SOURCE, 'u');

/** True for a path in the site's own media store (MEDIA_PATH_PATTERN_SOURCE). */
export function isMediaPath(value: unknown): value is string {
  return typeof value === 'string' && MEDIA_PATH_PATTERN.test(value);
}

/** A URL with one of the given schemes: the stored-URL pattern first, so nothing the parser would trim or encode gets through. */
function urlWithProtocol(protocol: RegExp, message: string) {
  return z
    .string()
    .max(TEXT_LIMITS.url, 'URL is too long')
    .regex(HTTP_URL_PATTERN, message)
    .pipe(z.url({ protocol, error: message }));
}

/** Builds an http(s) URL schema with a custom message (other schemes such as javascript: are refused). */
export function httpUrl(message = 'Please enter a valid URL') {
  return urlWithProtocol(/^https?$/, message);
}

/** An absolute http or https URL. */
export const httpUrlSchema = httpUrl();

/** An absolute https URL (for pictures, which a page served over https must not load over http). */
export const httpsUrlSchema = urlWithProtocol(/^https$/, 'Please enter an https URL');

/** An http(s) URL that may also be left empty ('' or null) or absent. */
export const optionalUrl = z.union([httpUrlSchema, z.literal('')]).nullish();

/**
 * A path on this site ('/blog', '/media/covers/x.webp') or an absolute http(s) URL.
 * Site paths keep stored data independent of the host it is served from: media in
 * the local store live at /media/…, and the same data works on any port or domain.
 */
export const sitePathOrUrlSchema = z.union([
  z
    .string()
    .max(TEXT_LIMITS.url)
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'Use a path starting with / or a full URL'),
  httpUrlSchema,
]);

/** A site path or http(s) URL that may also be left empty ('' or null) or absent: images and internal links. */
export const optionalSitePathOrUrl = z.union([sitePathOrUrlSchema, z.literal('')]).nullish();

/** A file in the site's media store ('/media/profiles/x.webp') or an https URL (such as a Cloud Storage object's). */
export const mediaPathOrHttpsUrlSchema = z.union([
  z.string().max(TEXT_LIMITS.url).regex(MEDIA_PATH_PATTERN, 'Use a /media/ path or an https URL'),
  httpsUrlSchema,
]);

/** A media-store path or https URL that may also be left empty ('' or null) or absent: uploaded pictures. */
export const optionalMediaPathOrHttpsUrl = z.union([mediaPathOrHttpsUrlSchema, z.literal('')]).nullish();

/** A Firebase Auth uid or another document id used as a reference. */
export const idSchema = z.string().min(1).max(TEXT_LIMITS.id);

/** A whole number of zero or more (counters). */
export const nonNegativeInt = z.number().int().min(0);

/** An amount of money of zero or more, in the item's currency. */
export const moneySchema = z.number().min(0).max(1_000_000_000);

/** Optional text bounded by `max`: absent, null or a string. */
export function optionalText(max: number) {
  return z.string().max(max).nullish();
}

/** True when a string holds something other than whitespace. */
export function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Adds https:// to a web address typed without a scheme ('example.com' → 'https://example.com'); blank stays ''. */
export function normalizeUrl(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}

/** The first message per field of a failed parse, keyed by the dotted path ('' for the root), for showing under form inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}

/** The message a form shows when it can show only one: the first issue in field order. */
export function firstErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** An entity shape without its document id, as written to Firestore. */
export type WithoutId<T> = Omit<T, 'id'>;

/**
 * What ids carry instead of an address: the hex SHA-256 of the normalized
 * address, computed on the server by `emailHash` (src/data/server/shared/email-hash.ts).
 */
export const EMAIL_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The toast of a form submitted with field errors (each field says its own). */
export const FIX_FORM_ERRORS_MESSAGE = 'Please fix the form errors before saving.';

/**
 * The one form every email address takes before it is compared, hashed or
 * stored: trimmed and lower-cased. (Mail providers differ on case in the local
 * part; treating it as one address is what readers expect.)
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
