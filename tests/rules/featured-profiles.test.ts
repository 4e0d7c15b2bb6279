import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, orderBy, query, type DocumentData } from 'firebase/firestore';
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

function featuredProfile(position: number, userId: string): DocumentData {
  return { user_id: userId, position, created_by: uids.admin };
}

beforeAll(async () => {
  env = await setupRulesEnv('featured-profiles');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'featured_profiles/1': featuredProfile(1, uids.owner),
    'featured_profiles/2': featuredProfile(2, uids.other),
  });
});

describe('featured_profiles', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads position 1', async () => {
          await expectAllowed(getDoc(doc(dbAs(env, actor), 'featured_profiles', '1')));
        });
      });
      describe('list', () => {
        it('lists the picks ordered by position', async () => {
          const snapshot = await expectAllowed(
            getDocs(query(collection(dbAs(env, actor), 'featured_profiles'), orderBy('position'))),
          );
          expect(snapshot.docs.map((d) => d.get('user_id'))).toEqual([uids.owner, uids.other]);
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(
          () => dbAs(env, actor),
          { newPath: 'featured_profiles/3', existingPath: 'featured_profiles/1' },
          featuredProfile(3, uids.pending),
        );
      });
    });
  }
});
