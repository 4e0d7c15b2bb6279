// The image upload endpoint against the production build and the emulators:
// every bad input a person (or someone probing) might send gets a clear refusal
// and stores nothing; a good photo comes back as WebP widths without its EXIF,
// served with a one-year immutable cache and the security headers. Uploads write
// only media files (no profile changes), so the seeded demo accounts are safe to use.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import sharp from 'sharp';
import { demoAccount } from '../../../scripts/seed/accounts';
import { localMediaRoot } from '../../../src/data/server/media/media-store';
import { FILE_CSP, SECURITY_HEADERS } from '../../../src/security/policy';
import { expect, test } from '../helpers/fixtures';
import { idTokenFor } from '../helpers/id-tokens';
import { BAD_IMAGES, jpegWithGps } from '../helpers/images';

const ENDPOINT = '/api/uploads/profile-images';

async function tokenOf(uid: string): Promise<string> {
  const account = demoAccount(uid);
  return idTokenFor(account.email, account.password);
}

/** Posts `body` as the raw request body, as the browser's upload module does. */
function post(
  request: APIRequestContext,
  body: Buffer,
  {
    token,
    userId,
    contentType = 'application/octet-stream',
  }: { token?: string; userId?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (token) headers.Authorization = `Bearer ${token}`;
  return request.post(userId ? `${ENDPOINT}?userId=${userId}` : ENDPOINT, { headers, data: body });
}

/** Every file the media store holds for a member's uploads (the e2e server's MEDIA_DIR). */
async function storedFor(uid: string): Promise<string[]> {
  return (await readdir(join(localMediaRoot(), uid), { recursive: true }).catch(() => [])).sort();
}

function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(headers[name.toLowerCase()], `${name} on ${what}`).toBe(value);
  expect(headers['content-security-policy'], `CSP on ${what}`).toBe(FILE_CSP);
}

test.describe('bad uploads are refused with a clear message and store nothing', () => {
  const cases: {
    what: string;
    as: string | null;
    token?: string;
    userId?: string;
    contentType?: string;
    body: () => Promise<Buffer> | Buffer;
    status: number;
    error: string;
  }[] = [
    ...BAD_IMAGES.map((image) => ({ ...image, as: 'demo-reader' })),
    {
      what: 'no sign-in',
      as: null,
      body: () => jpegWithGps(200, 100),
      status: 401,
      error: 'Please log in to upload profile images.',
    },
    {
      what: 'a wrong token',
      as: null,
      token: 'not-a-real-token',
      body: () => jpegWithGps(200, 100),
      status: 401,
      error: 'Your session has expired. Please log in again.',
    },
    {
      what: 'a member awaiting approval',
      as: 'demo-pending',
      body: () => jpegWithGps(200, 100),
      status: 403,
      error: 'Only approved, active members with a verified email can upload images.',
    },
    {
      what: 'another member’s userId without admin',
      as: 'demo-reader',
      // Not demo-author: this file's successful upload writes into demo-author's
      // folder, possibly while this runs; no test uploads for demo-pending.
      userId: 'demo-pending',
      body: () => jpegWithGps(200, 100),
      status: 403,
      error: 'You can only upload images for your own account.',
    },
  ];

  for (const c of cases) {
    test(`${c.what}: ${c.status}`, async ({ request }) => {
      const target = c.userId ?? c.as ?? 'demo-reader';
      const before = await storedFor(target);
      const token = c.token ?? (c.as ? await tokenOf(c.as) : undefined);
      const response = await post(request, await c.body(), {
        token,
        userId: c.userId,
        contentType: c.contentType,
      });
      expect(response.status()).toBe(c.status);
      expect(await response.json()).toEqual({ error: c.error });
      expect(response.headers()['cache-control']).toBe('private, no-store');
      expectSecurityHeaders(response, `the refusal of ${c.what}`);
      expect(await storedFor(target)).toEqual(before);
    });
  }

  test('an unknown kind of upload: 404', async ({ request }) => {
    const response = await request.post('/api/uploads/passwords', {
      headers: {
        'Content-Type': 'application/octet-stream',
        Authorization: `Bearer ${await tokenOf('demo-reader')}`,
      },
      data: await jpegWithGps(200, 100),
    });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown upload kind.' });
  });
});

test('a member uploads a photo: WebP widths without EXIF, served for a year as immutable, with the security headers', async ({
  request,
}) => {
  const response = await post(request, await jpegWithGps(900, 600), {
    token: await tokenOf('demo-author'),
    contentType: 'image/jpeg',
  });
  expect(response.status()).toBe(201);
  expectSecurityHeaders(response, 'the upload answer');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const answer = (await response.json()) as { url: string; srcset: string; width: number; height: number };
  expect(answer.url).toMatch(/^\/media\/demo-author\/profile-images\/[A-Za-z0-9_-]{16}\/w640\.webp$/);
  expect([answer.width, answer.height]).toEqual([640, 427]);

  const variants = answer.srcset.split(', ').map((entry) => entry.split(' ') as [string, string]);
  expect(variants.map(([, w]) => w)).toEqual(['160w', '320w', '640w']);
  for (const [url, descriptor] of variants) {
    const file = await request.get(url);
    expect(file.status(), url).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(file, url);
    const meta = await sharp(await file.body()).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(Number.parseInt(descriptor, 10));
    expect(meta.exif, `EXIF left in ${url}`).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  }
});

test('an admin uploads a picture for another member, into that member’s folder', async ({ request }) => {
  const response = await post(request, await jpegWithGps(300, 300), {
    token: await tokenOf('demo-admin'),
    userId: 'demo-publisher',
  });
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/media\/demo-publisher\/profile-images\/[A-Za-z0-9_-]{16}\/w320\.webp$/);
  expect((await request.get(url)).status()).toBe(200);
});
