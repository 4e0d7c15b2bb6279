// adminUserManagement on the emulators: only the admin claim opens it (a member
// whose profile says 'Admin' is refused), every action does what the dashboard
// promises on both Firestore and Auth, and each one leaves an audit entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  OWN_ADMIN_RIGHT_MESSAGE,
  OWN_ACCOUNT_MESSAGE,
  type AdminUserPage,
  type AdminUserRow,
} from '../../../src/domain/admin/admin-users';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { GRANT_MESSAGES } from '../../../src/domain/billing/billing';
import { adminDb, eventually } from '../helpers/emulator';
import { newEmail, paidBillingRecord } from '../helpers/factories';
import { authRestUrl, signInForIdToken } from '../helpers/callable';
import { useMailbox } from '../helpers/mailbox';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const mailbox = useMailbox();
let admin: Member;

function call<T>(caller: Member | undefined, data: Record<string, unknown>) {
  return callAs<T>('adminUserManagement', caller, data);
}

async function auditFor(target: string, action: string) {
  const entries = await db
    .collection(ADMIN_AUDIT_COLLECTION)
    .where('target_uid', '==', target)
    .where('action', '==', action)
    .get();
  return entries.docs.map((doc) => doc.data());
}

beforeAll(async () => {
  admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
});

describe('who may call', () => {
  it('refuses visitors, pending members, members and a member whose profile role is Admin', async () => {
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    const member = await makeMember();
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    const target = await makeMember({ profile: { approval_status: 'pending' } });
    const requests = [
      { action: 'get-users-with-emails' },
      { action: 'approve-user', userId: target.uid },
      { action: 'set-active', userId: target.uid, is_active: false },
      { action: 'reset-password', userId: target.uid },
      { action: 'delete-user', userId: target.uid },
      {
        action: 'update-user',
        userId: selfStyled.uid,
        fields: {
          display_name: 'X',
          role: 'Admin',
          category: 'Book Author',
          is_active: true,
          approval_status: 'approved',
        },
      },
      {
        action: 'create-user',
        email: newEmail(),
        password: 'secret-pass',
        display_name: 'X',
        category: 'Book Author',
        role: 'Admin',
        send_invitation: false,
      },
    ];
    for (const caller of [undefined, pending, member, selfStyled]) {
      for (const data of requests) {
        const answer = await call(caller, data);
        expect(answer.error?.message, `${caller?.uid ?? 'visitor'} ${data.action}`).toBe('Access Denied');
        expect(answer.error?.status).toBe(caller ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED');
      }
    }
    expect((await db.doc(`profiles/${target.uid}`).get()).get('approval_status')).toBe('pending');
    expect((await auth.getUser(target.uid)).disabled).toBe(false);
    expect((await auth.getUser(selfStyled.uid)).customClaims?.admin).toBeUndefined();
  });

  it('refuses malformed requests with the validation message', async () => {
    const answer = await call(admin, { action: 'set-active', userId: 'x', is_active: 'no' });
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect((await call(admin, { action: 'drop-database' })).error?.status).toBe('INVALID_ARGUMENT');
  });
});

describe('the user list', () => {
  it('pages members with their emails and verification, and finds one by email or name', async () => {
    const name = `Zephyrine Quillfeather ${Date.now().toString(36)}`;
    const member = await makeMember({
      profile: {
        display_name: name,
        approval_status: 'pending',
        search_keywords: ['zephyrine', 'zeph', 'quillfeather'],
      },
    });
    const first = await call<AdminUserPage>(admin, { action: 'get-users-with-emails', pageSize: 2 });
    expect(first.result?.users).toHaveLength(2);
    expect(first.result?.nextCursor).toBeTruthy();
    const second = await call<AdminUserPage>(admin, {
      action: 'get-users-with-emails',
      pageSize: 2,
      cursor: first.result?.nextCursor,
    });
    expect(second.result?.users.map((u) => u.uid)).not.toContain(first.result?.users[0]?.uid);

    const byEmail = await call<AdminUserPage>(admin, {
      action: 'get-users-with-emails',
      search: member.email.toUpperCase(),
    });
    expect(byEmail.result?.users).toEqual([
      expect.objectContaining({ uid: member.uid, email: member.email, email_verified: true, role: 'User' }),
    ]);

    const byName = await call<AdminUserPage>(admin, {
      action: 'get-users-with-emails',
      search: 'ZEPHYRINE',
      filters: { approval: 'pending' },
    });
    expect(byName.result?.users.map((u) => u.uid)).toContain(member.uid);
    const filteredOut = await call<AdminUserPage>(admin, {
      action: 'get-users-with-emails',
      search: 'zephyrine',
      filters: { approval: 'approved' },
    });
    expect(filteredOut.result?.users.map((u) => u.uid)).not.toContain(member.uid);
  });
});

describe('actions', () => {
  it('approves a pending member once, with an audit entry, and the member is emailed', async () => {
    const member = await makeMember({ profile: { approval_status: 'pending' } });
    const answer = await call<{ user: AdminUserRow }>(admin, { action: 'approve-user', userId: member.uid });
    expect(answer.result?.user.approval_status).toBe('approved');
    expect(await auditFor(member.uid, 'approve-user')).toEqual([
      expect.objectContaining({ actor_uid: admin.uid, after: { approval_status: 'approved' } }),
    ]);
    await mailbox.waitFor(member.email, 'Your Shelfmark account has been approved', 30_000);
    // No longer pending: a second approve or a deny is refused.
    expect((await call(admin, { action: 'deny-user', userId: member.uid })).error?.status).toBe(
      'FAILED_PRECONDITION',
    );
  });

  it('denies a pending member', async () => {
    const member = await makeMember({ profile: { approval_status: 'pending' } });
    const answer = await call<{ user: AdminUserRow }>(admin, { action: 'deny-user', userId: member.uid });
    expect(answer.result?.user.approval_status).toBe('denied');
  });

  it('makes a member Admin (claim and mirror) and back; an admin cannot remove their own right', async () => {
    const member = await makeMember();
    const fields = {
      display_name: 'Promoted Person',
      role: 'Admin',
      category: 'Publisher',
      is_active: true,
      approval_status: 'approved',
    };
    const promoted = await call<{ user: AdminUserRow }>(admin, {
      action: 'update-user',
      userId: member.uid,
      fields,
    });
    expect(promoted.result?.user).toMatchObject({
      role: 'Admin',
      category: 'Publisher',
      display_name: 'Promoted Person',
    });
    expect((await auth.getUser(member.uid)).customClaims?.admin).toBe(true);
    expect((await db.doc(`profiles/${member.uid}`).get()).get('role')).toBe('Admin');
    const [entry] = await auditFor(member.uid, 'update-user');
    expect(entry?.before).toMatchObject({ role: 'User', category: 'Book Author' });
    expect(entry?.after).toMatchObject({ role: 'Admin', category: 'Publisher' });

    await call(admin, { action: 'update-user', userId: member.uid, fields: { ...fields, role: 'User' } });
    expect((await auth.getUser(member.uid)).customClaims?.admin).toBeUndefined();
    expect((await db.doc(`profiles/${member.uid}`).get()).get('role')).toBe('User');

    const own = await call(admin, {
      action: 'update-user',
      userId: admin.uid,
      fields: { ...fields, role: 'User' },
    });
    expect(own.error?.message).toBe(OWN_ADMIN_RIGHT_MESSAGE);
    expect((await auth.getUser(admin.uid)).customClaims?.admin).toBe(true);
    expect(
      (await call(admin, { action: 'set-active', userId: admin.uid, is_active: false })).error?.message,
    ).toBe(OWN_ACCOUNT_MESSAGE);
    expect((await call(admin, { action: 'delete-user', userId: admin.uid })).error?.message).toBe(
      OWN_ACCOUNT_MESSAGE,
    );
  });

  it('grants Premium by hand and revokes it, each with an audit entry; the list says it is granted', async () => {
    const member = await makeMember();
    const granted = await call<{ user: AdminUserRow }>(admin, {
      action: 'set-premium',
      userId: member.uid,
      granted: true,
    });
    expect(granted.result?.user).toMatchObject({ subscription_status: 'premium', plan_source: 'granted' });
    expect((await db.doc(`profiles/${member.uid}`).get()).get('subscription_status')).toBe('premium');
    expect((await db.doc(`profiles/${member.uid}/private/billing`).get()).get('grant.by')).toBe(admin.uid);
    const page = await call<AdminUserPage>(admin, { action: 'get-users-with-emails', search: member.email });
    expect(page.result?.users[0]).toMatchObject({ uid: member.uid, plan_source: 'granted' });

    const twice = await call(admin, { action: 'set-premium', userId: member.uid, granted: true });
    expect(twice.error?.message).toBe(GRANT_MESSAGES.alreadyGranted);

    const revoked = await call<{ user: AdminUserRow }>(admin, {
      action: 'set-premium',
      userId: member.uid,
      granted: false,
    });
    expect(revoked.result?.user).toMatchObject({ subscription_status: 'free', plan_source: null });
    // Audit entries have random ids, so a query returns them in no particular order.
    const entries = await auditFor(member.uid, 'set-premium');
    const grant = entries.find((entry) => entry.after?.subscription_status === 'premium');
    expect(grant).toMatchObject({
      actor_uid: admin.uid,
      before: { subscription_status: 'free', plan_source: null },
      after: { subscription_status: 'premium', plan_source: 'granted' },
    });
    expect(await auditFor(member.uid, 'set-premium')).toHaveLength(2);
  });

  it('never overwrites a paid plan by hand, neither by a grant nor by a revoke, and writes nothing', async () => {
    const member = await makeMember({ profile: { subscription_status: 'premium' } });
    const paid = paidBillingRecord('paid');
    await db.doc(`profiles/${member.uid}/private/billing`).set(paid);
    for (const granted of [true, false]) {
      const answer = await call(admin, { action: 'set-premium', userId: member.uid, granted });
      expect(answer.error?.message).toBe(GRANT_MESSAGES.paid);
    }
    expect((await db.doc(`profiles/${member.uid}`).get()).get('subscription_status')).toBe('premium');
    expect((await db.doc(`profiles/${member.uid}/private/billing`).get()).data()).toEqual(paid);
    expect(await auditFor(member.uid, 'set-premium')).toEqual([]);
    const row = await call<AdminUserPage>(admin, { action: 'get-users-with-emails', search: member.email });
    expect(row.result?.users[0]?.plan_source).toBe('paid');
  });

  it('the edit dialog’s save cannot carry the plan: such a request is refused and nothing is written', async () => {
    const member = await makeMember();
    const answer = await call(admin, {
      action: 'update-user',
      userId: member.uid,
      fields: {
        display_name: 'Upgraded Person',
        role: 'User',
        category: 'Book Author',
        subscription_status: 'premium',
        is_active: true,
        approval_status: 'approved',
      },
    });
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect((await db.doc(`profiles/${member.uid}`).get()).get('subscription_status')).toBe('free');
  });

  it('deactivates a member: Auth disabled, sign-in refused, sessions revoked; activating undoes it', async () => {
    const member = await makeMember();
    const answer = await call<{ user: AdminUserRow }>(admin, {
      action: 'set-active',
      userId: member.uid,
      is_active: false,
    });
    expect(answer.result?.user).toMatchObject({ is_active: false, disabled: true });
    const user = await auth.getUser(member.uid);
    expect(user.disabled).toBe(true);
    expect(user.tokensValidAfterTime).toBeTruthy();
    await expect(signInForIdToken(member.email, 'secret-pass')).rejects.toThrow(/USER_DISABLED/);
    await call(admin, { action: 'set-active', userId: member.uid, is_active: true });
    await expect(signInForIdToken(member.email, 'secret-pass')).resolves.toBeTruthy();
  });

  it('resets a password: the temporary one signs in, the old one no longer does', async () => {
    const member = await makeMember();
    const answer = await call<{ temporaryPassword: string }>(admin, {
      action: 'reset-password',
      userId: member.uid,
    });
    const password = answer.result?.temporaryPassword ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    await expect(signInForIdToken(member.email, password)).resolves.toBeTruthy();
    await expect(signInForIdToken(member.email, 'secret-pass')).rejects.toThrow();
    const [entry] = await auditFor(member.uid, 'reset-password');
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('registers a member: verified, approved, invited by mail; a taken email or slug is refused', async () => {
    const email = newEmail('invited');
    const slug = `invited-${Date.now().toString(36)}`;
    const request = {
      action: 'create-user',
      email,
      password: 'temp-pass-1',
      display_name: 'Invited Writer',
      page_slug: slug,
      category: 'Book Author',
      role: 'User',
      send_invitation: true,
    };
    const answer = await call<{ user: AdminUserRow; invitationSent: boolean }>(admin, request);
    expect(answer.result).toMatchObject({
      invitationSent: true,
      user: { email, page_slug: slug, approval_status: 'approved', email_verified: true, role: 'User' },
    });
    await expect(signInForIdToken(email, 'temp-pass-1')).resolves.toBeTruthy();
    // The shared layout (branding, text and HTML) with a link to our own reset page that works.
    const mail = await mailbox.waitFor(email, 'You have been invited to Shelfmark');
    expect(mail.text).toContain('Hello Invited Writer,');
    expect(mail.text).toContain(
      'You received this email because an administrator registered this address on Shelfmark.',
    );
    expect(mail.html).toContain('Choose your password');
    const link = new URL(mail.text?.match(/https?:\/\/\S*oobCode=\S+/)?.[0] ?? 'http://missing/');
    expect(link.origin + link.pathname).toBe('http://localhost:4321/auth/reset');
    const reset = await fetch(authRestUrl('resetPassword'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: link.searchParams.get('oobCode'), newPassword: 'chosen-by-me' }),
    });
    expect(reset.status).toBe(200);
    await expect(signInForIdToken(email, 'chosen-by-me')).resolves.toBeTruthy();
    expect((await db.doc(`page_slugs/${slug}`).get()).get('uid')).toBe(answer.result?.user.uid);

    expect((await call(admin, request)).error?.status).toBe('ALREADY_EXISTS');
    const slugTaken = await call(admin, { ...request, email: newEmail('second') });
    expect(slugTaken.error?.status).toBe('ALREADY_EXISTS');
    expect(slugTaken.error?.message).toBe('This page slug is already taken.');
  });

  it('deletes a member and their profile, idempotently', async () => {
    const member = await makeMember();
    expect((await call(admin, { action: 'delete-user', userId: member.uid })).result).toEqual({
      success: true,
    });
    await expect(auth.getUser(member.uid)).rejects.toThrow();
    expect((await db.doc(`profiles/${member.uid}`).get()).exists).toBe(false);
    expect((await call(admin, { action: 'delete-user', userId: member.uid })).result).toEqual({
      success: true,
    });
    await eventually(
      () => auditFor(member.uid, 'delete-user'),
      (entries) => entries.length >= 1,
    );
  });
});
