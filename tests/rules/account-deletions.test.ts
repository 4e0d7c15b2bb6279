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

// account_deletions/{uid} and retired page_slugs claims are written by the
// deleteAccount and saveProfile functions (Admin SDK) only: every client
// operation is denied, the member's own record and an admin included.
const records = {
  [`account_deletions/${uids.owner}`]: {
    uid: uids.owner,
    requested_by: uids.owner,
    status: 'running',
    steps_done: ['auth'],
    requested_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
  'page_slugs/old-alice': {
    uid: uids.owner,
    claimed_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
    retired_at: Timestamp.fromDate(new Date('2025-03-01T00:00:00Z')),
  },
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await setupRulesEnv('account-deletions');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, records);
});

describe('server-only records of saving and deleting accounts', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      for (const path of Object.keys(records)) {
        describe(path, () => {
          it('get is denied', async () => {
            await expectDenied(getDoc(doc(dbAs(env, actor), path)));
          });
          it('list is denied', async () => {
            await expectDenied(getDocs(collection(dbAs(env, actor), path.slice(0, path.indexOf('/')))));
          });
          itDeniesWrites(
            () => dbAs(env, actor),
            { newPath: `${path}-new`, existingPath: path },
            { uid: uids.owner, status: 'done' },
          );
        });
      }
    });
  }
});
