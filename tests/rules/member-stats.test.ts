import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs } from 'firebase/firestore';
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

// member_stats (a member's analytics, src/domain/member-stats.ts) is written
// only by the site's server and read only through the memberAnalytics
// callable: no client reads or writes it, its owner and admins included, so
// nobody reads another member's figures or fakes their own.
const statsPaths = {
  [`member_stats/${uids.owner}/days/2026-11-20`]: {
    day: '2026-11-20',
    views: 3,
    clicks: 1,
    items: { [`profile_${uids.owner}`]: { kind: 'profile', title: 'Alice', views: 3, clicks: 0, links: {} } },
  },
  [`member_stats/${uids.owner}`]: { note: 'parent' },
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await setupRulesEnv('member-stats');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, statsPaths);
});

describe('member_stats', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      for (const path of Object.keys(statsPaths)) {
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
            { views: 1000 },
          );
        });
      }
    });
  }
});
