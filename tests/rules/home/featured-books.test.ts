import { orderBy, query, Timestamp, type DocumentData } from 'firebase/firestore';
import { expect } from 'vitest';
import { uids } from '../helpers/rules-env';
import { describePublicReadOnly } from '../helpers/public-read-only';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function featuredBook(position: number, bookId: string): DocumentData {
  return {
    book_id: bookId,
    position,
    created_by: uids.admin,
    created_at: Timestamp.fromDate(new Date('2025-06-01T12:00:00Z')),
  };
}

const env = useSeededRulesEnv('featured-books', () => ({
  'featured_books/1': featuredBook(1, 'lighthouse-keeper'),
  'featured_books/2': featuredBook(2, 'harbour-lights'),
}));

describePublicReadOnly({
  env,
  collection: 'featured_books',
  get: { title: 'reads position 1', id: '1' },
  list: {
    title: 'lists the picks ordered by position',
    query: (items) => query(items, orderBy('position')),
    check: (snapshot) =>
      expect(snapshot.docs.map((d) => d.get('book_id'))).toEqual(['lighthouse-keeper', 'harbour-lights']),
  },
  writes: { newId: '3', existingId: '1', data: featuredBook(3, 'a-new-book') },
});
