import { describe, expect, it } from 'vitest';
import { parseDocs } from '../../../../src/data/firestore-convert.ts';
import {
  chunkText,
  latestStates,
  searchChangeSchema,
  searchFingerprint,
  searchSnapshotMetaSchema,
} from '../../../../src/domain/search/search-sync.ts';
import { searchDocumentSchema } from '../../../../src/domain/search/site-search.ts';

const book = searchDocumentSchema.parse({ id: 'book_b1', kind: 'book', title: 'Kindred', url: '/book/b1' });
const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 16, 0, s));

describe('search sync', () => {
  it('cuts a snapshot into chunks that join back into it', () => {
    const text = 'x'.repeat(2_500);
    expect(chunkText(text, 1_000).map((c) => c.length)).toEqual([1_000, 1_000, 500]);
    expect(chunkText(text, 1_000).join('')).toBe(text);
    expect(chunkText('')).toEqual(['']);
  });

  it('fingerprints a state, whatever the order of its fields', () => {
    const reordered = Object.fromEntries(Object.entries(book).reverse()) as typeof book;
    expect(searchFingerprint(reordered)).toBe(searchFingerprint(book));
    expect(searchFingerprint({ ...book, title: 'Dawn' })).not.toBe(searchFingerprint(book));
    expect(searchFingerprint(null)).toBe('gone');
  });

  it('leaves each item in its latest state, whatever order the log was read in', () => {
    const states = latestStates([
      { doc_id: 'book_b1', document: null, changed_at: at(3) },
      { doc_id: 'book_b1', document: book, changed_at: at(1) },
      { doc_id: 'book_b2', document: { ...book, id: 'book_b2' }, changed_at: at(2) },
    ]);
    expect(states.get('book_b1')).toBeNull();
    expect(states.get('book_b2')?.id).toBe('book_b2');
  });

  it('reads stored changes and the snapshot description with their document ids', () => {
    const changes = parseDocs(searchChangeSchema, [
      {
        id: 'c1',
        ref: { path: 'search_changes/c1' },
        data: () => ({ doc_id: 'book_b1', document: book, changed_at: at(1), expires_at: at(9) }),
      },
    ]);
    expect(changes).toHaveLength(1);
    expect(
      searchSnapshotMetaSchema.safeParse({
        id: 'search_snapshot',
        version: 'v1',
        chunk_count: 1,
        documents: 2,
        watermark: at(1),
        written_at: at(2),
      }).success,
    ).toBe(true);
  });
});
