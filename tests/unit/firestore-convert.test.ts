import { describe, expect, it } from 'vitest';
import { parseDoc, toPlainData, toWriteData } from '../../src/data/firestore-convert.ts';
import { bookSchema } from '../../src/domain/book.ts';

/** Stands in for a Firestore Timestamp of either SDK. */
const timestamp = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanoseconds: 0, toDate: () => new Date(ms) });

describe('toPlainData', () => {
  it('turns Timestamp-like values into Dates at any depth', () => {
    const plain = toPlainData({ created_at: timestamp(1000), nested: { at: timestamp(2000) }, list: [timestamp(3000), 'x'], n: 1 }) as Record<string, unknown>;
    expect(plain.created_at).toEqual(new Date(1000));
    expect(plain.nested).toEqual({ at: new Date(2000) });
    expect(plain.list).toEqual([new Date(3000), 'x']);
    expect(plain.n).toBe(1);
  });
  it('leaves Dates, null and primitives alone', () => {
    const date = new Date(5);
    expect(toPlainData(date)).toBe(date);
    expect(toPlainData(null)).toBeNull();
    expect(toPlainData('s')).toBe('s');
  });
});

describe('parseDoc', () => {
  it('adds the id and parses with the schema', () => {
    const book = parseDoc(bookSchema, 'b1', { user_id: 'u1', title: 'Dune', created_at: timestamp(0) });
    expect(book.id).toBe('b1');
    expect(book.created_at).toEqual(new Date(0));
    expect(book.is_active).toBe(true);
  });
  it('throws an error naming the collection, the id and the problem', () => {
    expect(() => parseDoc(bookSchema, 'b2', { user_id: 'u1', created_at: timestamp(0) })).toThrow(/^Invalid books\/b2: title: /);
    expect(() => parseDoc(bookSchema, 'b3', null, 'legacy_books')).toThrow(/Invalid legacy_books\/b3/);
  });
});

describe('toWriteData', () => {
  it('drops id and undefined values, deeply, and keeps Dates and nulls', () => {
    const at = new Date(0);
    const data = toWriteData({ id: 'x', a: 1, b: undefined, c: null, at, nested: { d: undefined, e: 'e' }, list: [1, undefined, { f: undefined }] });
    expect(data).toEqual({ a: 1, c: null, at, nested: { e: 'e' }, list: [1, {}] });
    expect('id' in data).toBe(false);
    expect('b' in data).toBe(false);
  });
});
