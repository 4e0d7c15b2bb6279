// market_listings follows books, products/services, classified ads and their owners, through the real triggers.
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_PUBLICATION_KEY, publicationKey } from '../../../src/domain/books/catalogue';
import { MARKET_COLLECTION, marketEntryId, type MarketSource } from '../../../src/domain/market/market-entry';
import { adminDb, afterSentinel, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { adData, bookData, productData, profileData } from '../helpers/factories';

const db = adminDb();
const WAIT_MS = 60_000;
const TEST_MS = 150_000;

const entryRef = (source: MarketSource, id: string) =>
  db.collection(MARKET_COLLECTION).doc(marketEntryId(source, id));
const entryOf = async (source: MarketSource, id: string) => (await entryRef(source, id).get()).data();

/** Waits until the entry satisfies `done` (triggers are asynchronous) and returns it. */
async function waitEntry(
  source: MarketSource,
  id: string,
  done: (entry: Record<string, unknown> | undefined) => boolean,
) {
  await eventually(() => entryOf(source, id), done, WAIT_MS).catch(() => undefined);
  return entryOf(source, id);
}

describe('market index triggers', () => {
  let seller: string;

  beforeEach(async () => {
    await clearFirestore();
    seller = uniqueId('seller');
    await db.doc(`profiles/${seller}`).set(profileData(seller));
  }, TEST_MS);

  it(
    'lists a new ad and follows its edits, its disabling and its deletion',
    async () => {
      const ad = await db.collection('classified_ads').add(adData(seller));
      const created = await waitEntry('classified_ads', ad.id, (e) => e !== undefined);
      expect(created).toMatchObject({
        type: 'classified',
        title: 'Oak bookshelf',
        price: 120,
        price_band: 'over-100',
        currency: 'GBP',
        path: `/classifieds/${ad.id}`,
      });

      await ad.update({ title: 'Walnut bookshelf', price: 45, tags: ['walnut'] });
      const edited = await waitEntry('classified_ads', ad.id, (e) => e?.title === 'Walnut bookshelf');
      expect(edited).toMatchObject({ price: 45, price_band: '10-50', tags: ['walnut'] });
      expect(edited?.search_keywords).toContain('walnut');

      await ad.update({ is_active: false });
      expect(await waitEntry('classified_ads', ad.id, (e) => e === undefined)).toBeUndefined();

      await ad.update({ is_active: true });
      expect(await waitEntry('classified_ads', ad.id, (e) => e !== undefined)).toBeDefined();

      await ad.delete();
      expect(await waitEntry('classified_ads', ad.id, (e) => e === undefined)).toBeUndefined();
    },
    TEST_MS,
  );

  it(
    'removes the member-only contact details of a deleted ad, whoever deleted it',
    async () => {
      const ad = await db.collection('classified_ads').add(adData(seller, { contact_method: 'email' }));
      const contact = ad.collection('private').doc('contact');
      await contact.set({ contact_info: 'seller@example.com' });
      await waitEntry('classified_ads', ad.id, (e) => e !== undefined);
      expect((await contact.get()).exists).toBe(true);
      await ad.delete();
      const gone = await eventually(
        async () => (await contact.get()).exists,
        (exists) => !exists,
        WAIT_MS,
      ).catch(() => true);
      expect(gone).toBe(false);
    },
    TEST_MS,
  );

  it(
    'lists a book at its lowest format price and a service under its type',
    async () => {
      const book = await db.collection('books').add(
        bookData(seller, {
          title: 'Midnight Tide',
          genre: ['mystery'],
          ebook_price: 4.99,
          paperback_price: 11,
        }),
      );
      const service = await db.collection('products_services').add(productData(seller));
      expect(await waitEntry('books', book.id, (e) => e !== undefined)).toMatchObject({
        type: 'book',
        price: 4.99,
        subcategories: ['mystery'],
        path: `/book/${book.id}`,
      });
      expect(await waitEntry('products_services', service.id, (e) => e !== undefined)).toMatchObject({
        type: 'service',
        price: 40,
        category: 'writing-editorial',
      });

      await book.update({ ebook_price: null });
      expect(await waitEntry('books', book.id, (e) => e?.price === 11)).toMatchObject({ price: 11 });
      await service.update({ is_active: false });
      expect(await waitEntry('products_services', service.id, (e) => e === undefined)).toBeUndefined();
      await book.delete();
      expect(await waitEntry('books', book.id, (e) => e === undefined)).toBeUndefined();
    },
    TEST_MS,
  );

  it(
    'gives a book’s entry its publication key and follows the date; products and ads get the no-date key',
    async () => {
      const book = await db.collection('books').add(bookData(seller, { publication_date: '2027-03-14' }));
      const product = await db.collection('products_services').add(productData(seller));
      const ad = await db.collection('classified_ads').add(adData(seller));
      expect(await waitEntry('books', book.id, (e) => e !== undefined)).toMatchObject({
        publication_key: publicationKey('2027-03-14'),
      });
      expect(await waitEntry('products_services', product.id, (e) => e !== undefined)).toMatchObject({
        publication_key: NO_PUBLICATION_KEY,
      });
      expect(await waitEntry('classified_ads', ad.id, (e) => e !== undefined)).toMatchObject({
        publication_key: NO_PUBLICATION_KEY,
      });

      await book.update({ publication_date: '1998-07-01' });
      expect(
        await waitEntry('books', book.id, (e) => e?.publication_key === publicationKey('1998-07-01')),
      ).toMatchObject({ publication_key: 19980701 });
      await book.update({ publication_date: null });
      expect(
        await waitEntry('books', book.id, (e) => e?.publication_key === NO_PUBLICATION_KEY),
      ).toMatchObject({ publication_key: NO_PUBLICATION_KEY });
    },
    TEST_MS,
  );

  it(
    'removes and restores all of a member’s listings when they are disabled or no longer approved',
    async () => {
      const ad = await db.collection('classified_ads').add(adData(seller));
      const book = await db.collection('books').add(bookData(seller, { ebook_price: 3 }));
      await waitEntry('classified_ads', ad.id, (e) => e !== undefined);
      await waitEntry('books', book.id, (e) => e !== undefined);

      await db.doc(`profiles/${seller}`).update({ is_active: false });
      expect(await waitEntry('classified_ads', ad.id, (e) => e === undefined)).toBeUndefined();
      expect(await waitEntry('books', book.id, (e) => e === undefined)).toBeUndefined();

      await db.doc(`profiles/${seller}`).update({ is_active: true });
      expect(await waitEntry('classified_ads', ad.id, (e) => e !== undefined)).toBeDefined();

      await db.doc(`profiles/${seller}`).update({ approval_status: 'denied' });
      expect(await waitEntry('classified_ads', ad.id, (e) => e === undefined)).toBeUndefined();
      expect(await waitEntry('books', book.id, (e) => e === undefined)).toBeUndefined();
    },
    TEST_MS,
  );

  it(
    'never lists items of a pending member, and a malformed listing is left out',
    async () => {
      const pending = uniqueId('pending');
      await db.doc(`profiles/${pending}`).set(profileData(pending, { approval_status: 'pending' }));
      const ad = await db.collection('classified_ads').add(adData(pending));
      const broken = await db.collection('classified_ads').add(adData(seller, { price: 'cheap' }));
      const good = await db.collection('classified_ads').add(adData(seller, { title: 'Control' }));
      await waitEntry('classified_ads', good.id, (e) => e !== undefined);
      expect(await entryOf('classified_ads', ad.id)).toBeUndefined();
      expect(await entryOf('classified_ads', broken.id)).toBeUndefined();

      await db.doc(`profiles/${pending}`).update({ approval_status: 'approved' });
      expect(await waitEntry('classified_ads', ad.id, (e) => e !== undefined)).toBeDefined();
    },
    TEST_MS,
  );

  it(
    'leaves a settled entry untouched (no write, so no loop)',
    async () => {
      const ad = await db.collection('classified_ads').add(adData(seller));
      await waitEntry('classified_ads', ad.id, (e) => e !== undefined);
      const first = (await entryRef('classified_ads', ad.id).get()).updateTime;
      await ad.update({ description: 'Solid oak, five shelves, as new.' });
      // A new ad the trigger must list: once it is listed, the edit above has been handled.
      const sentinel = db.collection('classified_ads').doc(uniqueId('sentinel'));
      await afterSentinel(
        () => sentinel.set(adData(seller, { title: 'Sentinel' })),
        () => entryOf('classified_ads', sentinel.id),
        (entry) => entry !== undefined,
        WAIT_MS,
      );
      expect((await entryRef('classified_ads', ad.id).get()).updateTime?.isEqual(first!)).toBe(true);
    },
    TEST_MS,
  );
});
