import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, orderBy, query, Timestamp, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  everyone,
  expectAllowed,
  itDeniesWrites,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
} from './helpers';

let env: RulesTestEnvironment;

function featuredBook(position: number, bookId: string): DocumentData {
  return { book_id: bookId, position, created_by: uids.admin, created_at: Timestamp.fromDate(new Date('2025-06-01T12:00:00Z')) };
}

beforeAll(async () => {
  env = await setupRulesEnv('featured-books');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'featured_books/1': featuredBook(1, 'lighthouse-keeper'),
    'featured_books/2': featuredBook(2, 'harbour-lights'),
  });
});

describe('featured_books', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads position 1', async () => {
          await expectAllowed(getDoc(doc(dbAs(env, actor), 'featured_books', '1')));
        });
      });
      describe('list', () => {
        it('lists the picks ordered by position', async () => {
          const snapshot = await expectAllowed(
            getDocs(query(collection(dbAs(env, actor), 'featured_books'), orderBy('position'))),
          );
          expect(snapshot.docs.map((d) => d.get('book_id'))).toEqual(['lighthouse-keeper', 'harbour-lights']);
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(
          () => dbAs(env, actor),
          { newPath: 'featured_books/3', existingPath: 'featured_books/1' },
          featuredBook(3, 'a-new-book'),
        );
      });
    });
  }
});
