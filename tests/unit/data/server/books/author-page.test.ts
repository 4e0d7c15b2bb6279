// The author page's loader (src/data/server/books/author-page.ts) over a faked Firestore:
// one array-contains query on author_slugs; only books readers may see, the name the
// books give, oldest first; nothing found or a malformed slug is a 404 (a bad slug
// without a read).
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { isAuthorSlugShape, loadAuthorPage } from '../../../../../src/data/server/books/author-page.ts';

type Data = Record<string, unknown>;

function fakeDb(books: Record<string, Data>) {
  const queries: string[] = [];
  const db = {
    collection: (name: string) => ({
      where: (field: string, op: string, value: string) => ({
        limit: () => ({
          get: async () => {
            queries.push(`${name} ${field} ${op} ${value}`);
            const docs = Object.entries(books)
              .filter(([, data]) => (data[field] as string[] | undefined)?.includes(value))
              .map(([id, data]) => ({ id, ref: { id, path: `${name}/${id}` }, data: () => data }));
            return { size: docs.length, docs };
          },
        }),
      }),
    }),
  };
  return { db: db as unknown as Firestore, queries };
}

const book = (title: string, year: number | null, fields: Data = {}): Data => ({
  kind: 'catalogue',
  title,
  authors: [{ name: 'Alexandre Dumas', source_id: 'OL1A' }],
  author_slugs: ['alexandre-dumas'],
  editions: [],
  first_published: year,
  source: 'openlibrary',
  source_id: 'OL1W',
  added_by: 'r',
  is_public: false,
  is_active: true,
  moderation_hidden: false,
  created_at: new Date('2026-12-01T10:00:00Z'),
  ...fields,
});

describe('loadAuthorPage', () => {
  it('lists the books readers may see, oldest first, under the name they give', async () => {
    const { db, queries } = fakeDb({
      a: book('The Count of Monte Cristo', 1844),
      b: book('The Three Musketeers', 1844),
      c: book('Twenty Years After', 1845),
      hidden: book('Hidden', 1840, { moderation_hidden: true }),
      other: book('Other', 1900, { author_slugs: ['someone-else'] }),
    });
    const page = await loadAuthorPage('alexandre-dumas', db);
    expect(page.kind).toBe('found');
    if (page.kind !== 'found') return;
    expect(page.name).toBe('Alexandre Dumas');
    expect(page.books.map((b) => b.title)).toEqual([
      'The Count of Monte Cristo',
      'The Three Musketeers',
      'Twenty Years After',
    ]);
    expect(queries).toEqual(['books author_slugs array-contains alexandre-dumas']);
  });

  it('is not found for an author with no book readers see, and reads nothing for a malformed slug', async () => {
    const { db, queries } = fakeDb({ hidden: book('Hidden', 1840, { is_active: false }) });
    expect(await loadAuthorPage('alexandre-dumas', db)).toEqual({ kind: 'not-found' });
    expect(await loadAuthorPage('Alexandre Dumas', db)).toEqual({ kind: 'not-found' });
    expect(await loadAuthorPage('../etc', db)).toEqual({ kind: 'not-found' });
    expect(queries).toHaveLength(1);
    expect(isAuthorSlugShape('михаил-булгаков')).toBe(true);
    expect(isAuthorSlugShape('')).toBe(false);
  });
});
