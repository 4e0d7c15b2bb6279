// Powers follow the caller's current record, not their token: an admin demoted
// or deactivated a moment ago, and any token issued before the member's
// sessions were ended (the profile's tokens_valid_after stamp), write nothing,
// although the token still carries the admin claim and is not expired.
// Actor × operation: member writes (own profile, own shelf privacy setting) and admin
// writes (a blog post, another member's profile) and an admin-only read.
import {
  addDoc,
  collection,
  doc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ADMIN_PROFILE, expectAllowed, expectDenied, secondFactorRecord, uids } from '../helpers/rules-env';
import { approvedProfile } from '../../shared/profile';
import { useSeededRulesEnv } from '../helpers/seeded-env';

/** The session stamp: every sign-in before 10:00:00 is over. */
const CUT = new Date('2026-03-01T10:00:00Z');
const CUT_SECONDS = CUT.getTime() / 1000;

function member(uid: string, overrides: DocumentData = {}): DocumentData {
  return approvedProfile(uid, {
    display_name: 'Alice Author',
    page_slug: uid,
    role: 'Book Author',
    ...overrides,
  });
}

const STAMPED = { tokens_valid_after: Timestamp.fromDate(CUT) };

const env = useSeededRulesEnv('sessions', () => ({
  [`profiles/${uids.owner}`]: member(uids.owner, STAMPED),
  [`profiles/${uids.other}`]: member(uids.other, { display_name: 'Bob Reader' }),
  // Admins in three states, each still holding a token with the admin claim.
  [`profiles/${uids.admin}`]: { ...ADMIN_PROFILE, ...STAMPED },
  // The admin entered their second factor in both sign-ins, so only the stamp decides.
  [`admin_second_factors/${uids.admin}`]: secondFactorRecord(CUT_SECONDS - 60, CUT_SECONDS + 1),
  'admin_second_factors/demoted-uid': secondFactorRecord(CUT_SECONDS + 60),
  'admin_second_factors/gone-admin-uid': secondFactorRecord(CUT_SECONDS + 60),
  'profiles/demoted-uid': member('demoted-uid', { display_name: 'Dee Demoted', role: 'User' }),
  'profiles/gone-admin-uid': member('gone-admin-uid', {
    display_name: 'Gus Gone',
    role: 'Admin',
    is_active: false,
  }),
}));

/** A member (email verified) whose token says they signed in at `authTime`. */
function memberDb(uid: string, authTime: number): Firestore {
  return env()
    .authenticatedContext(uid, { email_verified: true, auth_time: authTime })
    .firestore() as unknown as Firestore;
}

/** A token with the admin claim, signed in at `authTime`. */
function adminDb(uid: string, authTime: number): Firestore {
  return env()
    .authenticatedContext(uid, { admin: true, email_verified: true, auth_time: authTime })
    .firestore() as unknown as Firestore;
}

const memberWrite = (db: Firestore) =>
  updateDoc(doc(db, 'profiles', uids.owner), {
    about_me: 'Written after the cut?',
    updated_at: serverTimestamp(),
  });
const settingWrite = (db: Firestore, uid: string) =>
  setDoc(doc(db, 'shelf_settings', uid), { private: true, updated_at: serverTimestamp() });
const adminWrite = (db: Firestore, uid: string = uids.admin) =>
  addDoc(collection(db, 'blog_posts'), {
    title: 'Notes from the team',
    content: 'Hello.',
    author: 'Shelfmark Team',
    is_published: false,
    created_by: uid,
    created_at: serverTimestamp(),
    updated_at: serverTimestamp(),
  });
const adminEdit = (db: Firestore) =>
  updateDoc(doc(db, 'profiles', uids.other), { approval_status: 'denied' });
const adminRead = (db: Firestore) => getDocs(collection(db, 'admin_audit_log'));

describe('a member whose sessions were ended', () => {
  it('cannot write with a token signed in before the stamp', async () => {
    await expectDenied(memberWrite(memberDb(uids.owner, CUT_SECONDS - 1)));
    await expectDenied(settingWrite(memberDb(uids.owner, CUT_SECONDS - 1), uids.owner));
  });
  it('writes again after signing in (the same second as the stamp or later)', async () => {
    await expectAllowed(memberWrite(memberDb(uids.owner, CUT_SECONDS)));
    await expectAllowed(settingWrite(memberDb(uids.owner, CUT_SECONDS + 30), uids.owner));
  });
  it('a member whose sessions were never ended writes with any token', async () => {
    await expectAllowed(settingWrite(memberDb(uids.other, 1), uids.other));
  });
  it('cannot clear or move the stamp', async () => {
    const db = memberDb(uids.owner, CUT_SECONDS + 30);
    await expectDenied(updateDoc(doc(db, 'profiles', uids.owner), { tokens_valid_after: null }));
    await expectDenied(
      updateDoc(doc(db, 'profiles', uids.owner), {
        tokens_valid_after: Timestamp.fromDate(new Date('2000-01-01T00:00:00Z')),
      }),
    );
  });
});

describe('an admin whose sessions were ended', () => {
  it('has no powers with a token from before the stamp', async () => {
    const db = adminDb(uids.admin, CUT_SECONDS - 60);
    await expectDenied(adminWrite(db));
    await expectDenied(adminEdit(db));
    await expectDenied(adminRead(db));
  });
  it('has them again after signing in', async () => {
    const db = adminDb(uids.admin, CUT_SECONDS + 1);
    await expectAllowed(adminWrite(db));
    await expectAllowed(adminEdit(db));
    await expectAllowed(adminRead(db));
  });
});

describe('a demoted admin still holding a token with the admin claim', () => {
  it('has no admin powers: the profile says role User', async () => {
    const db = adminDb('demoted-uid', CUT_SECONDS + 60);
    await expectDenied(adminWrite(db, 'demoted-uid'));
    await expectDenied(adminEdit(db));
    await expectDenied(adminRead(db));
  });
});

describe('a deactivated admin still holding a token with the admin claim', () => {
  it('has no admin powers: the profile is inactive', async () => {
    const db = adminDb('gone-admin-uid', CUT_SECONDS + 60);
    await expectDenied(adminWrite(db, 'gone-admin-uid'));
    await expectDenied(adminEdit(db));
    await expectDenied(adminRead(db));
  });
});

describe('a token with the admin claim and no profile at all', () => {
  it('has no admin powers', async () => {
    const db = adminDb('nobody-uid', CUT_SECONDS + 60);
    await expectDenied(adminWrite(db, 'nobody-uid'));
    await expectDenied(adminRead(db));
  });
});
