// The upload endpoint's allowance against the Firestore emulator: a member's
// uploads an hour and stored bytes are limited (src/domain/media/media-upload.ts),
// the limits hold under a burst of concurrent uploads, a refusal answers 429
// with a message the upload field shows, and the record of each upload counts
// exactly the bytes stored. Auth is faked as in tests/unit/pages/api/uploads-endpoint.test.ts.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_QUOTA_BYTES,
  UPLOAD_QUOTA_MESSAGES,
  UPLOADS_PER_HOUR,
} from '../../../src/domain/media/media-upload';
import { refusalToast } from '../../../src/domain/media/image-upload';
import { jpegWithGps, truncatedPng } from '../../e2e/helpers/images';
import { adminDb, clearFirestore } from '../helpers/emulator';

const MEMBER = 'quota-member';

vi.mock('../../../src/data/server/accounts/auth.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/data/server/accounts/auth.ts')>();
  return {
    bearerToken: original.bearerToken,
    verifyCaller: async (token: string) =>
      token === 'member-token' ? { uid: MEMBER, admin: false, emailVerified: true } : null,
    memberStanding: async () => ({ approval_status: 'approved', is_active: true }),
  };
});

const { POST } = await import('../../../src/pages/api/uploads/[kind].ts');
const db = adminDb();
let root = '';
let image: Buffer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'upload-quota-'));
  vi.stubEnv('MEDIA_DIR', root);
  vi.stubEnv('MEDIA_STORE', '');
  image = await jpegWithGps(200, 100);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await clearFirestore();
  await rm(join(root, MEMBER), { recursive: true, force: true });
});

async function upload(
  body: Buffer = image,
): Promise<{ status: number; body: { error?: string; url?: string } }> {
  const url = new URL('http://localhost/api/uploads/profile-images');
  const request = new Request(url, {
    method: 'POST',
    headers: { Authorization: 'Bearer member-token', 'Content-Type': 'application/octet-stream' },
    body: new Uint8Array(body),
  });
  const response = (await POST({
    params: { kind: 'profile-images' },
    request,
    url,
  } as unknown as APIContext)) as Response;
  return { status: response.status, body: (await response.json()) as { error?: string; url?: string } };
}

/** The upload folders stored for the member. */
const storedUploads = async () => readdir(join(root, MEMBER, 'profile-images')).catch(() => []);
const usage = async () =>
  (await db.doc(`media_usage/${MEMBER}`).get()).data() as { bytes: number; attempts: number[] } | undefined;

describe('upload allowance', () => {
  it(`refuses the ${UPLOADS_PER_HOUR + 1}st upload in an hour with 429 and a message the upload field shows`, async () => {
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused).toEqual({ status: 429, body: { error: UPLOAD_QUOTA_MESSAGES.tooManyUploads } });
    expect(refusalToast('profile-images', refused.status, refused.body.error ?? null)).toEqual({
      title: 'Upload failed',
      description: 'You have uploaded too many images in the last hour. Please try again later.',
    });
    expect(await storedUploads()).toHaveLength(UPLOADS_PER_HOUR);
  });

  it('holds the hourly limit under a burst of concurrent uploads', async () => {
    const burst = UPLOADS_PER_HOUR + 10;
    const started = performance.now();
    const statuses = (await Promise.all(Array.from({ length: burst }, () => upload()))).map(
      (answer) => answer.status,
    );
    const elapsed = performance.now() - started;
    console.log(
      `upload burst: ${burst} concurrent uploads in ${Math.round(elapsed)} ms -> ${statuses.filter((s) => s === 201).length} stored, ${statuses.filter((s) => s === 429).length} refused with 429`,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(UPLOADS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await storedUploads()).toHaveLength(UPLOADS_PER_HOUR);
    expect((await usage())?.attempts).toHaveLength(UPLOADS_PER_HOUR);
  });

  it('refuses an upload that would go over the storage quota with 429, storing nothing', async () => {
    await db.doc(`media_usage/${MEMBER}`).set({ bytes: STORAGE_QUOTA_BYTES - 1000, attempts: [] });
    const refused = await upload();
    expect(refused).toEqual({
      status: 429,
      body: { error: 'You have used your 50 MB of image storage. Remove unused images and try again.' },
    });
    expect(await storedUploads()).toHaveLength(0);
    expect((await usage())?.bytes).toBe(STORAGE_QUOTA_BYTES - 1000);
  });

  it('records each upload with its owner, folder, URL and stored size, and counts exactly those bytes', async () => {
    const first = await upload();
    const second = await upload();
    expect([first.status, second.status]).toEqual([201, 201]);
    const records = (await db.collection('media_uploads').get()).docs.map(
      (doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown>,
    );
    expect(records).toHaveLength(2);
    let total = 0;
    for (const record of records) {
      expect(record).toMatchObject({
        owner_uid: MEMBER,
        uploaded_by: MEMBER,
        kind: 'profile-images',
        folder: `${MEMBER}/profile-images/${record.id}`,
        status: 'stored',
      });
      expect([first.body.url, second.body.url]).toContain(record.url);
      const files = await readdir(join(root, MEMBER, 'profile-images', String(record.id)));
      const bytes = (
        await Promise.all(
          files.map((file) => stat(join(root, MEMBER, 'profile-images', String(record.id), file))),
        )
      ).reduce((sum, s) => sum + s.size, 0);
      expect(record.bytes).toBe(bytes);
      total += bytes;
    }
    expect((await usage())?.bytes).toBe(total);
  });

  it('gives the bytes of a refused image back and keeps no record of it', async () => {
    const refused = await upload(await truncatedPng());
    expect(refused.status).toBe(422);
    expect((await db.collection('media_uploads').get()).empty).toBe(true);
    expect((await usage())?.bytes).toBe(0);
  });
});
