import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, Timestamp, where, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  nonOwners,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
  type Actor,
} from './helpers';

let env: RulesTestEnvironment;

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

beforeAll(async () => {
  env = await setupRulesEnv('books');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'books/active-book': book(),
    'books/inactive-book': book({ title: 'A Draft Withdrawn', is_active: false }),
    'books/bobs-book': book({ user_id: uids.other, title: 'Harbour Lights' }),
  });
});

const booksOf = (actor: Actor) => collection(dbAs(env, actor), 'books');
const bookAs = (actor: Actor, id: string) => doc(dbAs(env, actor), 'books', id);

describe('books', () => {
  for (const actor of nonOwners) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads an active book', async () => {
          await expectAllowed(getDoc(bookAs(actor, 'active-book')));
        });
        it('cannot read an inactive book', async () => {
          await expectDenied(getDoc(bookAs(actor, 'inactive-book')));
        });
      });
      describe('list', () => {
        it('lists books filtered to is_active == true', async () => {
          const snapshot = await expectAllowed(getDocs(query(booksOf(actor), where('is_active', '==', true))));
          expect(snapshot.size).toBe(2);
        });
        it('cannot list books without the is_active filter', async () => {
          await expectDenied(getDocs(booksOf(actor)));
        });
        it("cannot list another member's books unfiltered, which would include inactive ones", async () => {
          await expectDenied(getDocs(query(booksOf(actor), where('user_id', '==', uids.owner))));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'books/new-book', existingPath: 'books/active-book' }, book());
      });
    });
  }

  describe(actorLabel.owner, () => {
    describe('get', () => {
      it('reads their own inactive book', async () => {
        await expectAllowed(getDoc(bookAs('owner', 'inactive-book')));
      });
    });
    describe('list', () => {
      it('lists all their own books, active or not', async () => {
        const snapshot = await expectAllowed(getDocs(query(booksOf('owner'), where('user_id', '==', uids.owner))));
        expect(snapshot.size).toBe(2);
      });
      it('cannot list every book without a filter', async () => {
        await expectDenied(getDocs(booksOf('owner')));
      });
    });
    describe('create, update, delete', () => {
      itDeniesWrites(() => dbAs(env, 'owner'), { newPath: 'books/new-book', existingPath: 'books/active-book' }, book());
    });
  });

  describe(actorLabel.admin, () => {
    describe('get', () => {
      it('reads an inactive book', async () => {
        await expectAllowed(getDoc(bookAs('admin', 'inactive-book')));
      });
    });
    describe('list', () => {
      it('lists every book without a filter', async () => {
        const snapshot = await expectAllowed(getDocs(booksOf('admin')));
        expect(snapshot.size).toBe(3);
      });
    });
    describe('create, update, delete', () => {
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'books/new-book', existingPath: 'books/active-book' }, book());
    });
  });
});
