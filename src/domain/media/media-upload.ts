/**
 * The record of every uploaded image and the member's upload allowance. Each
 * upload the endpoint accepts gets a record `media_uploads/{uploadId}` before a
 * byte is decoded, and counts against its owner's `media_usage/{uid}`:
 * - a rate: at most UPLOADS_PER_HOUR uploads in any hour;
 * - a quota: at most STORAGE_QUOTA_BYTES of stored images.
 * An upload that nothing references ORPHAN_AGE_MS after it was made is removed
 * by the scheduled clean-up (functions/src/media/orphan-uploads.ts), which frees its
 * bytes; a referenced one is "settled" and from then on is removed (and freed)
 * by the save that replaces or deletes the item showing it, or by the account's
 * deletion. No I/O here: src/data/server/media/media-uploads.ts keeps the records.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';
import { IMAGE_WIDTHS, parseUploadUrl, UPLOAD_KINDS } from './media-image.ts';
import { decideAttempt, type ThrottleLimit } from '../shared/throttle.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Uploads one member may make in any hour (every kind together). */
export const UPLOADS_PER_HOUR = 30;

/** Bytes of stored images one member may hold: 50 MB. */
export const STORAGE_QUOTA_MB = 50;
/** STORAGE_QUOTA_MB in bytes. */
export const STORAGE_QUOTA_BYTES = STORAGE_QUOTA_MB * 1024 * 1024;

/** The upload rate in the form src/domain/shared/throttle.ts decides. */
export const UPLOAD_LIMITS: readonly ThrottleLimit[] = [{ max: UPLOADS_PER_HOUR, windowMs: HOUR_MS }];

/** How long an upload may stay unreferenced before the clean-up removes it (the time to fill in and save a form). */
export const ORPHAN_AGE_MS = 24 * HOUR_MS;

/** Where an upload is: reserved before decoding, or stored with its URL. */
export const MEDIA_UPLOAD_STATUSES = ['pending', 'stored'] as const;

/** An upload's record, document `media_uploads/{uploadId}` (server-only: firestore.rules deny every client). */
export const mediaUploadSchema = z
  .object({
    /** Whose media folder holds the files, and whose quota they use. */
    owner_uid: idSchema,
    /** Who sent it: the owner, or an admin uploading for them. */
    uploaded_by: idSchema,
    /** What the upload is for. */
    kind: z.enum(UPLOAD_KINDS),
    /** The media-store folder `{uid}/{kind}/{uploadId}` holding every width. */
    folder: z.string().min(1),
    /** The widest file's URL (what a document stores); null while pending. */
    url: z.string().nullable(),
    /** Bytes counted against the quota: the body's size while pending, the stored files' once stored. */
    bytes: z.number().int().nonnegative(),
    /** pending: reserved, not stored yet (or the upload failed midway); stored: the files are in the store. */
    status: z.enum(MEDIA_UPLOAD_STATUSES),
    /** When the upload was reserved. */
    created_at: timestampSchema,
    /** When the clean-up checks whether anything references it; absent once it found a reference. */
    check_after: timestampSchema.optional(),
  })
  .describe('media_uploads');
/** An upload's record. */
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/** A member's allowance in use, document `media_usage/{uid}` (server-only). */
export interface MediaUsage {
  /** Bytes of every upload on record (pending ones at their body's size). */
  bytes: number;
  /** Times (ms) of the uploads of the last hour. */
  attempts: number[];
}

/** Why an upload is refused before it is decoded. */
export type UploadQuotaRefusal = 'tooManyUploads' | 'overQuota';

/** What reserving an upload comes to: the usage to store, or the refusal. */
export type UploadQuotaDecision =
  { allowed: true; usage: MediaUsage } | { allowed: false; refusal: UploadQuotaRefusal };

/**
 * Decides an upload of `bytes` at `now` against the member's usage: refused
 * when UPLOADS_PER_HOUR were made in the last hour, or when it would take the
 * stored bytes over STORAGE_QUOTA_BYTES; otherwise the usage with it counted.
 */
export function decideUpload(usage: MediaUsage, bytes: number, now: number): UploadQuotaDecision {
  const rate = decideAttempt(usage.attempts, now, UPLOAD_LIMITS);
  if (!rate.allowed) return { allowed: false, refusal: 'tooManyUploads' };
  if (usage.bytes + bytes > STORAGE_QUOTA_BYTES) return { allowed: false, refusal: 'overQuota' };
  return { allowed: true, usage: { bytes: usage.bytes + bytes, attempts: rate.attempts } };
}

/** The messages a person reads when the allowance is used up (answered with HTTP 429). */
export const UPLOAD_QUOTA_MESSAGES: Readonly<Record<UploadQuotaRefusal, string>> = {
  tooManyUploads: 'You have uploaded too many images in the last hour. Please try again later.',
  overQuota: `You have used your ${STORAGE_QUOTA_MB} MB of image storage. Remove unused images and try again.`,
};

/**
 * Every document field that can hold an uploaded image's URL, by collection.
 * The clean-up looks an upload up in each (one equality query per field); a
 * field added to a schema that can hold an upload must be added here, or its
 * images are removed a day after upload.
 */
export const MEDIA_REFERENCE_FIELDS: readonly { collection: string; field: string }[] = [
  { collection: 'profiles', field: 'profile_image' },
  { collection: 'books', field: 'cover_image' },
  { collection: 'products_services', field: 'image_url' },
  { collection: 'classified_ads', field: 'image_url' },
  { collection: 'advertisement_banners', field: 'image_url' },
  { collection: 'site_settings', field: 'logo_url' },
  { collection: 'blog_posts', field: 'featured_image' },
];

/**
 * Image sections of a book (`sections[].content` with type 'image') can also
 * name an upload; they sit in a list, which no query can look into, so the
 * clean-up reads the owner's books for them.
 */
export const BOOK_SECTION_IMAGE_TYPE = 'image';

/** Every URL a document could store for the upload whose widest file is `url`: one per width. */
export function uploadUrlVariants(url: string): string[] {
  const parts = parseUploadUrl(url);
  if (!parts) return [url];
  return IMAGE_WIDTHS.map(
    (width) => `${parts.base}/${parts.uid}/${parts.kind}/${parts.uploadId}/w${width}.webp`,
  );
}

/** True when a book's sections show one of `urls` as an image. */
export function sectionsShowAny(sections: unknown, urls: readonly string[]): boolean {
  if (!Array.isArray(sections)) return false;
  return sections.some((section) => {
    const { type, content } = (section ?? {}) as { type?: unknown; content?: unknown };
    return type === BOOK_SECTION_IMAGE_TYPE && typeof content === 'string' && urls.includes(content.trim());
  });
}

/** The upload id (the last segment) of a media folder `{uid}/{kind}/{uploadId}`, or null for any other folder. */
export function uploadIdOfFolder(folder: string): string | null {
  const parts = folder.split('/');
  return parts.length === 3 && /^[A-Za-z0-9_-]+$/.test(parts[2]!) ? parts[2]! : null;
}
