import { describe, expect, it } from 'vitest';
import {
  bytesRefusal,
  clientCheck,
  isUploadKind,
  looksLikeSvg,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  refusalToast,
  sniffImageType,
  UPLOAD_STATUS,
  uploadMessages,
  uploadRefusal,
  variantWidths,
  withinPixelLimit,
} from '../../../../src/domain/media/image-upload';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

describe('sniffImageType: the first bytes decide, never the name or declared type', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['avif', bytes(u32(28), 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf')],
    ['avif', bytes(u32(24), 'ftypmif1', [0, 0, 0, 0], 'mif1avif')],
  ])('recognises %s', (type, head) => expect(sniffImageType(head)).toBe(type));

  it.each([
    ['a text file renamed .png', bytes('These are my notes')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a PDF', bytes('%PDF-1.7')],
    ['HEIC (not decodable everywhere)', bytes(u32(24), 'ftypheic', [0, 0, 0, 0], 'mif1heic')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a PNG signature cut short', bytes([0x89], 'PNG', [0x0d])],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_what, head) => expect(sniffImageType(head)).toBeNull());

  it('spots SVG documents (with or without an XML prolog or BOM) to name them in the refusal', () => {
    expect(looksLikeSvg(bytes('<svg><script>alert(1)</script></svg>'))).toBe(true);
    expect(looksLikeSvg(bytes([0xef, 0xbb, 0xbf], '  <?xml version="1.0"?>\n<svg/>'))).toBe(true);
    expect(looksLikeSvg(bytes('<?xml version="1.0"?><note/>'))).toBe(false);
    expect(looksLikeSvg(bytes('plain text'))).toBe(false);
  });
});

describe('bytesRefusal: size and type before any decoding', () => {
  const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]);
  it('accepts an image up to the limit', () => {
    expect(MAX_UPLOAD_BYTES).toBe(500 * 1024);
    expect(bytesRefusal(png, MAX_UPLOAD_BYTES)).toBeNull();
  });
  it('refuses an empty body, one over 500 KB, a non-image and an SVG, each with its own reason', () => {
    expect(bytesRefusal(new Uint8Array(), 0)).toBe('empty');
    expect(bytesRefusal(png, MAX_UPLOAD_BYTES + 1)).toBe('tooLarge');
    expect(bytesRefusal(bytes('hello'), 5)).toBe('notAnImage');
    expect(bytesRefusal(bytes('<svg/>'), 6)).toBe('svg');
  });
});

describe('limits', () => {
  it('allows up to 4096 × 4096 pixels and refuses a 20000 × 20000 canvas', () => {
    expect(withinPixelLimit(4096, 4096)).toBe(true);
    expect(withinPixelLimit(4097, 4096)).toBe(false);
    expect(withinPixelLimit(20000, 20000)).toBe(false);
    expect(withinPixelLimit(0, 10)).toBe(false);
    expect(MAX_INPUT_PIXELS).toBe(4096 * 4096);
  });

  it('encodes every width below the source plus the first at or above it, never more', () => {
    expect(variantWidths(2000)).toEqual([160, 320, 640]);
    expect(variantWidths(640)).toEqual([160, 320, 640]);
    expect(variantWidths(500)).toEqual([160, 320, 640]);
    expect(variantWidths(320)).toEqual([160, 320]);
    expect(variantWidths(200)).toEqual([160, 320]);
    expect(variantWidths(100)).toEqual([160]);
  });
});

describe('uploadRefusal: who may upload for whom', () => {
  const approved = { approval_status: 'approved', is_active: true };
  const member = { uid: 'm1', admin: false, emailVerified: true };
  it('lets a verified, approved, active member upload for themselves', () => {
    expect(uploadRefusal(member, approved, 'm1', approved)).toBeNull();
  });
  it('refuses a pending, denied, inactive, unverified or profile-less member', () => {
    expect(uploadRefusal(member, { ...approved, approval_status: 'pending' }, 'm1', null)).toBe('notAMember');
    expect(uploadRefusal(member, { ...approved, approval_status: 'denied' }, 'm1', null)).toBe('notAMember');
    expect(uploadRefusal(member, { ...approved, is_active: false }, 'm1', null)).toBe('notAMember');
    expect(uploadRefusal({ ...member, emailVerified: false }, approved, 'm1', approved)).toBe('notAMember');
    expect(uploadRefusal(member, null, 'm1', null)).toBe('notAMember');
  });
  it('refuses a member uploading for someone else', () => {
    expect(uploadRefusal(member, approved, 'm2', approved)).toBe('notYours');
  });
  it('lets an admin upload for any existing member, not for a missing one', () => {
    const admin = { uid: 'a1', admin: true, emailVerified: true };
    expect(uploadRefusal(admin, null, 'm2', { approval_status: 'pending', is_active: true })).toBeNull();
    expect(uploadRefusal(admin, null, 'ghost', null)).toBe('noSuchMember');
  });
});

describe('messages and toasts', () => {
  const m = uploadMessages('profile-images');
  it('uses the spec’s words for the three checks it names', () => {
    expect(m.signIn).toBe('Please log in to upload profile images.');
    expect(m.notAnImage).toBe('Please upload an image file.');
    expect(m.tooLarge).toBe('Profile image must be less than 500KB.');
    expect(m.failed).toBe('Failed to upload image. Please try again.');
  });
  it('gives each refusal a status', () => {
    expect(Object.keys(UPLOAD_STATUS).sort()).toEqual(Object.keys(m).sort());
    expect([
      UPLOAD_STATUS.signIn,
      UPLOAD_STATUS.tooLarge,
      UPLOAD_STATUS.notAnImage,
      UPLOAD_STATUS.failed,
    ]).toEqual([401, 413, 415, 500]);
  });
  it('knows the kinds', () => {
    expect(isUploadKind('profile-images')).toBe(true);
    expect(isUploadKind('ad-images')).toBe(true);
    expect(uploadMessages('ad-images').tooLarge).toBe('Ad photo must be less than 500KB.');
    expect(isUploadKind('covers')).toBe(false);
    expect(isUploadKind(undefined)).toBe(false);
  });

  const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]);
  it('checks in the browser first: signed in, then size, then the first bytes', () => {
    expect(clientCheck('profile-images', { size: 10, head: png }, false)).toEqual({
      title: 'Authentication required',
      description: 'Please log in to upload profile images.',
    });
    expect(clientCheck('profile-images', { size: MAX_UPLOAD_BYTES + 1, head: png }, true)).toEqual({
      title: 'File too large',
      description: 'Profile image must be less than 500KB.',
    });
    expect(clientCheck('profile-images', { size: 10, head: bytes('<svg/>') }, true)).toEqual({
      title: 'Invalid file type',
      description: 'Please upload an image file.',
    });
    expect(clientCheck('profile-images', { size: 0, head: new Uint8Array() }, true)?.title).toBe(
      'Invalid file type',
    );
    expect(clientCheck('profile-images', { size: 10, head: png }, true)).toBeNull();
  });

  it('shows the server’s reason under the spec’s title, or the spec’s generic failure', () => {
    expect(refusalToast('profile-images', 401, 'Your session has expired. Please log in again.')).toEqual({
      title: 'Authentication required',
      description: 'Your session has expired. Please log in again.',
    });
    expect(refusalToast('profile-images', 413, null)).toEqual({
      title: 'File too large',
      description: 'Profile image must be less than 500KB.',
    });
    expect(refusalToast('profile-images', 415, m.svg)).toEqual({
      title: 'Invalid file type',
      description: m.svg,
    });
    expect(refusalToast('profile-images', 422, m.damaged)).toEqual({
      title: 'Upload failed',
      description: m.damaged,
    });
    expect(refusalToast('profile-images', 500, 'stack trace')).toEqual({
      title: 'Upload failed',
      description: 'Failed to upload image. Please try again.',
    });
    expect(refusalToast('profile-images', 403, null)).toEqual({
      title: 'Upload failed',
      description: 'Failed to upload image. Please try again.',
    });
  });
});
