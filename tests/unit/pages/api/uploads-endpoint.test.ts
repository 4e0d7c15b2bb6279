// The upload endpoint with Auth, Firestore and the upload allowance replaced by fakes: the order of its
// checks, its answers, and that a refusal stores nothing. The e2e spec
// (tests/e2e/media/uploads.spec.ts) runs the same cases against the real build and emulators.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BAD_IMAGES, jpegWithGps } from '../../../e2e/helpers/images';

const members: Record<string, { approval_status: string; is_active: boolean }> = {
  approved: { approval_status: 'approved', is_active: true },
  pending: { approval_status: 'pending', is_active: true },
  other: { approval_status: 'approved', is_active: true },
};
const tokens: Record<string, { uid: string; admin: boolean; emailVerified: boolean }> = {
  'token-approved': { uid: 'approved', admin: false, emailVerified: true },
  'token-pending': { uid: 'pending', admin: false, emailVerified: true },
  'token-admin': { uid: 'admin', admin: true, emailVerified: true },
  'token-unreachable': { uid: 'unreachable', admin: false, emailVerified: true },
};

vi.mock('../../../../src/data/server/accounts/auth.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/data/server/accounts/auth.ts')>();
  return {
    bearerToken: original.bearerToken,
    verifyCaller: async (token: string) => tokens[token] ?? null,
    memberStanding: async (uid: string) => {
      if (uid === 'unreachable') throw new Error('Firestore is unreachable');
      return members[uid] ?? null;
    },
  };
});

// The allowance is kept in Firestore; tests/functions/media/upload-quota.test.ts runs it on the emulator.
vi.mock('../../../../src/data/server/media/media-uploads.ts', () => ({
  reserveUpload: async () => 'reserved',
  confirmUpload: async () => undefined,
  releaseUpload: async () => undefined,
  oneUploadAtATime: <T>(_owner: string, work: () => Promise<T>) => work(),
}));
vi.mock('../../../../src/data/server/shared/firestore.ts', () => ({ getDb: () => ({}) }));

const { POST, prerender } = await import('../../../../src/pages/api/uploads/[kind].ts');

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'upload-endpoint-'));
  vi.stubEnv('MEDIA_DIR', root);
  vi.stubEnv('MEDIA_STORE', '');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

async function upload(
  body: Buffer | null,
  { kind = 'profile-images', token = 'token-approved' as string | null, userId = '' } = {},
) {
  const url = new URL(`http://localhost/api/uploads/${kind}${userId ? `?userId=${userId}` : ''}`);
  const headers = new Headers({ 'Content-Type': 'application/octet-stream' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const request = new Request(url, { method: 'POST', headers, body: body ? new Uint8Array(body) : null });
  const response = (await POST({ params: { kind }, request, url } as unknown as APIContext)) as Response;
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const stored = async () => readdir(root, { recursive: true }).catch(() => []);

describe('POST /api/uploads/[kind]', () => {
  it('is rendered on demand', () => expect(prerender).toBe(false));

  it.each([
    ['no token', null, {}, 401, 'Please log in to upload profile images.'],
    ['a wrong token', 'forged', {}, 401, 'Your session has expired. Please log in again.'],
    [
      'a pending member',
      'token-pending',
      {},
      403,
      'Only approved, active members with a verified email can upload images.',
    ],
    [
      'another member’s userId without admin',
      'token-approved',
      { userId: 'other' },
      403,
      'You can only upload images for your own account.',
    ],
    ['an admin naming nobody', 'token-admin', { userId: 'ghost' }, 404, 'That member does not exist.'],
    ['a userId that is not an id', 'token-admin', { userId: '..%2Fx' }, 400, 'That member id is not valid.'],
  ])('refuses %s', async (_what, token, options, status, error) => {
    const before = await stored();
    const answer = await upload(await jpegWithGps(200, 100), { token, ...options });
    expect(answer).toMatchObject({ status, body: { error } });
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await stored()).toEqual(before);
  });

  it.each(BAD_IMAGES)('refuses $what and stores nothing', async ({ body, status, error }) => {
    const before = await stored();
    expect(await upload(await body())).toMatchObject({ status, body: { error } });
    expect(await stored()).toEqual(before);
  });

  it('answers the spec’s generic failure as JSON when a service it needs fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await upload(await jpegWithGps(200, 100), { token: 'token-unreachable' })).toMatchObject({
      status: 500,
      body: { error: 'Failed to upload image. Please try again.' },
    });
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('answers 404 for an unknown kind', async () => {
    expect(await upload(await jpegWithGps(200, 100), { kind: 'passwords' })).toMatchObject({
      status: 404,
      body: { error: 'Unknown upload kind.' },
    });
  });

  it('stores a member’s picture as WebP widths without EXIF and answers its URL, srcset and size', async () => {
    const answer = await upload(await jpegWithGps(900, 600));
    expect(answer.status).toBe(201);
    const url = String(answer.body.url);
    expect(url).toMatch(/^\/media\/approved\/profile-images\/[A-Za-z0-9_-]{16}\/w640\.webp$/);
    expect(answer.body).toMatchObject({
      width: 640,
      height: 427,
      srcset: expect.stringContaining('w160.webp 160w'),
    });
    const file = join(root, ...url.replace('/media/', '').split('/'));
    expect((await sharp(file).metadata()).exif).toBeUndefined();
  });

  it('lets an admin store a picture for another member, in that member’s folder', async () => {
    const answer = await upload(await jpegWithGps(300, 300), { token: 'token-admin', userId: 'pending' });
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(/^\/media\/pending\/profile-images\/[^/]+\/w320\.webp$/);
  });

  it.each(['site-logos', 'banner-images'])('refuses %s to every non-admin, storing nothing', async (kind) => {
    const before = await stored();
    const image = await jpegWithGps(200, 100);
    const many = kind === 'site-logos' ? 'logos' : 'banner images';
    expect(await upload(image, { kind, token: null })).toMatchObject({
      status: 401,
      body: { error: `Please log in to upload ${many}.` },
    });
    for (const token of ['token-approved', 'token-pending']) {
      expect(await upload(image, { kind, token })).toMatchObject({
        status: 403,
        body: { error: `Only administrators can upload ${many}.` },
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('stores an admin’s logo under the admin’s own folder, whatever userId says', async () => {
    const answer = await upload(await jpegWithGps(200, 100), {
      kind: 'site-logos',
      token: 'token-admin',
      userId: 'approved',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(/^\/media\/admin\/site-logos\/[A-Za-z0-9_-]{16}\/w\d+\.webp$/);
  });
});
