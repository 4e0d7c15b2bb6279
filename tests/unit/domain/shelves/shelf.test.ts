import { describe, expect, it } from 'vitest';
import {
  SHELVES,
  groupByShelf,
  setShelfRequestSchema,
  shelfEntrySchema,
  shelfEntryUpdates,
  shelfId,
  shelfSettingsSchema,
  type ShelfEntry,
} from '../../../../src/domain/shelves/shelf';

const entry = (id: string, shelf: ShelfEntry['shelf']): ShelfEntry => ({
  id,
  book_id: id,
  book_title: `Book ${id}`,
  user_id: 'u1',
  shelf,
  book_public: true,
  progress_page: null,
  progress_percent: null,
  owned: false,
  updated_at: new Date('2026-01-05T10:00:00Z'),
});

describe('shelves', () => {
  it('one entry per member per book: the id is the book and the member', () => {
    expect(shelfId('b1', 'u1')).toBe('b1__u1');
    expect(shelfId('b1', 'u1')).not.toBe(shelfId('b1', 'u2'));
  });

  it('setShelf accepts the three shelves or null, and nothing else', () => {
    for (const shelf of [...SHELVES, null])
      expect(setShelfRequestSchema.safeParse({ bookId: 'b1', shelf }).success).toBe(true);
    expect(setShelfRequestSchema.safeParse({ bookId: 'b1', shelf: 'favourites' }).success).toBe(false);
    expect(setShelfRequestSchema.safeParse({ bookId: 'b1' }).success).toBe(false);
    expect(setShelfRequestSchema.safeParse({ bookId: '', shelf: 'read' }).success).toBe(false);
    // Whose shelf is never part of the request.
    expect(setShelfRequestSchema.safeParse({ bookId: 'b1', shelf: 'read', userId: 'u2' }).success).toBe(
      false,
    );
  });

  it('a stored entry must name a known shelf', () => {
    expect(shelfEntrySchema.safeParse(entry('b1', 'read')).success).toBe(true);
    expect(shelfEntrySchema.safeParse({ ...entry('b1', 'read'), shelf: 'owned' }).success).toBe(false);
  });

  it('the privacy choice is a boolean and its time, nothing more', () => {
    const updated_at = new Date();
    expect(shelfSettingsSchema.safeParse({ private: true, updated_at }).success).toBe(true);
    expect(shelfSettingsSchema.safeParse({ private: 'yes', updated_at }).success).toBe(false);
    expect(shelfSettingsSchema.safeParse({ private: true, updated_at, shelf: 'read' }).success).toBe(false);
  });

  it('groups entries by shelf in shelf order, keeping each order, leaving empty shelves out', () => {
    const groups = groupByShelf([entry('b1', 'read'), entry('b2', 'want-to-read'), entry('b3', 'read')]);
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['Want to read', ['b2']],
      ['Read', ['b1', 'b3']],
    ]);
    expect(groupByShelf([])).toEqual([]);
  });
});

describe('shelfEntryUpdates', () => {
  const publicBooks = new Set(['b1']);
  it('writes book_public where it differs from the book, and on entries that have none', () => {
    expect(
      shelfEntryUpdates(
        [
          { id: 'b1__u', data: { book_id: 'b1', book_public: true } },
          { id: 'b1__v', data: { book_id: 'b1' } },
          { id: 'b2__u', data: { book_id: 'b2', book_public: true } },
          { id: 'b2__v', data: { book_id: 'b2', book_public: false } },
          { id: 'x__u', data: { book_id: 7 } },
        ],
        publicBooks,
      ),
    ).toEqual([
      { id: 'b1__v', book_public: true },
      { id: 'b2__u', book_public: false },
      { id: 'x__u', book_public: false },
    ]);
  });
});
