/**
 * The admin dashboard's user management: the requests of the adminUserManagement
 * callable (one zod schema per action, shared by the dashboard and the function),
 * the rows it returns, the audit-log entry it writes, and the pure rules behind
 * them (who may change what, how a list query is shaped).
 */
import type { PlanSource } from '../billing/billing.ts';
import { z } from 'zod';
import { TEXT_LIMITS, idSchema } from '../shared/common.ts';
import {
  approvalStatusSchema,
  userCategorySchema,
  type ApprovalStatus,
  type UserCategory,
} from '../accounts/profile.ts';
import { signupRequestSchema } from '../accounts/signup.ts';
import { PAGE_SLUG_PATTERN } from '../shared/slug.ts';
import { SEARCH_KEYWORD_MAX_LENGTH, foldText } from '../shared/list-search.ts';

/** Rows per page of the user list. */
export const USER_PAGE_SIZE = 20;
/** The largest page a caller may ask for. */
export const USER_PAGE_SIZE_MAX = 50;

/** The two roles an admin assigns: Admin carries the `admin` claim, User does not. */
export const ASSIGNABLE_ROLES = ['User', 'Admin'] as const;
/** Zod enum of ASSIGNABLE_ROLES. */
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);
/** An assignable role. */
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** The user list's filters; an absent key means "all". Role 'user' means everyone who is not an admin. */
export const userFiltersSchema = z.strictObject({
  category: userCategorySchema.optional(),
  role: z.enum(['admin', 'user']).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  approval: approvalStatusSchema.optional(),
});
/** The user list's filters. */
export type UserFilters = z.infer<typeof userFiltersSchema>;

const userIdSchema = idSchema.regex(/^[A-Za-z0-9_-]+$/, 'Not a user id');

/** A temporary password an admin types when registering someone (the sign-up rules for passwords). */
const passwordSchema = signupRequestSchema.shape.password;

/** Display name as sign-up accepts it. */
const displayNameSchema = signupRequestSchema.shape.display_name;

/** An optional page slug typed by the admin; empty means "derive it from the display name". */
export const requestedSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.slug, `Page slug must be at most ${TEXT_LIMITS.slug} characters.`)
  .refine(
    (slug) => slug === '' || PAGE_SLUG_PATTERN.test(slug),
    'Page slug may contain only lower-case letters, digits, - and _.',
  );

/** Register a member: the Auth user, an approved profile, the admin claim for role Admin, optionally an invitation mail. */
export const createUserRequestSchema = z.strictObject({
  action: z.literal('create-user'),
  email: signupRequestSchema.shape.email,
  password: passwordSchema,
  display_name: displayNameSchema,
  page_slug: requestedSlugSchema.default(''),
  category: userCategorySchema,
  role: assignableRoleSchema,
  send_invitation: z.boolean(),
});
/** What the register dialog sends. */
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** The edit dialog's fields. */
export const updateUserFieldsSchema = z.strictObject({
  // The sign-up rules (no links, markup or look-alike characters): the contact relay and every mail show this name.
  display_name: displayNameSchema,
  role: assignableRoleSchema,
  category: userCategorySchema,
  is_active: z.boolean(),
  approval_status: approvalStatusSchema,
});
/** The edit dialog's fields (never the plan: only 'set-premium' and the billing webhook write it). */
export type UpdateUserFields = z.infer<typeof updateUserFieldsSchema>;

/** Every request of the callable, told apart by `action`. */
export const adminUsersRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('get-users-with-emails'),
    cursor: userIdSchema.nullish(),
    pageSize: z.number().int().min(1).max(USER_PAGE_SIZE_MAX).default(USER_PAGE_SIZE),
    search: z.string().max(200).default(''),
    filters: userFiltersSchema.default({}),
  }),
  z.strictObject({ action: z.literal('approve-user'), userId: userIdSchema }),
  z.strictObject({ action: z.literal('deny-user'), userId: userIdSchema }),
  z.strictObject({ action: z.literal('update-user'), userId: userIdSchema, fields: updateUserFieldsSchema }),
  z.strictObject({ action: z.literal('set-active'), userId: userIdSchema, is_active: z.boolean() }),
  z.strictObject({ action: z.literal('reset-password'), userId: userIdSchema }),
  // Grants (true) or revokes (false) Premium by hand; a paying member's plan is never changed here.
  z.strictObject({ action: z.literal('set-premium'), userId: userIdSchema, granted: z.boolean() }),
  z.strictObject({ action: z.literal('delete-user'), userId: userIdSchema }),
  createUserRequestSchema,
]);
/** A request as validated. */
export type AdminUsersRequest = z.infer<typeof adminUsersRequestSchema>;
/** The request of one action, as sent. */
export type AdminUsersInput<A extends AdminUsersRequest['action']> = z.input<
  typeof adminUsersRequestSchema
> & { action: A };

/** One member in the dashboard's list: the profile's membership fields and the Auth account's email and state. */
export interface AdminUserRow {
  uid: string;
  display_name: string;
  page_slug: string;
  category: UserCategory | null;
  /** Admin when the account carries the `admin` claim. */
  role: AssignableRole;
  subscription_status: 'free' | 'premium';
  /** Where Premium comes from: 'paid' (a Stripe subscription), 'granted' (an admin), null on the free plan. */
  plan_source: PlanSource;
  approval_status: ApprovalStatus;
  is_active: boolean;
  /** ISO time the profile was created, or null when unknown. */
  created_at: string | null;
  /** Login email from Auth ('' when the account has none or is gone). */
  email: string;
  email_verified: boolean;
  /** True when the Auth account is disabled (a deactivated member). */
  disabled: boolean;
}

/** A page of the user list; `nextCursor` continues it, null at the end. */
export interface AdminUserPage {
  users: AdminUserRow[];
  nextCursor: string | null;
}

/** What each action answers. */
export interface AdminUsersResults {
  'get-users-with-emails': AdminUserPage;
  'approve-user': { user: AdminUserRow };
  'deny-user': { user: AdminUserRow };
  'update-user': { user: AdminUserRow };
  'set-active': { user: AdminUserRow };
  'set-premium': { user: AdminUserRow };
  'reset-password': { temporaryPassword: string };
  'delete-user': { success: true };
  'create-user': { user: AdminUserRow; invitationSent: boolean };
}

/** Refusal messages of the callable, shown in the dashboard's toasts. */
export const OWN_ADMIN_RIGHT_MESSAGE = 'You cannot remove your own admin rights. Ask another administrator.';
export const OWN_ACCOUNT_MESSAGE = 'You cannot deactivate or delete your own account from the dashboard.';
export const ONLY_PENDING_MESSAGE =
  'Only pending members who are not administrators can be approved or denied.';
export const USER_NOT_FOUND_MESSAGE = 'This member no longer exists.';
export const SLUG_TAKEN_MESSAGE = 'This page slug is already taken.';

/**
 * Why the acting admin may not make `change` to `targetUid`, or null when allowed.
 * An admin never removes their own admin right (another admin must, so there is
 * always one left), and never deactivates or deletes themselves from the dashboard.
 */
export function selfChangeProblem(
  actorUid: string,
  targetUid: string,
  change: { role?: AssignableRole; is_active?: boolean; delete?: boolean },
): string | null {
  if (actorUid !== targetUid) return null;
  if (change.role === 'User') return OWN_ADMIN_RIGHT_MESSAGE;
  if (change.is_active === false || change.delete === true) return OWN_ACCOUNT_MESSAGE;
  return null;
}

/** Approve and deny apply to pending members who are not admins. */
export function canDecideApproval(row: Pick<AdminUserRow, 'approval_status' | 'role'>): boolean {
  return row.approval_status === 'pending' && row.role !== 'Admin';
}

/** The profile roles counted as "user" (not admin) by the role filter. */
export const NON_ADMIN_PROFILE_ROLES = ['User', 'Book Author', 'Author', 'Book Lover/Marketer'] as const;

/** One equality condition of the user-list query. */
export type UserQueryFilter =
  | { field: 'category' | 'role' | 'is_active' | 'approval_status'; op: '=='; value: string | boolean }
  | { field: 'role'; op: 'in'; value: readonly string[] }
  | { field: 'search_keywords'; op: 'array-contains'; value: string }
  | { field: 'page_slug'; op: '=='; value: string };

/** How the user-list query is shaped: its conditions and its order. */
export interface UserQueryPlan {
  filters: UserQueryFilter[];
  /**
   * 'newest' (created_at descending) when nothing filters the list; 'id' otherwise,
   * because equality filters in document-id order are served by Firestore's
   * single-field indexes, where a created_at order would need a composite index per
   * combination of filters.
   */
  order: 'newest' | 'id';
  /** The folded search text every row must contain (name, slug or email), '' for none. */
  text: string;
  /** The typed text when it is an email address: looked up in Auth directly. */
  email: string | null;
}

/** The first folded word of a search, as stored search keywords look (prefixes of up to 20 characters). */
function keywordOf(text: string): string | null {
  const word = text.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 2);
  return word ? word.slice(0, SEARCH_KEYWORD_MAX_LENGTH) : null;
}

/**
 * The query for a page of the user list: the filters as equality conditions, and a
 * search answered from indexes: an email looks up the Auth account, anything else
 * matches the display name's indexed word prefixes (search_keywords).
 */
export function planUserQuery(search: string, filters: UserFilters): UserQueryPlan {
  const conditions: UserQueryFilter[] = [];
  if (filters.category) conditions.push({ field: 'category', op: '==', value: filters.category });
  if (filters.role === 'admin') conditions.push({ field: 'role', op: '==', value: 'Admin' });
  if (filters.role === 'user') conditions.push({ field: 'role', op: 'in', value: NON_ADMIN_PROFILE_ROLES });
  if (filters.status) conditions.push({ field: 'is_active', op: '==', value: filters.status === 'active' });
  if (filters.approval) conditions.push({ field: 'approval_status', op: '==', value: filters.approval });
  const trimmed = search.trim();
  const text = foldText(trimmed);
  const email = /^[^\s@]+@[^\s@]+$/.test(trimmed) ? trimmed.toLowerCase() : null;
  if (text !== '' && email === null) {
    const keyword = keywordOf(text);
    if (keyword) conditions.push({ field: 'search_keywords', op: 'array-contains', value: keyword });
  }
  return {
    filters: conditions,
    order: conditions.length === 0 && text === '' ? 'newest' : 'id',
    text,
    email,
  };
}

/** True when a row matches the folded search text in its display name, page slug or email (case-insensitive). */
export function rowMatchesText(
  row: Pick<AdminUserRow, 'display_name' | 'page_slug' | 'email'>,
  text: string,
): boolean {
  if (text === '') return true;
  return [row.display_name, row.page_slug, row.email].some((value) => foldText(value).includes(text));
}

/** True when a row passes the filters (used where rows come from somewhere other than the filtered query). */
export function rowMatchesFilters(row: AdminUserRow, filters: UserFilters): boolean {
  if (filters.category && row.category !== filters.category) return false;
  if (filters.role === 'admin' && row.role !== 'Admin') return false;
  if (filters.role === 'user' && row.role === 'Admin') return false;
  if (filters.status && row.is_active !== (filters.status === 'active')) return false;
  if (filters.approval && row.approval_status !== filters.approval) return false;
  return true;
}

/** An entry of the audit log, as written by the functions. */
export const auditEntrySchema = z.object({
  id: idSchema,
  /** The admin who acted. */
  actor_uid: idSchema,
  /** What was done: the callable's action ('approve-user', 'set-active' …). */
  action: z.string().min(1).max(60),
  /** The member acted on, or null for site-wide changes. */
  target_uid: idSchema.nullable(),
  /** The changed fields before and after (never a password). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.date(),
});
/** An audit-log entry. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Toast texts of the user-management screen. */
export const USER_TOASTS = {
  createFailed: 'Failed to create user.',
  approveFailed: 'Failed to approve user.',
  denyFailed: 'Failed to deny user.',
  statusFailed: 'Failed to update user status.',
  resetFailed: 'Failed to reset password.',
  saveFailed: 'Failed to save user.',
} as const;

/** The question the delete button asks. */
export function deleteUserQuestion(name: string): string {
  return `Are you sure you want to delete ${name}? This action cannot be undone.`;
}
