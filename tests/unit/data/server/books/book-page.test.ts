// The book page's loader (src/data/server/books/book-page.ts) over a faked Firestore:
// one read decides a catalogue book (no owner), which is found while readers may see
// it and not found when hidden, inactive or malformed (listed books: the e2e book
// page specs).
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBookPage } from '../../../../../src/data/server/books/book-page.ts';

type Data = Record<string, unknown>;

/** A Firestore stand-in answering `doc(id).get()` from `collections`, counting the reads. */
function fakeDb(collections: Record<string, Record<string, Data>>) {
  const reads: string[] = [];
  const db = {
    collection: (name: string) => ({
      doc: (id: string) => ({
        get: async () => {
          reads.push(`${name}/${id}`);
          const data = collections[name]?.[id];
          return {
            id,
            ref: { id, path: `${name}/${id}` },
            exists: data !== undefined,
            data: () => data,
            get: (field: string) => data?.[field],
          };
        },
      }),
    }),
  };
  return { db: db as unknown as Firestore, reads };
}

const created = new Date('2026-12-01T10:00:00Z');
const catalogue: Data = {
  kind: 'catalogue',
  title: 'Walden',
  authors: [{ name: 'Henry David Thoreau', source_id: 'OL19254A' }],
  editions: [{ isbn: null, format: 'Paperback', publication_year: 2004 }],
  source: 'openlibrary',
  source_id: 'OL74485W',
  added_by: 'reader1',
  is_public: false,
  is_active: true,
  moderation_hidden: false,
  created_at: created,
};

afterEach(() => vi.restoreAllMocks());

describe('loadBookPage', () => {
  it('finds a readable catalogue book in one read, with no owner', async () => {
    const { db, reads } = fakeDb({ books: { cat1: catalogue } });
    const data = await loadBookPage('cat1', db);
    expect(data).toMatchObject({
      kind: 'catalogue',
      book: { id: 'cat1', title: 'Walden', needs_review: false },
    });
    expect(reads).toEqual(['books/cat1']);
  });

  it('does not find a hidden or inactive catalogue book', async () => {
    const { db } = fakeDb({
      books: { hidden: { ...catalogue, moderation_hidden: true }, off: { ...catalogue, is_active: false } },
    });
    expect(await loadBookPage('hidden', db)).toEqual({ kind: 'not-found' });
    expect(await loadBookPage('off', db)).toEqual({ kind: 'not-found' });
  });

  it('treats a malformed catalogue book as missing and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { db } = fakeDb({ books: { 'bad-catalogue-page': { ...catalogue, authors: [] } } });
    expect(await loadBookPage('bad-catalogue-page', db)).toEqual({ kind: 'not-found' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('books/bad-catalogue-page'));
  });

  it('finds nothing for an unknown id, and reads nothing for one of the wrong shape', async () => {
    const { db, reads } = fakeDb({ books: {} });
    expect(await loadBookPage('nope', db)).toEqual({ kind: 'not-found' });
    expect(await loadBookPage('a/b', db)).toEqual({ kind: 'not-found' });
    expect(reads).toEqual(['books/nope']);
  });

  it('leads a merged book to the book it was merged into, through a chain of merges', async () => {
    const tombstone = (into: string) => ({ ...catalogue, is_active: false, editions: [], merged_into: into });
    const { db, reads } = fakeDb({ books: { a: tombstone('b'), b: tombstone('c'), c: catalogue } });
    expect(await loadBookPage('a', db)).toEqual({ kind: 'moved', to: 'c' });
    expect(reads).toEqual(['books/a', 'books/b', 'books/c']);
  });

  it('does not lead anywhere when the chain ends at a missing or hidden book, or never ends', async () => {
    const tombstone = (into: string) => ({ ...catalogue, is_active: false, editions: [], merged_into: into });
    const { db } = fakeDb({
      books: {
        gone: tombstone('missing'),
        toHidden: tombstone('hidden'),
        hidden: { ...catalogue, moderation_hidden: true },
        loop1: tombstone('loop2'),
        loop2: tombstone('loop1'),
      },
    });
    expect(await loadBookPage('gone', db)).toEqual({ kind: 'not-found' });
    expect(await loadBookPage('toHidden', db)).toEqual({ kind: 'not-found' });
    expect(await loadBookPage('loop1', db)).toEqual({ kind: 'not-found' });
  });
});
