import { describe, expect, it } from 'vitest';
import {
  decideUpload,
  sectionsShowAny,
  STORAGE_QUOTA_BYTES,
  UPLOAD_QUOTA_MESSAGES,
  uploadIdOfFolder,
  UPLOADS_PER_HOUR,
  uploadUrlVariants,
} from '../../../../src/domain/media/media-upload';
import { UPLOAD_STATUS, uploadMessages } from '../../../../src/domain/media/image-upload';

const HOUR = 60 * 60 * 1000;

describe('the upload allowance', () => {
  it('is 30 uploads an hour and 50 MB stored per member', () => {
    expect(UPLOADS_PER_HOUR).toBe(30);
    expect(STORAGE_QUOTA_BYTES).toBe(50 * 1024 * 1024);
  });

  it('allows uploads until the hour holds 30, then again once the oldest is an hour old', () => {
    const now = 10 * HOUR;
    const full = Array.from({ length: UPLOADS_PER_HOUR }, (_, i) => now - HOUR + 1 + i);
    expect(decideUpload({ bytes: 0, attempts: full.slice(1) }, 100, now)).toEqual({
      allowed: true,
      usage: { bytes: 100, attempts: [...full.slice(1), now] },
    });
    expect(decideUpload({ bytes: 0, attempts: full }, 100, now)).toEqual({
      allowed: false,
      refusal: 'tooManyUploads',
    });
    expect(decideUpload({ bytes: 0, attempts: full }, 100, full[0]! + HOUR).allowed).toBe(true);
  });

  it('refuses an upload that would take the stored bytes over the quota', () => {
    expect(decideUpload({ bytes: STORAGE_QUOTA_BYTES - 100, attempts: [] }, 100, 0).allowed).toBe(true);
    expect(decideUpload({ bytes: STORAGE_QUOTA_BYTES - 100, attempts: [] }, 101, 0)).toEqual({
      allowed: false,
      refusal: 'overQuota',
    });
  });

  it('answers 429 with plain messages the upload field shows', () => {
    expect(UPLOAD_STATUS.tooManyUploads).toBe(429);
    expect(UPLOAD_STATUS.overQuota).toBe(429);
    expect(uploadMessages('book-covers').tooManyUploads).toBe(
      'You have uploaded too many images in the last hour. Please try again later.',
    );
    expect(uploadMessages('ad-images').overQuota).toBe(UPLOAD_QUOTA_MESSAGES.overQuota);
    expect(UPLOAD_QUOTA_MESSAGES.overQuota).toBe(
      'You have used your 50 MB of image storage. Remove unused images and try again.',
    );
  });
});

describe('finding references to an upload', () => {
  const url = '/media/u1/book-covers/abc123/w640.webp';

  it('knows every width a document could name', () => {
    expect(uploadUrlVariants(url)).toEqual([
      '/media/u1/book-covers/abc123/w160.webp',
      '/media/u1/book-covers/abc123/w320.webp',
      url,
    ]);
    expect(uploadUrlVariants('https://storage.googleapis.com/bucket/u1/ad-images/x/w320.webp')).toContain(
      'https://storage.googleapis.com/bucket/u1/ad-images/x/w160.webp',
    );
  });

  it('finds it in a book’s image sections only', () => {
    const urls = uploadUrlVariants(url);
    expect(sectionsShowAny([{ type: 'image', content: url }], urls)).toBe(true);
    expect(
      sectionsShowAny(
        [
          { type: 'text', content: url },
          { type: 'url', content: url },
        ],
        urls,
      ),
    ).toBe(false);
    expect(sectionsShowAny(undefined, urls)).toBe(false);
    expect(sectionsShowAny([null, 'x'], urls)).toBe(false);
  });

  it('reads the upload id from an upload folder only', () => {
    expect(uploadIdOfFolder('u1/book-covers/abc123')).toBe('abc123');
    expect(uploadIdOfFolder('u1')).toBeNull();
    expect(uploadIdOfFolder('u1/book-covers/abc/w640.webp')).toBeNull();
  });
});
