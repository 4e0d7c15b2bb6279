import { describe, expect, it, vi } from 'vitest';
import {
  parseDoc,
  parseDocs,
  toPlainData,
  toWriteData,
  tryParseDoc,
} from '../../../src/data/firestore-convert.ts';
import { bookSchema } from '../../../src/domain/books/book.ts';

/** Stands in for a Firestore Timestamp of either SDK. */
const timestamp = (ms: number) => ({
  seconds: Math.floor(ms / 1000),
  nanoseconds: 0,
  toDate: () => new Date(ms),
});

describe('toPlainData', () => {
  it('turns Timestamp-like values into Dates at any depth', () => {
    const plain = toPlainData({
      created_at: timestamp(1000),
      nested: { at: timestamp(2000) },
      list: [timestamp(3000), 'x'],
      n: 1,
    }) as Record<string, unknown>;
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
    expect(() => parseDoc(bookSchema, 'b2', { user_id: 'u1', created_at: timestamp(0) })).toThrow(
      /^Invalid books\/b2: title: /,
    );
    expect(() => parseDoc(bookSchema, 'b3', null, 'legacy_books')).toThrow(/Invalid legacy_books\/b3/);
  });
});

/** A read snapshot of either SDK, as far as the parse helpers look at it. */
const snapshot = (path: string, data: Record<string, unknown>) => ({
  id: path.split('/').at(-1) as string,
  ref: { path },
  data: () => data,
});
const book = (title: string) => ({ user_id: 'u1', title, created_at: timestamp(0) });

describe('tryParseDoc / parseDocs', () => {
  it('leave out documents that fail the schema and keep the others in order', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const books = parseDocs(bookSchema, [
      snapshot('books/order-1', book('First')),
      snapshot('books/order-bad', { ...book('x'.repeat(500)) }),
      snapshot('books/order-2', book('Second')),
      snapshot('books/order-3', book('Third')),
    ]);
    expect(books.map((b) => [b.id, b.title])).toEqual([
      ['order-1', 'First'],
      ['order-2', 'Second'],
      ['order-3', 'Third'],
    ]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toMatch(/^Left out invalid document books\/order-bad: title: /);
    errors.mockRestore();
  });

  it('log each malformed document once per process, however often it is read', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = snapshot('books/once-bad', { user_id: 'u1', created_at: timestamp(0) });
    const other = snapshot('books/once-other', { user_id: 'u1', created_at: timestamp(0) });
    for (let render = 0; render < 3; render++) {
      expect(tryParseDoc(bookSchema, bad)).toBeNull();
      expect(parseDocs(bookSchema, [bad, other])).toEqual([]);
    }
    expect(errors.mock.calls.map((call) => String(call[0]).split(':')[0])).toEqual([
      'Left out invalid document books/once-bad',
      'Left out invalid document books/once-other',
    ]);
    errors.mockRestore();
  });

  it('parse a valid document like parseDoc does', () => {
    expect(tryParseDoc(bookSchema, snapshot('books/ok', book('Dune')))).toEqual(
      parseDoc(bookSchema, 'ok', book('Dune')),
    );
  });
});

describe('toWriteData', () => {
  it('drops id and undefined values, deeply, and keeps Dates and nulls', () => {
    const at = new Date(0);
    const data = toWriteData({
      id: 'x',
      a: 1,
      b: undefined,
      c: null,
      at,
      nested: { d: undefined, e: 'e' },
      list: [1, undefined, { f: undefined }],
    });
    expect(data).toEqual({ a: 1, c: null, at, nested: { e: 'e' }, list: [1, {}] });
    expect('id' in data).toBe(false);
    expect('b' in data).toBe(false);
  });
});
