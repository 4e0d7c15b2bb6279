import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  parseUploadUrl,
  srcsetOf,
  uploadFolderOf,
  uploadPath,
} from '../../../../src/domain/media/media-image';

describe('the uploaded-image layout', () => {
  it('puts each width of an upload in the upload’s own folder under the member', () => {
    expect(uploadPath('uid-1', 'profile-images', 'abc_DEF-9', 320)).toBe(
      'uid-1/profile-images/abc_DEF-9/w320.webp',
    );
  });

  it('reads the parts back from the local store’s URL and from the bucket’s URL', () => {
    expect(parseUploadUrl('/media/uid-1/profile-images/abc/w640.webp')).toEqual({
      base: '/media',
      uid: 'uid-1',
      kind: 'profile-images',
      uploadId: 'abc',
      width: 640,
    });
    expect(
      parseUploadUrl(
        'https://storage.googleapis.com/shelfmark.appspot.com/uid-1/profile-images/abc/w320.webp',
      ),
    ).toEqual({
      base: 'https://storage.googleapis.com/shelfmark.appspot.com',
      uid: 'uid-1',
      kind: 'profile-images',
      uploadId: 'abc',
      width: 320,
    });
  });

  it('treats anything else as not an upload', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/media/profiles/seed-avatar.webp',
      'https://example.com/uid/profile-images/abc/w640.webp',
      '/media/uid/profile-images/abc/w640.png',
      '/media/../x/profile-images/abc/w640.webp',
    ]) {
      expect(parseUploadUrl(url), String(url)).toBeNull();
      expect(uploadFolderOf(url), String(url)).toBeNull();
      expect(srcsetOf(url), String(url)).toBeUndefined();
    }
  });

  it('names the folder to remove when the picture is replaced', () => {
    expect(uploadFolderOf('/media/uid-1/profile-images/abc/w640.webp')).toBe('uid-1/profile-images/abc');
    expect(uploadFolderOf('https://storage.googleapis.com/b/uid-1/profile-images/abc/w640.webp')).toBe(
      'uid-1/profile-images/abc',
    );
  });

  it('names no folder when the upload belongs to someone other than the given owner', () => {
    expect(uploadFolderOf('/media/uid-1/profile-images/abc/w640.webp', 'uid-1')).toBe(
      'uid-1/profile-images/abc',
    );
    expect(uploadFolderOf('/media/uid-2/profile-images/abc/w640.webp', 'uid-1')).toBeNull();
  });

  it('lists every width up to the stored one in the srcset, on the same host', () => {
    expect(IMAGE_WIDTHS).toEqual([160, 320, 640]);
    expect(srcsetOf('/media/u/profile-images/x/w640.webp')).toBe(
      '/media/u/profile-images/x/w160.webp 160w, /media/u/profile-images/x/w320.webp 320w, /media/u/profile-images/x/w640.webp 640w',
    );
    expect(srcsetOf('/media/u/profile-images/x/w160.webp')).toBe('/media/u/profile-images/x/w160.webp 160w');
    expect(srcsetOf('https://storage.googleapis.com/b/u/profile-images/x/w320.webp')).toBe(
      'https://storage.googleapis.com/b/u/profile-images/x/w160.webp 160w, https://storage.googleapis.com/b/u/profile-images/x/w320.webp 320w',
    );
  });
});
