import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  Timestamp,
  where,
  type DocumentData,
} from 'firebase/firestore';
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

// reports/{id} (src/domain/report.ts) is the server's alone: POST /api/report
// writes it and the admin functions read it, with the Admin SDK. Every client,
// admins included, is denied every read and write, of their own reports (the
// owner's below) and of another person's (a visitor's), by id, by list and by a
// query on their own uid.
const when = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
const reports: Record<string, DocumentData> = {
  [`reports/${'a'.repeat(64)}`]: {
    item: { kind: 'book', id: 'book-1' },
    item_key: 'book:book-1',
    reason: 'spam',
    note: 'Looks like a scam',
    reporter: { kind: 'member', uid: uids.owner },
    status: 'open',
    created_at: when,
  },
  [`reports/${'b'.repeat(64)}`]: {
    item: { kind: 'review', id: 'book-1__someone' },
    item_key: 'review:book-1__someone',
    reason: 'offensive',
    note: '',
    reporter: { kind: 'visitor', client_hash: 'c'.repeat(64) },
    status: 'open',
    created_at: when,
  },
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await setupRulesEnv('reports');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, reports);
});

describe('reports', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      for (const path of Object.keys(reports)) {
        describe(path, () => {
          it('get is denied', async () => {
            await expectDenied(getDoc(doc(dbAs(env, actor), path)));
          });
          itDeniesWrites(
            () => dbAs(env, actor),
            { newPath: 'reports/new-doc', existingPath: path },
            reports[path]!,
          );
        });
      }
      it('list is denied', async () => {
        await expectDenied(getDocs(collection(dbAs(env, actor), 'reports')));
      });
      it("a query for the owner's own reports is denied", async () => {
        await expectDenied(
          getDocs(query(collection(dbAs(env, actor), 'reports'), where('reporter.uid', '==', uids.owner))),
        );
      });
    });
  }
});
