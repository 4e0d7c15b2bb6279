// The Firestore query of a listing plan, for the book listings and the market alike:
// every equality, then the one array-contains, then the orderings, in the plan's order.
import type { Query } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { planListing } from '../../../../../src/domain/books/book-listing.ts';
import { plannedQuery } from '../../../../../src/data/server/shared/planned-query.ts';

/** A query that only records the calls made on it. */
function recorder(calls: unknown[][] = []): Query & { calls: unknown[][] } {
  const query = {
    calls,
    where: (...args: unknown[]) => recorder([...calls, ['where', ...args]]),
    orderBy: (...args: unknown[]) => recorder([...calls, ['orderBy', ...args]]),
  };
  return query as unknown as Query & { calls: unknown[][] };
}

const callsOf = (query: Query) => (query as Query & { calls: unknown[][] }).calls;

describe('plannedQuery', () => {
  it('applies equalities, the array-contains and the orderings in that order', () => {
    const plan = {
      equals: [
        ['type', 'services'],
        ['category', 'editing'],
      ] as const,
      arrayContains: { field: 'search_keywords', value: 'poetry' },
      orderBy: [
        ['is_featured', 'desc'],
        ['created_at', 'desc'],
      ] as const,
    };
    expect(callsOf(plannedQuery(recorder(), plan))).toEqual([
      ['where', 'type', '==', 'services'],
      ['where', 'category', '==', 'editing'],
      ['where', 'search_keywords', 'array-contains', 'poetry'],
      ['orderBy', 'is_featured', 'desc'],
      ['orderBy', 'created_at', 'desc'],
    ]);
  });

  it('adds no array-contains when the plan has none (a book listing without search or genre)', () => {
    const books = planListing('all', {});
    const calls = callsOf(plannedQuery(recorder(), books));
    expect(calls.filter(([, , op]) => op === 'array-contains')).toEqual([]);
    expect(calls.length).toBe(books.equals.length + books.orderBy.length);
  });
});
