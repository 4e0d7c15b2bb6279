// The admin second factor in the rules: the record is closed to every client, and
// an admin's direct writes and reads need this sign-in's live second-factor session
// (firestore.rules isAdmin → secondFactorLive), as the functions' guard does.
import { addDoc, collection, getDocs, serverTimestamp, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { dbWithClaims, expectAllowed, expectDenied, secondFactorRecord, uids } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

const SIGNED_IN = 1_900_000_000;
const records = {
  [`admin_second_factors/${uids.admin}`]: secondFactorRecord(0),
  [`admin_second_factors/${uids.owner}`]: secondFactorRecord(0),
};

const env = useSeededRulesEnv('admin-second-factors', () => ({
  ...records,
  'profiles/admin-two': { user_id: 'admin-two', role: 'Admin', is_active: true, approval_status: 'approved' },
  'profiles/admin-three': {
    user_id: 'admin-three',
    role: 'Admin',
    is_active: true,
    approval_status: 'approved',
  },
  'profiles/admin-four': {
    user_id: 'admin-four',
    role: 'Admin',
    is_active: true,
    approval_status: 'approved',
  },
  'profiles/admin-five': {
    user_id: 'admin-five',
    role: 'Admin',
    is_active: true,
    approval_status: 'approved',
  },
  // A live session for the sign-in at SIGNED_IN only.
  'admin_second_factors/admin-two': secondFactorRecord(SIGNED_IN),
  // Set up (a secret in the making) but never confirmed.
  'admin_second_factors/admin-four': {
    enrolled: false,
    pending_secret: 'sealed',
    sessions: { [String(SIGNED_IN)]: 8.64e15 },
  },
  // Confirmed, and its session for SIGNED_IN ended a second after the epoch.
  'admin_second_factors/admin-five': {
    enrolled: true,
    secret: 'sealed',
    sessions: { [String(SIGNED_IN)]: 1000 },
  },
}));

describeServerOnly('admin_second_factors (the secret, recovery codes and sessions)', env, records);

const adminAt = (uid: string, authTime: number): Firestore =>
  dbWithClaims(env(), uid, { admin: true, email_verified: true, auth_time: authTime });
const adminWrite = (db: Firestore, uid: string) =>
  addDoc(collection(db, 'blog_posts'), {
    title: 'Notes from the team',
    content: 'Hello.',
    author: 'Shelfmark Team',
    is_published: false,
    created_by: uid,
    created_at: serverTimestamp(),
    updated_at: serverTimestamp(),
  });
const adminRead = (db: Firestore) => getDocs(collection(db, 'admin_audit_log'));

describe('admin powers need the second factor of this sign-in', () => {
  it('an admin whose sign-in entered a code writes and reads as an admin', async () => {
    const db = adminAt('admin-two', SIGNED_IN);
    await expectAllowed(adminWrite(db, 'admin-two'));
    await expectAllowed(adminRead(db));
  });
  it('the same admin signed in again with the password alone has no powers', async () => {
    const db = adminAt('admin-two', SIGNED_IN + 5);
    await expectDenied(adminWrite(db, 'admin-two'));
    await expectDenied(adminRead(db));
  });
  it('an admin without a second factor has no powers', async () => {
    const db = adminAt('admin-three', SIGNED_IN);
    await expectDenied(adminWrite(db, 'admin-three'));
    await expectDenied(adminRead(db));
  });
  it('an admin who started but never confirmed the set-up has no powers', async () => {
    await expectDenied(adminWrite(adminAt('admin-four', SIGNED_IN), 'admin-four'));
  });
  it('an admin whose second-factor session ended has no powers', async () => {
    await expectDenied(adminWrite(adminAt('admin-five', SIGNED_IN), 'admin-five'));
  });
});
