import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, Timestamp } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  everyone,
  expectDenied,
  itDeniesWrites,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
} from './helpers';

// Anything not matched in firestore.rules is closed, admins included: a
// collection the spec does not name, and sub-collections of named ones.
const unlistedPaths = {
  'users/alice-uid': { email: 'alice@example.com', user_id: uids.owner },
  // The reviews' burst guard counts (server only, src/domain/review-burst.ts).
  'book_review_activity/book-1': { minutes: {}, days: { '2025-03-05': 2 } },
  'books/active-book/reviews/r1': {
    user_id: uids.other,
    rating: 5,
    created_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await setupRulesEnv('other-paths');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, unlistedPaths);
});

describe('paths the rules do not name', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      for (const path of Object.keys(unlistedPaths)) {
        describe(path, () => {
          it('get is denied', async () => {
            await expectDenied(getDoc(doc(dbAs(env, actor), path)));
          });
          it('list is denied', async () => {
            const parent = path.slice(0, path.lastIndexOf('/'));
            await expectDenied(getDocs(collection(dbAs(env, actor), parent)));
          });
          itDeniesWrites(
            () => dbAs(env, actor),
            { newPath: `${path}-new`, existingPath: path },
            { note: 'anything' },
          );
        });
      }
    });
  }
});
