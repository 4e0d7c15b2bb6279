import { Timestamp, type DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actorLabel, dbAs, everyone, expectDenied, listWhere, uids } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// reports/{id} (src/domain/reports/report.ts) is the server's alone: POST /api/report
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

const env = useSeededRulesEnv('reports', () => reports);

describeServerOnly('reports', env, reports, { newPathOf: () => 'reports/new-doc' });

describe("reports: a query for one's own", () => {
  for (const actor of everyone) {
    it(`${actorLabel[actor]}: a query for the owner's own reports is denied`, async () => {
      await expectDenied(listWhere(dbAs(env(), actor), 'reports', { 'reporter.uid': uids.owner }));
    });
  }
});
