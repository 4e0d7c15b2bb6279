import { randomInt } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import {
  ONLY_PENDING_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  adminUsersRequestSchema,
  canDecideApproval,
  planUserQuery,
  rowMatchesFilters,
  rowMatchesText,
  selfChangeProblem,
  type AdminUserPage,
  type AdminUserRow,
  type AdminUsersRequest,
  type AdminUsersResults,
  type UpdateUserFields,
} from '../../../src/domain/admin/admin-users';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  approvalStatusSchema,
  profileWriteSchema,
  subscriptionStatusSchema,
  userCategorySchema,
} from '../../../src/domain/accounts/profile';
import { db } from '../shared/firestore';
import { endSessions, guardedCall, revokeSessions, sessionStampNow } from '../shared/guard';
import { changeEndsSessions, SESSION_STAMP_FIELD } from '../../../src/domain/shared/caller-standing';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { setAdminClaim } from '../accounts/admin-claim';
import { finishDeletion, recordDeletion } from '../members/delete-account';
import { PAGE_SLUGS, claimPageSlug } from '../accounts/page-slug';
import { EMAIL_TAKEN_MESSAGE, startingProfile } from '../accounts/sign-up';
import { sendMail } from '../mail/send-mail';
import { invitationEmail } from '../mail/invitation';
import { authPageUrl, siteUrl } from '../mail/settings';
import { mailBrand } from '../mail/brand';
import { ACTION_PAGES, ownActionLink } from '../../../src/domain/accounts/account';
import { planOf, withGrant, type PlanSource } from '../../../src/domain/billing/billing';
import { planSources, readBilling, writeBilling } from '../billing/record';
import { audit, auditInTransaction, changedFields } from '../shared/audit';

type Action = AdminUsersRequest['action'];
type RequestOf<A extends Action> = Extract<AdminUsersRequest, { action: A }>;

function iso(value: unknown): string | null {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  return null;
}

/**
 * A list row from a profile document, its Auth account (absent when the account
 * is gone) and where its Premium comes from (read only for premium members).
 */
export function toRow(
  doc: DocumentSnapshot,
  user: UserRecord | undefined,
  planSource: PlanSource = null,
): AdminUserRow {
  const data = doc.data() ?? {};
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  return {
    uid: doc.id,
    display_name: text('display_name'),
    page_slug: text('page_slug'),
    category: userCategorySchema.safeParse(data.category).data ?? null,
    role: user?.customClaims?.admin === true ? 'Admin' : 'User',
    subscription_status: subscriptionStatusSchema.safeParse(data.subscription_status).data ?? 'free',
    plan_source: data.subscription_status === 'premium' ? planSource : null,
    approval_status: approvalStatusSchema.safeParse(data.approval_status).data ?? 'pending',
    is_active: data.is_active !== false,
    created_at: iso(data.created_at),
    email: user?.email ?? '',
    email_verified: user?.emailVerified ?? false,
    disabled: user?.disabled ?? false,
  };
}

async function authUser(uid: string): Promise<UserRecord | undefined> {
  try {
    return await adminAuth().getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return undefined;
    throw error;
  }
}

/** The member's row as it is now; not-found when the profile is gone. */
async function currentRow(firestore: Firestore, uid: string): Promise<AdminUserRow> {
  const [doc, user, sources] = await Promise.all([
    firestore.collection('profiles').doc(uid).get(),
    authUser(uid),
    planSources(firestore, [uid]),
  ]);
  if (!doc.exists) throw new HttpsError('not-found', USER_NOT_FOUND_MESSAGE);
  return toRow(doc, user, sources.get(uid));
}

/** Auth accounts of `uids` by uid, in batches of 100 (the Admin SDK's limit). */
async function authUsers(uids: string[]): Promise<Map<string, UserRecord>> {
  const found = new Map<string, UserRecord>();
  for (let i = 0; i < uids.length; i += 100) {
    const { users } = await adminAuth().getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
    users.forEach((user) => found.set(user.uid, user));
  }
  return found;
}

/**
 * A page of members with their emails. Bounded reads: one page of profiles (a
 * filtered or keyword query, never the whole collection) and one Auth lookup for
 * its accounts; an email search is a single Auth lookup and a single get.
 */
export async function listUsers(
  firestore: Firestore,
  request: RequestOf<'get-users-with-emails'>,
): Promise<AdminUserPage> {
  const plan = planUserQuery(request.search, request.filters);
  const profiles = firestore.collection('profiles');
  if (plan.email !== null) {
    let user: UserRecord;
    try {
      user = await adminAuth().getUserByEmail(plan.email);
    } catch (error) {
      if (authErrorCode(error) === 'auth/user-not-found' || authErrorCode(error) === 'auth/invalid-email')
        return { users: [], nextCursor: null };
      throw error;
    }
    const doc = await profiles.doc(user.uid).get();
    const sources = await planSources(firestore, premiumIds([doc]));
    const row = doc.exists ? toRow(doc, user, sources.get(doc.id)) : undefined;
    return { users: row && rowMatchesFilters(row, request.filters) ? [row] : [], nextCursor: null };
  }
  let query: Query = profiles;
  for (const filter of plan.filters) query = query.where(filter.field, filter.op, filter.value);
  query =
    plan.order === 'newest' ? query.orderBy('created_at', 'desc') : query.orderBy(FieldPath.documentId());
  if (request.cursor) {
    const cursor = await profiles.doc(request.cursor).get();
    if (!cursor.exists) throw new HttpsError('invalid-argument', 'The list changed; please reload it.');
    query = query.startAfter(cursor);
  }
  const page = await query.limit(request.pageSize).get();
  const [accounts, sources] = await Promise.all([
    authUsers(page.docs.map((doc) => doc.id)),
    planSources(firestore, premiumIds(page.docs)),
  ]);
  const users = page.docs
    .map((doc) => toRow(doc, accounts.get(doc.id), sources.get(doc.id)))
    .filter((row) => rowMatchesText(row, plan.text));
  const last = page.docs.at(-1);
  return { users, nextCursor: page.docs.length === request.pageSize && last ? last.id : null };
}

/** The members among `docs` on Premium: only their billing records are read for the list. */
function premiumIds(docs: DocumentSnapshot[]): string[] {
  return docs.filter((doc) => doc.get('subscription_status') === 'premium').map((doc) => doc.id);
}

/**
 * Grants or revokes Premium by hand, with its audit entry, in one transaction:
 * the one admin write of the plan. A paying member's plan follows their
 * subscription and is refused here either way (GRANT_MESSAGES).
 */
async function setPremium(firestore: Firestore, actorUid: string, userId: string, granted: boolean) {
  const profileRef = firestore.collection('profiles').doc(userId);
  await firestore.runTransaction(async (tx) => {
    const [profile, record] = await Promise.all([tx.get(profileRef), readBilling(tx, firestore, userId)]);
    if (!profile.exists) throw new HttpsError('not-found', USER_NOT_FOUND_MESSAGE);
    const next = withGrant(record, granted, { by: actorUid, at: Date.now() });
    if ('refused' in next) throw new HttpsError('failed-precondition', next.refused);
    writeBilling(tx, firestore, userId, next);
    const plan = (r: typeof record) => ({
      subscription_status: planOf(r).status,
      plan_source: planOf(r).source,
    });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'set-premium',
      targetUid: userId,
      before: plan(record),
      after: plan(next),
    });
  });
  return { user: await currentRow(firestore, userId) };
}

/** Sets approval_status of a pending non-admin member, with its audit entry; the approval-email trigger mails them. */
async function decideApproval(
  firestore: Firestore,
  actorUid: string,
  userId: string,
  status: 'approved' | 'denied',
  action: Action,
) {
  const before = await currentRow(firestore, userId);
  if (!canDecideApproval(before)) throw new HttpsError('failed-precondition', ONLY_PENDING_MESSAGE);
  const ref = firestore.collection('profiles').doc(userId);
  await firestore.runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists) throw new HttpsError('not-found', USER_NOT_FOUND_MESSAGE);
    if (doc.get('approval_status') !== 'pending')
      throw new HttpsError('failed-precondition', ONLY_PENDING_MESSAGE);
    tx.update(ref, { approval_status: status, updated_at: FieldValue.serverTimestamp() });
    auditInTransaction(tx, firestore, {
      actorUid,
      action,
      targetUid: userId,
      before: { approval_status: 'pending' },
      after: { approval_status: status },
    });
  });
  return { user: await currentRow(firestore, userId) };
}

/** Disables or enables the Auth account (the deactivation's session stamp is already in the profile's commit). */
async function applyActive(uid: string, active: boolean): Promise<void> {
  await adminAuth().updateUser(uid, { disabled: !active });
}

/**
 * Saves the edit dialog: the profile's fields (role mirrored as 'Admin' or, for a
 * former admin, 'User') in one transaction with the audit entry, then the Auth
 * side: the admin claim for the role, the account's disabled state for is_active.
 */
export async function updateUser(
  firestore: Firestore,
  actorUid: string,
  userId: string,
  fields: Partial<UpdateUserFields>,
  action: Action,
) {
  const problem = selfChangeProblem(actorUid, userId, { role: fields.role, is_active: fields.is_active });
  if (problem) throw new HttpsError('failed-precondition', problem);
  const before = await currentRow(firestore, userId);
  const ref = firestore.collection('profiles').doc(userId);
  let endsSessions = false;
  await firestore.runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists) throw new HttpsError('not-found', USER_NOT_FOUND_MESSAGE);
    const stored = doc.data() ?? {};
    const { role, ...rest } = fields;
    const updates: Record<string, unknown> = { ...rest };
    if (role === 'Admin') updates.role = 'Admin';
    if (role === 'User' && stored.role === 'Admin') updates.role = 'User';
    const diff = changedFields({ ...stored, role: before.role }, { ...updates, ...(role ? { role } : {}) });
    profileWriteSchema.partial().parse(updates);
    // A demotion or deactivation ends the member's sessions in the same commit:
    // from it on, neither a callable nor a rule accepts a token issued before.
    endsSessions = changeEndsSessions(stored, updates);
    tx.update(ref, {
      ...updates,
      updated_at: FieldValue.serverTimestamp(),
      ...(endsSessions ? { [SESSION_STAMP_FIELD]: sessionStampNow() } : {}),
    });
    auditInTransaction(tx, firestore, { actorUid, action, targetUid: userId, ...diff });
  });
  try {
    if (fields.role !== undefined && fields.role !== before.role)
      await setAdminClaim(userId, fields.role === 'Admin');
    if (fields.is_active !== undefined) await applyActive(userId, fields.is_active);
    if (endsSessions) await revokeSessions(userId);
  } catch (error) {
    logger.error('adminUserManagement: the profile was saved but the Auth account was not updated', {
      userId,
      error,
    });
    throw new HttpsError(
      'internal',
      'The member was saved, but their account could not be updated. Please save again.',
    );
  }
  return { user: await currentRow(firestore, userId) };
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A 14-character temporary password from a cryptographic source, without look-alike characters. */
export function temporaryPassword(length = 14): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** Gives the member a new temporary password and ends their other sessions; the password is returned once and never stored or logged. */
async function resetPassword(firestore: Firestore, actorUid: string, userId: string) {
  if (!(await authUser(userId))) throw new HttpsError('not-found', USER_NOT_FOUND_MESSAGE);
  const password = temporaryPassword();
  await adminAuth().updateUser(userId, { password });
  if (userId !== actorUid) await endSessions(userId, 'an admin reset the password');
  await audit(firestore, { actorUid, action: 'reset-password', targetUid: userId });
  return { temporaryPassword: password };
}

/** Deletes the member with the same idempotent job as account deletion. */
async function deleteUser(firestore: Firestore, actorUid: string, userId: string) {
  const problem = selfChangeProblem(actorUid, userId, { delete: true });
  if (problem) throw new HttpsError('failed-precondition', problem);
  const profile = await firestore.collection('profiles').doc(userId).get();
  const user = await authUser(userId);
  await recordDeletion(firestore, userId, actorUid);
  await audit(firestore, {
    actorUid,
    action: 'delete-user',
    targetUid: userId,
    before: { display_name: profile.get('display_name') ?? null, email: user?.email ?? null },
  });
  try {
    await finishDeletion(firestore, userId);
  } catch (error) {
    logger.error('adminUserManagement: a deletion step failed; the job stays open', { userId, error });
    throw new HttpsError('internal', 'The member could not be fully deleted. Please try again.');
  }
  return { success: true as const };
}

/**
 * Registers a member: an Auth user with a verified email (the admin vouches for
 * it), an approved profile with the chosen or a derived unique page slug, the
 * admin claim for role Admin, and, when asked, the invitation mail with a
 * choose-your-password link. The Auth user is removed again when the profile
 * cannot be written.
 */
async function createUser(firestore: Firestore, actorUid: string, request: RequestOf<'create-user'>) {
  let user: UserRecord;
  try {
    user = await adminAuth().createUser({
      email: request.email,
      password: request.password,
      displayName: request.display_name,
      emailVerified: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'auth/email-already-exists') throw new HttpsError('already-exists', EMAIL_TAKEN_MESSAGE);
    if (code === 'auth/invalid-email')
      throw new HttpsError('invalid-argument', 'Please enter a valid email address.');
    if (code === 'auth/invalid-password')
      throw new HttpsError('invalid-argument', 'Password must be at least 6 characters long.');
    throw error;
  }
  try {
    await firestore.runTransaction(async (tx) => {
      let slug: string;
      if (request.page_slug !== '') {
        const claim = firestore.collection(PAGE_SLUGS).doc(request.page_slug);
        if ((await tx.get(claim)).exists) throw new HttpsError('already-exists', SLUG_TAKEN_MESSAGE);
        tx.create(claim, { uid: user.uid, claimed_at: FieldValue.serverTimestamp() });
        slug = request.page_slug;
      } else {
        slug = await claimPageSlug(tx, firestore, request.display_name, user.uid);
      }
      const profile = {
        ...startingProfile(user.uid, request, slug, new Date()),
        role: request.role,
        approval_status: 'approved' as const,
        social_links: {},
      };
      profileWriteSchema.parse(profile);
      tx.create(firestore.collection('profiles').doc(user.uid), {
        ...profile,
        created_at: FieldValue.serverTimestamp(),
      });
      auditInTransaction(tx, firestore, {
        actorUid,
        action: 'create-user',
        targetUid: user.uid,
        after: {
          email: request.email,
          display_name: request.display_name,
          page_slug: slug,
          category: request.category,
          role: request.role,
        },
      });
    });
    if (request.role === 'Admin') await setAdminClaim(user.uid, true);
  } catch (error) {
    await adminAuth()
      .deleteUser(user.uid)
      .catch((cleanup: unknown) =>
        logger.error('adminUserManagement: could not remove the half-created user', {
          uid: user.uid,
          error: cleanup,
        }),
      );
    if (error instanceof HttpsError) throw error;
    logger.error('adminUserManagement: creating the profile failed', { error });
    throw new HttpsError('internal', 'Failed to create user.');
  }
  let invitationSent = false;
  if (request.send_invitation) {
    try {
      // Our own /auth/reset page with the Admin SDK's code, as the password-reset mail does.
      const firebaseLink = await adminAuth().generatePasswordResetLink(request.email, { url: authPageUrl() });
      const link = ownActionLink(firebaseLink, ACTION_PAGES.resetPassword, siteUrl());
      await sendMail(
        {
          to: request.email,
          ...invitationEmail(request.display_name, link, authPageUrl(), await mailBrand(firestore)),
        },
        { stream: 'account' },
      );
      invitationSent = true;
    } catch (error) {
      logger.error('adminUserManagement: the invitation was not sent', { uid: user.uid, error });
    }
  }
  return { user: await currentRow(firestore, user.uid), invitationSent };
}

/** Runs one validated request for the admin `actorUid`. */
export async function runAdminUsers(
  firestore: Firestore,
  actorUid: string,
  request: AdminUsersRequest,
): Promise<AdminUsersResults[Action]> {
  switch (request.action) {
    case 'get-users-with-emails':
      return listUsers(firestore, request);
    case 'approve-user':
      return decideApproval(firestore, actorUid, request.userId, 'approved', request.action);
    case 'deny-user':
      return decideApproval(firestore, actorUid, request.userId, 'denied', request.action);
    case 'update-user':
      return updateUser(firestore, actorUid, request.userId, request.fields, request.action);
    case 'set-active':
      return updateUser(
        firestore,
        actorUid,
        request.userId,
        { is_active: request.is_active },
        request.action,
      );
    case 'set-premium':
      return setPremium(firestore, actorUid, request.userId, request.granted);
    case 'reset-password':
      return resetPassword(firestore, actorUid, request.userId);
    case 'delete-user':
      return deleteUser(firestore, actorUid, request.userId);
    case 'create-user':
      return createUser(firestore, actorUid, request);
  }
}

/**
 * The dashboard's user management, for callers with the `admin` claim only.
 * Request: { action, … } (adminUsersRequestSchema). Errors: unauthenticated /
 * permission-denied ('Access Denied'), invalid-argument (the first validation
 * message), not-found, failed-precondition (self-changes, approving a
 * non-pending member), already-exists (email or slug taken), internal.
 */
export const adminUserManagement = guardedCall(
  'admin',
  async (request, caller) => {
    const actorUid = caller.uid;
    const parsed = adminUsersRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    try {
      return await runAdminUsers(db(), actorUid, parsed.data);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminUserManagement failed', { action: parsed.data.action, error });
      throw new HttpsError('internal', 'The action failed. Please try again.');
    }
  },
  { call: { timeoutSeconds: 300 } },
);
