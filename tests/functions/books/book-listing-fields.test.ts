// books.has_free_reading, has_audiobook, search_keywords, series_slug, publication_key and match_key follow the book, through the real triggers.
import { beforeEach, describe, expect, it } from 'vitest';
import { listingFieldsOf } from '../../../src/domain/books/book-listing';
import { NO_PUBLICATION_KEY } from '../../../src/domain/books/catalogue';
import { bookVisibilityFields } from '../../../src/domain/accounts/visibility';
import { adminDb, afterSentinel, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { bookData, writeAliceArcher } from '../helpers/factories';

const db = adminDb();
/**
 * Triggers queue behind each other in the emulator, and every book write now
 * wakes about ten of them (listing fields, author, counts, market index, search,
 * alerts, reviews…); on a busy two-core machine, with workers starting cold, the
 * chain of three writes behind the first test took over 25 s.
 */
const WAIT_MS = 60_000;
const TEST_MS = 150_000;

interface ListingFields {
  has_free_reading?: unknown;
  has_audiobook?: unknown;
  search_keywords?: unknown;
  series_slug?: unknown;
  publication_key?: unknown;
  match_key?: unknown;
}

async function fieldsOf(bookId: string): Promise<ListingFields> {
  const data = (await db.doc(`books/${bookId}`).get()).data() ?? {};
  return {
    has_free_reading: data.has_free_reading,
    has_audiobook: data.has_audiobook,
    search_keywords: data.search_keywords,
    series_slug: data.series_slug ?? null,
    publication_key: data.publication_key,
    // Absent stays undefined (not null): absent is a key still to write.
    match_key: data.match_key,
  };
}

/** Waits until the book's listing fields match `expected` (triggers are asynchronous), then asserts it. */
async function expectFields(bookId: string, expected: Partial<ListingFields>): Promise<void> {
  const matches = (fields: ListingFields) =>
    Object.entries(expected).every(
      ([key, value]) => JSON.stringify(fields[key as keyof ListingFields]) === JSON.stringify(value),
    );
  await eventually(() => fieldsOf(bookId), matches, WAIT_MS).catch(() => undefined);
  expect(await fieldsOf(bookId)).toMatchObject(expected);
}

const textSection = { id: 's1', type: 'text', title: 'Chapter 1', content: 'It begins.', order: 0 };
const imageSection = { id: 's2', type: 'image', title: 'Map', content: '/media/map.webp', order: 1 };

describe('book listing fields trigger', () => {
  let alice: string;

  beforeEach(async () => {
    await clearFirestore();
    alice = await writeAliceArcher();
  }, TEST_MS);

  it(
    'fills the fields of a new book, including the author filled from the profile',
    async () => {
      const book = await db.collection('books').add(
        bookData(alice, {
          title: 'Midnight Tide',
          manuscript_content: [imageSection, textSection],
          audiobook_url: 'https://audio.example.com/tide',
        }),
      );
      await expectFields(book.id, {
        has_free_reading: true,
        has_audiobook: true,
        search_keywords: listingFieldsOf({ title: 'Midnight Tide', author: { display_name: 'Alice Archer' } })
          .search_keywords,
        match_key: 'midnight tide|alice archer',
      });
    },
    TEST_MS,
  );

  it(
    'follows edits of the manuscript, the audiobook URL and the title',
    async () => {
      const book = await db.collection('books').add(
        bookData(alice, {
          title: 'Night',
          manuscript_content: [textSection],
          audiobook_url: 'https://audio.example.com/n',
        }),
      );
      await expectFields(book.id, { has_free_reading: true, has_audiobook: true });

      await book.update({ manuscript_content: [imageSection], audiobook_url: '' });
      await expectFields(book.id, { has_free_reading: false, has_audiobook: false });

      await book.update({ title: 'Daybreak' });
      const keywords = (
        await eventually(
          () => fieldsOf(book.id),
          (f) => Array.isArray(f.search_keywords) && f.search_keywords.includes('daybreak'),
          WAIT_MS,
        )
      ).search_keywords;
      expect(keywords).toContain('da');
      expect(keywords).not.toContain('night');
      expect((await fieldsOf(book.id)).match_key).toBe('daybreak|alice archer');
    },
    TEST_MS,
  );

  it(
    'gives a book put in a series its series address, and clears it when the series is removed',
    async () => {
      const book = await db.collection('books').add(bookData(alice, { title: 'Salt Roads' }));
      await expectFields(book.id, { has_free_reading: false, series_slug: null });
      await book.update({ series: 'The Tidewater Trilogy', series_number: 2 });
      await expectFields(book.id, { series_slug: 'the-tidewater-trilogy' });
      await book.update({ series: null, series_number: null });
      await expectFields(book.id, { series_slug: null });
    },
    TEST_MS,
  );

  it(
    'gives every book its publication key, the no-date key without a date, and follows edits of the date',
    async () => {
      const undated = await db.collection('books').add(bookData(alice, { title: 'Undated' }));
      const book = await db.collection('books').add(bookData(alice, { publication_date: '2027-03-14' }));
      await expectFields(undated.id, { publication_key: NO_PUBLICATION_KEY });
      await expectFields(book.id, { publication_key: 20270314 });
      await book.update({ publication_date: '2019-10-02' });
      await expectFields(book.id, { publication_key: 20191002 });
      await book.update({ publication_date: null });
      await expectFields(book.id, { publication_key: NO_PUBLICATION_KEY });
    },
    TEST_MS,
  );

  it(
    'gives each key to a book written without it (as books stored before the key existed are)',
    async () => {
      const data = bookData(alice, {
        title: 'Older',
        publication_date: '2010-05-05',
        author: { display_name: 'Alice Archer', page_slug: 'alice-archer' },
      });
      const fields = listingFieldsOf({
        title: 'Older',
        author: { display_name: 'Alice Archer' },
        publication_date: '2010-05-05',
      });
      // Every derived field right but one key, which books of an older version lack.
      const { publication_key: _noPublicationKey, ...withoutPublicationKey } = fields;
      const { match_key: _noMatchKey, ...withoutMatchKey } = fields;
      const noPublicationKey = db.collection('books').doc(uniqueId('older'));
      const noMatchKey = db.collection('books').doc(uniqueId('older'));
      await noPublicationKey.set({ ...data, ...withoutPublicationKey, ...bookVisibilityFields(true, true) });
      await noMatchKey.set({ ...data, ...withoutMatchKey, ...bookVisibilityFields(true, true) });
      await expectFields(noPublicationKey.id, { publication_key: 20100505 });
      await expectFields(noMatchKey.id, { match_key: 'older|alice archer' });
    },
    TEST_MS,
  );

  it(
    'refreshes the keywords when the author renames themself (the profiles trigger rewrites the book)',
    async () => {
      const book = await db.collection('books').add(bookData(alice, { title: 'Harbour Lights' }));
      await expectFields(book.id, {
        search_keywords: listingFieldsOf({
          title: 'Harbour Lights',
          author: { display_name: 'Alice Archer' },
        }).search_keywords,
      });

      await db.doc(`profiles/${alice}`).update({ display_name: 'Zoë Quill' });
      await expectFields(book.id, {
        search_keywords: listingFieldsOf({ title: 'Harbour Lights', author: { display_name: 'Zoë Quill' } })
          .search_keywords,
      });
      const keywords = (await fieldsOf(book.id)).search_keywords as string[];
      expect(keywords).toContain('zoe');
      expect(keywords).not.toContain('archer');
      expect((await fieldsOf(book.id)).match_key).toBe('harbour lights|zoe quill');
    },
    TEST_MS,
  );

  it(
    'leaves a book that is already right untouched (no write, so no loop)',
    async () => {
      const data = bookData(alice, {
        title: 'Settled',
        author: { display_name: 'Alice Archer', page_slug: 'alice-archer' },
      });
      const ref = db.collection('books').doc(uniqueId('settled'));
      // Every derived field already right: the listing fields and the visibility fields (alice is approved and active).
      await ref.set({
        ...data,
        ...listingFieldsOf({ title: 'Settled', author: { display_name: 'Alice Archer' } }),
        ...bookVisibilityFields(data.is_active !== false, true),
      });
      const written = (await ref.get()).updateTime;
      // A new book both triggers must complete: once it is, they have handled the settled book,
      // and a write of theirs would have moved its updateTime.
      const sentinel = db.collection('books').doc(uniqueId('sentinel'));
      await afterSentinel(
        () => sentinel.set(bookData(alice, { title: 'Sentinel' })),
        async () => (await sentinel.get()).data() ?? {},
        (book) => Array.isArray(book.search_keywords) && book.is_public === true,
        WAIT_MS,
      );
      expect((await ref.get()).updateTime?.isEqual(written!)).toBe(true);
    },
    TEST_MS,
  );
});
