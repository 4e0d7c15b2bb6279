import {
  Timestamp,
  doc,
  getDoc,
  query,
  setDoc,
  updateDoc,
  where,
  type DocumentData,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actorLabel, dbAs, everyone, expectDenied, uids } from '../helpers/rules-env';
import { describeOwnedItemReads } from '../helpers/owned-item-reads';
import { useSeededRulesEnv } from '../helpers/seeded-env';

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
    owner_public: true,
    is_public: true,
    is_full_book_free: false,
    manuscript_content: [
      { id: 's1', type: 'text', title: 'Chapter 1', content: 'The lamp was lit at dusk.', order: 1 },
    ],
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
  'books/inactive-book': book({ title: 'A Draft Withdrawn', is_active: false, is_public: false }),
  'books/bobs-book': book({ user_id: uids.other, title: 'Harbour Lights' }),
}));

describeOwnedItemReads({
  env,
  collection: 'books',
  noun: { one: 'book', many: 'books' },
  makeDoc: () => book(),
  publicList: {
    title: 'filtered to is_public == true',
    query: (items) => query(items, where('is_public', '==', true)),
    size: 2,
  },
});

// The plan-limit lock documents the functions write when a book or product is
// created: nobody reads or writes them from a client, so nobody can forge or
// hold one to get around the limit.
describe('plan_locks', () => {
  for (const actor of everyone) {
    it(`${actorLabel[actor]}: cannot read or write a plan lock`, async () => {
      const ref = doc(dbAs(env(), actor), 'plan_locks', uids.owner);
      await expectDenied(getDoc(ref));
      await expectDenied(setDoc(ref, { books: 1 }));
    });
  }
});

// Forged fields change nothing: every client write to books is refused, so
// is_featured, is_active, user_id and a fourth book are only ever written by the
// functions (which check them).
describe('forged book writes', () => {
  it('the owner cannot create a fourth book, feature, enable or re-own a book from the client', async () => {
    const db = dbAs(env(), 'owner');
    await expectDenied(setDoc(doc(db, 'books', 'fourth'), book()));
    await expectDenied(updateDoc(doc(db, 'books', 'active-book'), { is_featured: true }));
    await expectDenied(updateDoc(doc(db, 'books', 'inactive-book'), { is_active: true }));
    await expectDenied(updateDoc(doc(db, 'books', 'active-book'), { user_id: uids.other }));
  });
});
