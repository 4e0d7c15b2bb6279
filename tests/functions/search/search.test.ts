// The search index follows the items through the real triggers: the change log
// records what each item now is to search, a site instance applies it, and the
// snapshot job folds it into a snapshot a cold instance starts from.
import { beforeEach, describe, expect, it } from 'vitest';
import { SiteIndex } from '../../../src/data/server/search/site-index';
import { SEARCH_CHANGES, SEARCH_SNAPSHOT_META } from '../../../src/domain/search/search-sync';
import { parseSiteSearchParams } from '../../../src/domain/search/site-search';
import { recordSearchChange } from '../../../functions/src/search/search-changes';
import { refreshSearchSnapshot } from '../../../functions/src/search/search-snapshot';
import { feedSearchServer, TYPESENSE_FEED } from '../../../functions/src/search/search-typesense';
import { TypesenseSearchEngine } from '../../../src/data/server/search/typesense-engine';
import { startTypesenseStandIn } from '../../shared/typesense-stand-in';
import { adminDb, clearFirestore, eventually, retryLostRace, uniqueId } from '../helpers/emulator';
import { bookData, productData, profileData } from '../helpers/factories';

const db = adminDb();
// Generous: the first events of a run start cold function workers, which takes long on a busy machine.
const WAIT_MS = 60_000;
const TEST_MS = 180_000;

/** A site instance whose clock moves on 10 s per look, so every search applies the log. */
function freshIndex(): SiteIndex {
  let now = Date.now();
  return new SiteIndex(
    () => db,
    () => (now += 10_000),
  );
}

const found = async (index: SiteIndex, q: string) =>
  (await index.search(parseSiteSearchParams(new URLSearchParams({ q })))).hits.map((hit) => hit.document.id);

/** Waits until the search answers as `done` wants (the triggers run asynchronously). */
async function searchUntil(index: SiteIndex, q: string, done: (ids: string[]) => boolean): Promise<string[]> {
  await eventually(() => found(index, q), done, WAIT_MS).catch(() => undefined);
  return found(index, q);
}

describe('search index', () => {
  let author: string;

  beforeEach(async () => {
    await clearFirestore();
    author = uniqueId('author');
    await db.doc(`profiles/${author}`).set(profileData(author, { display_name: 'Octavia Butler' }));
  }, TEST_MS);

  it(
    'finds a new public book by a misspelled title, and loses it and its author when the author is hidden',
    async () => {
      const index = freshIndex();
      const book = await db.collection('books').add(bookData(author, { title: 'Parable of the Sower' }));
      expect(await searchUntil(index, 'parabel sower', (ids) => ids.includes(`book_${book.id}`))).toContain(
        `book_${book.id}`,
      );
      expect(await found(index, 'octavia buttler')).toContain(`author_${author}`);
      const product = await db
        .collection('products_services')
        .add(productData(author, { title: 'Sower workshop' }));
      expect(await searchUntil(index, 'sower workshop', (ids) => ids.length > 0)).toEqual([
        `product_${product.id}`,
      ]);

      await db.doc(`profiles/${author}`).update({ is_active: false });
      expect(await searchUntil(index, 'sower', (ids) => ids.length === 0)).toEqual([]);
      expect(await found(index, 'octavia butler')).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'records a change once: a write search does not show, a retry and a concurrent twin record nothing more',
    async () => {
      const book = await db.collection('books').add(bookData(author, { title: 'Kindred' }));
      const changesOf = async () =>
        (await db.collection(SEARCH_CHANGES).where('doc_id', '==', `book_${book.id}`).get()).size;
      // Created hidden until the visibility trigger marks it public: then one change records it.
      await eventually(changesOf, (n) => n >= 1, WAIT_MS);
      await eventually(
        async () => (await db.doc(`books/${book.id}`).get()).get('is_public'),
        (v) => v === true,
        WAIT_MS,
      );
      await eventually(changesOf, (n) => n >= 1, WAIT_MS);
      const settled = await changesOf();
      const record = () => retryLostRace(() => recordSearchChange(db, 'books', book.id));
      const results = await Promise.all([record(), record()]);
      expect(results).toEqual(['unchanged', 'unchanged']);
      await db.doc(`books/${book.id}`).update({ views_count: 7 });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await changesOf()).toBe(settled);
    },
    TEST_MS,
  );

  it(
    'a cold instance starts from the snapshot and applies the changes after it',
    async () => {
      const first = await db.collection('books').add(bookData(author, { title: 'Wild Seed' }));
      await searchUntil(freshIndex(), 'wild seed', (ids) => ids.length > 0);
      const meta = await refreshSearchSnapshot(db);
      expect(meta.documents).toBe(2); // the author and the book
      expect(
        (await db.doc(`${SEARCH_SNAPSHOT_META.collection}/${SEARCH_SNAPSHOT_META.doc}`).get()).exists,
      ).toBe(true);

      const second = await db.collection('books').add(bookData(author, { title: 'Dawn' }));
      const cold = freshIndex();
      expect(await found(cold, 'wild seed')).toEqual([`book_${first.id}`]);
      expect(await searchUntil(cold, 'dawn', (ids) => ids.length > 0)).toEqual([`book_${second.id}`]);

      // The next snapshot replaces the first and includes the second book.
      const next = await refreshSearchSnapshot(db);
      expect(next.documents).toBe(3);
      expect(next.version).not.toBe(meta.version);
    },
    TEST_MS,
  );

  it(
    'feeds a search server from the change log: every item the first time, then each change in order',
    async () => {
      const standIn = await startTypesenseStandIn();
      try {
        const server = new TypesenseSearchEngine({
          url: standIn.url,
          apiKey: standIn.adminKey,
          collection: uniqueId('site'),
        });
        const ids = async (q: string) =>
          (await server.search(parseSiteSearchParams(new URLSearchParams({ q })))).hits.map(
            (h) => h.document.id,
          );
        const book = await db.collection('books').add(bookData(author, { title: 'Parable of the Talents' }));
        await searchUntil(freshIndex(), 'talents', (found) => found.length > 0);

        const first = await feedSearchServer(db, server);
        expect(first.rebuilt).toBe(true);
        expect(await ids('parabel talents')).toEqual([`book_${book.id}`]);
        expect(await ids('octavia butler')).toEqual([`author_${author}`, `book_${book.id}`]);

        await db.doc(`profiles/${author}`).update({ is_active: false });
        await searchUntil(freshIndex(), 'talents', (found) => found.length === 0);
        const next = await feedSearchServer(db, server);
        expect(next.rebuilt).toBe(false);
        expect(next.watermark.getTime()).toBeGreaterThan(first.watermark.getTime());
        expect(await ids('talents')).toEqual([]);
        expect(await ids('octavia')).toEqual([]);
        const stored = await db.doc(`${TYPESENSE_FEED.collection}/${TYPESENSE_FEED.doc}`).get();
        expect(stored.get('watermark').toDate()).toEqual(next.watermark);
      } finally {
        await standIn.close();
      }
    },
    TEST_MS,
  );
});
