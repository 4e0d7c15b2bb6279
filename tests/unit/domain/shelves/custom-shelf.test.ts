// Shelves of one's own, the pure rules: which names a shelf may take, its slug,
// the order after a move, and what a shelf page accepts as a cursor.
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_SHELF_MESSAGES,
  customShelfFormSchema,
  customShelfPath,
  customShelfSlug,
  movedPositions,
  nameProblem,
  nextPosition,
  orderShelves,
  parseShelfCursor,
} from '../../../../src/domain/shelves/custom-shelf';

const nameError = (name: string) => {
  const parsed = customShelfFormSchema.safeParse({ name });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('a shelf name', () => {
  it('is trimmed and becomes its slug', () => {
    expect(customShelfFormSchema.parse({ name: '  Summer Reads! ' })).toEqual({ name: 'Summer Reads!' });
    expect(customShelfSlug('Summer Reads!')).toBe('summer-reads');
    expect(customShelfSlug('Crème brûlée')).toBe('creme-brulee');
  });

  it('is refused empty, too long, without a letter or digit, or as a standard shelf', () => {
    expect(nameError('   ')).toBe(CUSTOM_SHELF_MESSAGES.nameRequired);
    expect(nameError('x'.repeat(41))).toBe(CUSTOM_SHELF_MESSAGES.nameTooLong);
    expect(nameError('x'.repeat(40))).toBeNull();
    expect(nameError('!!!')).toBe(CUSTOM_SHELF_MESSAGES.nameUnusable);
    expect(nameError('To Read')).toBe(CUSTOM_SHELF_MESSAGES.nameReserved);
    expect(nameError('currently-reading')).toBe(CUSTOM_SHELF_MESSAGES.nameReserved);
    expect(nameError('Read')).toBe(CUSTOM_SHELF_MESSAGES.nameReserved);
    expect(nameError('Re-read')).toBeNull();
  });

  it('must not give the slug of another of the member’s shelves; the renamed one may keep its own', () => {
    const shelves = [
      { id: 'a', slug: 'summer-reads' },
      { id: 'b', slug: 'owned' },
    ];
    expect(nameProblem('summer reads', shelves)).toBe(CUSTOM_SHELF_MESSAGES.duplicate);
    expect(nameProblem('Summer Reads', shelves, 'a')).toBeNull();
    expect(nameProblem('Owned', shelves, 'a')).toBe(CUSTOM_SHELF_MESSAGES.duplicate);
    expect(nameProblem('Loaned', shelves)).toBeNull();
  });
});

describe('the order of shelves', () => {
  const shelves = [
    { id: 'c', position: 2 },
    { id: 'a', position: 0 },
    { id: 'b', position: 1 },
  ];

  it('is by position, and a new shelf goes last', () => {
    expect(orderShelves(shelves).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(nextPosition(shelves)).toBe(3);
    expect(nextPosition([])).toBe(0);
  });

  it('moves a shelf one place up or down by trading places with its neighbour', () => {
    expect(movedPositions(shelves, 'c', 'up')).toEqual([
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ]);
    expect(movedPositions(shelves, 'a', 'down')).toEqual([
      { id: 'b', position: 0 },
      { id: 'a', position: 1 },
    ]);
  });

  it('leaves the first shelf first and the last last, and an unknown one alone', () => {
    expect(movedPositions(shelves, 'a', 'up')).toEqual([]);
    expect(movedPositions(shelves, 'c', 'down')).toEqual([]);
    expect(movedPositions(shelves, 'zz', 'up')).toEqual([]);
  });

  it('renumbers gaps and ties so the asked order holds', () => {
    const gappy = [
      { id: 'a', position: 5 },
      { id: 'b', position: 5 },
      { id: 'c', position: 9 },
    ];
    expect(movedPositions(gappy, 'c', 'up')).toEqual([
      { id: 'a', position: 0 },
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ]);
  });
});

describe('a shelf page address', () => {
  it('is under the profile, with an optional cursor', () => {
    expect(customShelfPath('margot-ellery', 'summer-reads')).toBe(
      '/profile/margot-ellery/shelves/summer-reads',
    );
    expect(customShelfPath('m', 's', 'abc__def')).toBe('/profile/m/shelves/s?after=abc__def');
  });

  it('accepts only a placement id as its cursor', () => {
    expect(parseShelfCursor('shelf1__book2')).toBe('shelf1__book2');
    expect(parseShelfCursor('book2')).toBeUndefined();
    expect(parseShelfCursor('a__b/../c')).toBeUndefined();
    expect(parseShelfCursor(null)).toBeUndefined();
    expect(parseShelfCursor(`${'x'.repeat(300)}__y`)).toBeUndefined();
  });
});
