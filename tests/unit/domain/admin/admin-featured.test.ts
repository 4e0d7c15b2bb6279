import { describe, expect, it } from 'vitest';
import { bookMatchesSearch, mergeBookSearch } from '../../../../src/domain/admin/admin-featured';

const fresh = { id: 'new', title: 'Spotlight Book k3x9', author: null };
const indexed = { id: 'old', title: 'Spotlight Sonata', author: { display_name: 'Ann Ode' } };

describe('bookMatchesSearch', () => {
  it('matches word prefixes of the title and the author, folded', () => {
    expect(bookMatchesSearch(fresh, 'spotlight')).toBe(true);
    expect(bookMatchesSearch(fresh, 'SPOT book K3X9')).toBe(true);
    expect(bookMatchesSearch(indexed, 'ode')).toBe(true);
    expect(bookMatchesSearch({ id: 'z', title: 'Zoë' }, 'zoe')).toBe(true);
  });

  it('needs every word to start some word', () => {
    expect(bookMatchesSearch(fresh, 'light')).toBe(false);
    expect(bookMatchesSearch(fresh, 'spotlight sonata')).toBe(false);
  });

  it('matches everything on an empty search', () => {
    expect(bookMatchesSearch({ id: 'x' }, '  ')).toBe(true);
  });
});

describe('mergeBookSearch', () => {
  it('finds a newest book the index has not reached yet, before the indexed ones', () => {
    const newest = [fresh, { id: 'other', title: 'Another Title' }, indexed];
    expect(mergeBookSearch([indexed], newest, 'Spotlight Book k3x9', 20).map((b) => b.id)).toEqual([
      'new',
      'old',
    ]);
  });

  it('lists each book once and at most max', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ id: `b${i}`, title: `Spotlight ${i}` }));
    expect(mergeBookSearch(many, many, 'spotlight', 3).map((b) => b.id)).toEqual(['b0', 'b1', 'b2']);
  });

  it('leaves out newest books that do not match', () => {
    expect(mergeBookSearch([], [{ id: 'x', title: 'Midnight' }], 'spotlight', 20)).toEqual([]);
  });
});

describe('failureMessage', () => {
  it('keeps an error on one bounded line', async () => {
    const { failureMessage, FAILURE_MESSAGE_MAX } =
      await import('../../../../src/domain/shared/server-failures');
    expect(failureMessage(new Error('connect\n  refused'))).toBe('connect refused');
    expect(failureMessage('')).toBe('Unknown error');
    expect(failureMessage({ code: 5 })).toBe('{"code":5}');
    expect(failureMessage('x'.repeat(2000))).toHaveLength(FAILURE_MESSAGE_MAX);
  });
});
