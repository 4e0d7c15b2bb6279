// Content changes record a rebuild request in site_meta/rebuild, through the real triggers.
import { beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb, clearFirestore, eventually, uniqueId } from './emulator';

const db = adminDb();

async function rebuildRecord(): Promise<Record<string, unknown> | undefined> {
  return (await db.doc('site_meta/rebuild').get()).data();
}

/**
 * Writes a fresh document and waits until the rebuild record names it. Matching
 * the document, not just the collection, keeps a late trigger from the previous
 * test's cleanup (which deletes documents, and so fires too) from passing this one.
 */
async function changeAndAwaitRecord(collection: string): Promise<Record<string, unknown> | undefined> {
  const id = uniqueId('doc');
  await db.collection(collection).doc(id).set({ title: 'Changed' });
  return eventually(rebuildRecord, (data) => data?.last_document === `${collection}/${id}`);
}

describe('requestRebuild triggers', () => {
  beforeEach(clearFirestore);

  it('records a skipped request when no deploy hook is configured', async () => {
    const before = Date.now();
    const record = await changeAndAwaitRecord('site_settings');
    expect(record).toMatchObject({ last_collection: 'site_settings', last_status: 'skipped-no-hook' });
    expect(record?.last_requested_at).toBeInstanceOf(Timestamp);
    expect((record?.last_requested_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it.each([
    'site_settings',
    'featured_books',
    'featured_profiles',
    'legal_documents',
    'page_content',
    'blog_posts',
    'newsletters',
    'advertisement_banners',
  ])('reacts to a change in %s', async (collection) => {
    const record = await changeAndAwaitRecord(collection);
    expect(record).toMatchObject({ last_collection: collection, last_status: 'skipped-no-hook' });
  });
});
