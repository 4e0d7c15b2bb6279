import { Timestamp, type DocumentData } from 'firebase/firestore';
import { uids } from './helpers';
import { describeOwnedItemReads } from './shared/owned-item-reads';
import { useSeededRulesEnv } from './shared/seeded-env';

function book(overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uids.owner,
    title: 'The Lighthouse Keeper',
    description: 'A keeper counts the ships that never arrive.',
    cover_image: 'https://example.com/covers/lighthouse.jpg',
    category: 'fiction',
    genre: ['literary-fiction'],
    sub_genre: ['coastal'],
    is_active: true,
    is_full_book_free: false,
    manuscript_content: [{ id: 's1', type: 'text', title: 'Chapter 1', content: 'The lamp was lit at dusk.', order: 1 }],
    audiobook_url: '',
    purchase_url: 'https://example.com/buy/lighthouse',
    ebook_price: '4.99',
    author: { display_name: 'Alice Author', page_slug: 'alice-author' },
    created_at: Timestamp.fromDate(new Date('2025-03-01T10:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-03-02T10:00:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('books', () => ({
  'books/active-book': book(),
  'books/inactive-book': book({ title: 'A Draft Withdrawn', is_active: false }),
  'books/bobs-book': book({ user_id: uids.other, title: 'Harbour Lights' }),
}));

describeOwnedItemReads({ env, collection: 'books', noun: { one: 'book', many: 'books' }, makeDoc: () => book() });
