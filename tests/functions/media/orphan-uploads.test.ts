// The scheduled clean-up of uploads (functions/src/media/orphan-uploads.ts), run directly
// on the Firestore emulator with a media store on disk: an upload that nothing
// references a day after it was made is removed with its files and its bytes are
// freed; a referenced one is kept and never checked again; a fresh one waits.
// Also: a replaced picture's removal frees its bytes.
// Each test has its own owner, and reads a sweep only for its own uploads: the
// triggers that earlier tests' books and profiles set off (a removed cover frees
// its upload) may still be running against the same emulator.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORPHAN_AGE_MS } from '../../../src/domain/media/media-upload';
import { uploadPath } from '../../../src/domain/media/media-image';
import { localMediaStore, type MediaStore } from '../../../src/data/server/media/media-store';
import { confirmUpload, reserveUpload } from '../../../src/data/server/media/media-uploads';
import { removeOrphanUploads, type OrphanSweep } from '../../../functions/src/media/orphan-uploads';
import { removeUploadFolder } from '../../../functions/src/media/media';
import { adminDb, clearFirestore, uniqueId } from '../helpers/emulator';
import { bookData } from '../helpers/factories';

const db = adminDb();
let OWNER = '';
const HOUR = 60 * 60 * 1000;
let root = '';
let store: MediaStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'orphan-uploads-'));
  store = localMediaStore(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await clearFirestore();
  OWNER = uniqueId('orphan-owner');
});

/** What a sweep did to the given uploads (ids), leaving out anything else it met. */
const sweepOf = (sweep: OrphanSweep, ...uploads: { id: string }[]): OrphanSweep => {
  const ids = new Set(uploads.map((upload) => upload.id));
  return { removed: sweep.removed.filter((id) => ids.has(id)), kept: sweep.kept.filter((id) => ids.has(id)) };
};

/** An upload stored the way the endpoint stores it (record, usage, two widths on disk), made at `at`. */
async function storedUpload(
  at: number,
  { pending = false } = {},
): Promise<{ id: string; url: string; folder: string }> {
  const id = uniqueId('up').replace(/[^A-Za-z0-9_-]/g, '');
  expect(
    await reserveUpload(db, {
      uploadId: id,
      ownerUid: OWNER,
      uploadedBy: OWNER,
      kind: 'book-covers',
      bytes: 1000,
      now: at,
    }),
  ).toBe('reserved');
  const url = await store
    .put(uploadPath(OWNER, 'book-covers', id, 160), Buffer.from('small'), 'image/webp')
    .then(() => store.put(uploadPath(OWNER, 'book-covers', id, 320), Buffer.from('larger'), 'image/webp'));
  if (!pending) await confirmUpload(db, id, { url, bytes: 11 });
  return { id, url, folder: join(root, OWNER, 'book-covers', id) };
}

const usedBytes = async () => (await db.doc(`media_usage/${OWNER}`).get()).get('bytes') as number;
const record = async (id: string) => db.doc(`media_uploads/${id}`).get();

describe('removeOrphanUploads', () => {
  it('removes an upload nothing references a day later, with its files, and frees its bytes', async () => {
    const made = Date.now() - ORPHAN_AGE_MS - HOUR;
    const orphan = await storedUpload(made);
    expect(await usedBytes()).toBe(11);
    const sweep = sweepOf(await removeOrphanUploads(db, store), orphan);
    expect(sweep).toEqual({ removed: [orphan.id], kept: [] });
    expect(existsSync(orphan.folder)).toBe(false);
    expect((await record(orphan.id)).exists).toBe(false);
    expect(await usedBytes()).toBe(0);
  });

  it('keeps a referenced upload, whichever field or width shows it, and never checks it again', async () => {
    const made = Date.now() - ORPHAN_AGE_MS - HOUR;
    const cover = await storedUpload(made);
    const profileImage = await storedUpload(made);
    const sectionImage = await storedUpload(made);
    await db.collection('books').add(bookData(OWNER, { cover_image: cover.url }));
    await db
      .doc(`profiles/${OWNER}`)
      .set({ profile_image: profileImage.url.replace('/w320.webp', '/w160.webp') });
    await db.collection('books').add(
      bookData(OWNER, {
        sections: [{ id: 's1', type: 'image', title: 'Map', content: sectionImage.url, order: 0 }],
      }),
    );

    const sweep = sweepOf(await removeOrphanUploads(db, store), cover, profileImage, sectionImage);
    expect(sweep.removed).toEqual([]);
    expect(sweep.kept.sort()).toEqual([cover.id, profileImage.id, sectionImage.id].sort());
    for (const upload of [cover, profileImage, sectionImage]) {
      expect(existsSync(upload.folder)).toBe(true);
      expect((await record(upload.id)).get('check_after')).toBeUndefined();
    }
    expect(await usedBytes()).toBe(33);
    expect(
      sweepOf(
        await removeOrphanUploads(db, store, Date.now() + 30 * ORPHAN_AGE_MS),
        cover,
        profileImage,
        sectionImage,
      ),
    ).toEqual({ removed: [], kept: [] });
  });

  it('keeps a fresh orphan until its day has passed', async () => {
    const fresh = await storedUpload(Date.now() - HOUR);
    expect(sweepOf(await removeOrphanUploads(db, store), fresh)).toEqual({ removed: [], kept: [] });
    expect(existsSync(fresh.folder)).toBe(true);
    expect((await record(fresh.id)).exists).toBe(true);
    expect(sweepOf(await removeOrphanUploads(db, store, Date.now() + ORPHAN_AGE_MS), fresh)).toEqual({
      removed: [fresh.id],
      kept: [],
    });
    expect(existsSync(fresh.folder)).toBe(false);
  });

  it('removes an upload whose request stopped midway (still pending a day later)', async () => {
    const crashed = await storedUpload(Date.now() - ORPHAN_AGE_MS - HOUR, { pending: true });
    expect(sweepOf(await removeOrphanUploads(db, store), crashed).removed).toEqual([crashed.id]);
    expect(existsSync(crashed.folder)).toBe(false);
    expect(await usedBytes()).toBe(0);
  });
});

describe('removeUploadFolder', () => {
  it('removes a replaced picture’s files and record and frees its bytes', async () => {
    const replaced = await storedUpload(Date.now());
    const kept = await storedUpload(Date.now());
    await removeUploadFolder(`${OWNER}/book-covers/${replaced.id}`, store);
    expect(existsSync(replaced.folder)).toBe(false);
    expect((await record(replaced.id)).exists).toBe(false);
    expect((await record(kept.id)).exists).toBe(true);
    expect(await usedBytes()).toBe(11);
  });
});
