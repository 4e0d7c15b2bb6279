import { collection, getDocs, orderBy, query, Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeWritesDeniedToEveryone,
  expectAllowed,
  expectDenied,
  everyone,
  listAll,
  nonAdmins,
  readDoc,
  uids,
} from '../helpers/rules-env';
import { approvedProfile } from '../../shared/profile';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// admin_audit_log: written only by the admin functions (Admin SDK); admins read it,
// nobody writes it from a client. A member whose profile says role 'Admin' is still
// a member: only the admin claim counts.
const entry = {
  actor_uid: uids.admin,
  action: 'approve-user',
  target_uid: uids.pending,
  before: { approval_status: 'pending' },
  after: { approval_status: 'approved' },
  at: Timestamp.fromDate(new Date('2026-01-05T14:02:00Z')),
};

const failure = {
  kind: 'mail',
  message: 'connect ECONNREFUSED 127.0.0.1:1',
  context: { to: 'someone@example.test', subject: 'You have been invited to Shelfmark' },
  at: Timestamp.fromDate(new Date('2026-01-05T14:03:00Z')),
};

const profile = (uid: string, extra: Record<string, unknown>) =>
  approvedProfile(uid, {
    display_name: uid,
    page_slug: uid,
    created_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
    ...extra,
  });

const env = useSeededRulesEnv('admin-audit-log', () => ({
  'admin_audit_log/one': entry,
  'server_failures/one': failure,
  'ops_alerts/mail': { kind: 'mail', open: true, recent: [], streak: 0, last_message: 'refused' },
  [`profiles/${uids.owner}`]: profile(uids.owner, { role: 'Admin' }),
  [`profiles/${uids.pending}`]: profile(uids.pending, { approval_status: 'pending' }),
}));

describe('admin_audit_log', () => {
  it('an admin reads and lists the entries', async () => {
    const snapshot = await expectAllowed(readDoc(dbAs(env(), 'admin'), 'admin_audit_log/one'));
    expect(snapshot.get('action')).toBe('approve-user');
    const list = await expectAllowed(
      getDocs(query(collection(dbAs(env(), 'admin'), 'admin_audit_log'), orderBy('at', 'desc'))),
    );
    expect(list.size).toBe(1);
  });

  for (const actor of nonAdmins) {
    it(`${actorLabel[actor]} cannot read or list the entries`, async () => {
      await expectDenied(readDoc(dbAs(env(), actor), 'admin_audit_log/one'));
      await expectDenied(listAll(dbAs(env(), actor), 'admin_audit_log'));
    });
  }

  it('a member whose profile role is Admin (no claim) cannot read the entries', async () => {
    // 'owner' carries role 'Admin' on the profile seeded above.
    await expectDenied(readDoc(dbAs(env(), 'owner'), 'admin_audit_log/one'));
  });

  describeWritesDeniedToEveryone(env, '%s', () => ({
    newPath: 'admin_audit_log/new',
    existingPath: 'admin_audit_log/one',
    data: { action: 'forged' },
  }));
});

// server_failures: recorded by the functions beside the audit log, under the same rules.
describe('server_failures', () => {
  it('an admin reads and lists the entries', async () => {
    const list = await expectAllowed(
      getDocs(query(collection(dbAs(env(), 'admin'), 'server_failures'), orderBy('at', 'desc'))),
    );
    expect(list.docs.map((d) => d.get('kind'))).toEqual(['mail']);
  });

  for (const actor of nonAdmins) {
    it(`${actorLabel[actor]} cannot read or list the entries`, async () => {
      await expectDenied(readDoc(dbAs(env(), actor), 'server_failures/one'));
      await expectDenied(listAll(dbAs(env(), actor), 'server_failures'));
    });
  }

  it('a member whose profile role is Admin (no claim) cannot read the entries', async () => {
    await expectDenied(readDoc(dbAs(env(), 'owner'), 'server_failures/one'));
  });

  describeWritesDeniedToEveryone(env, '%s', () => ({
    newPath: 'server_failures/new',
    existingPath: 'server_failures/one',
    data: { kind: 'publish' },
  }));
});

// ops_alerts: the failure counts and open alerts the functions keep; the dashboard goes
// through adminOpsAlerts, so no client, an admin neither, reads or writes them.
describe('ops_alerts', () => {
  for (const actor of everyone) {
    it(`${actorLabel[actor]} cannot read or list the alerts`, async () => {
      await expectDenied(readDoc(dbAs(env(), actor), 'ops_alerts/mail'));
      await expectDenied(listAll(dbAs(env(), actor), 'ops_alerts'));
    });
  }

  describeWritesDeniedToEveryone(env, '%s', () => ({
    newPath: 'ops_alerts/publish',
    existingPath: 'ops_alerts/mail',
    data: { open: false },
  }));
});
