import { describe, expect, it } from 'vitest';
import {
  OWN_ACCOUNT_MESSAGE,
  OWN_ADMIN_RIGHT_MESSAGE,
  adminUsersRequestSchema,
  canDecideApproval,
  deleteUserQuestion,
  planUserQuery,
  rowMatchesFilters,
  rowMatchesText,
  selfChangeProblem,
  type AdminUserRow,
} from '../../../src/domain/admin-users';

const row: AdminUserRow = {
  uid: 'u1',
  display_name: 'Zoë Älvarez',
  page_slug: 'zoe-alvarez',
  category: 'Publisher',
  role: 'User',
  subscription_status: 'free',
  approval_status: 'pending',
  is_active: true,
  created_at: null,
  email: 'Zoe@Example.com',
  email_verified: true,
  disabled: false,
};

describe('adminUsersRequestSchema', () => {
  it('fills the list defaults and refuses unknown keys and actions', () => {
    expect(adminUsersRequestSchema.parse({ action: 'get-users-with-emails' })).toEqual({ action: 'get-users-with-emails', pageSize: 20, search: '', filters: {} });
    expect(adminUsersRequestSchema.safeParse({ action: 'get-users-with-emails', pageSize: 51 }).success).toBe(false);
    expect(adminUsersRequestSchema.safeParse({ action: 'approve-user', userId: 'a', extra: 1 }).success).toBe(false);
    expect(adminUsersRequestSchema.safeParse({ action: 'approve-user', userId: '../x' }).success).toBe(false);
    expect(adminUsersRequestSchema.safeParse({ action: 'wipe' }).success).toBe(false);
  });

  it('checks the registration: password length, role, slug characters; slug lower-cased', () => {
    const base = { action: 'create-user', email: 'a@b.co', password: 'secret', display_name: 'Ann', category: 'Book Author', role: 'User', send_invitation: true };
    expect(adminUsersRequestSchema.parse(base)).toMatchObject({ page_slug: '' });
    expect(adminUsersRequestSchema.parse({ ...base, page_slug: 'Ann-Page' })).toMatchObject({ page_slug: 'ann-page' });
    expect(adminUsersRequestSchema.safeParse({ ...base, page_slug: 'ann page' }).success).toBe(false);
    expect(adminUsersRequestSchema.safeParse({ ...base, password: '12345' }).success).toBe(false);
    expect(adminUsersRequestSchema.safeParse({ ...base, role: 'Book Author' }).success).toBe(false);
  });
});

describe('selfChangeProblem', () => {
  it('never lets an admin remove their own right, deactivate or delete themselves', () => {
    expect(selfChangeProblem('a', 'a', { role: 'User' })).toBe(OWN_ADMIN_RIGHT_MESSAGE);
    expect(selfChangeProblem('a', 'a', { is_active: false })).toBe(OWN_ACCOUNT_MESSAGE);
    expect(selfChangeProblem('a', 'a', { delete: true })).toBe(OWN_ACCOUNT_MESSAGE);
    expect(selfChangeProblem('a', 'a', { role: 'Admin', is_active: true })).toBeNull();
    expect(selfChangeProblem('a', 'b', { role: 'User', is_active: false, delete: true })).toBeNull();
  });
});

describe('canDecideApproval', () => {
  it('applies to pending non-admins only', () => {
    expect(canDecideApproval(row)).toBe(true);
    expect(canDecideApproval({ ...row, role: 'Admin' })).toBe(false);
    expect(canDecideApproval({ ...row, approval_status: 'denied' })).toBe(false);
  });
});

describe('planUserQuery', () => {
  it('lists newest first without filters, in id order with them', () => {
    expect(planUserQuery('', {})).toEqual({ filters: [], order: 'newest', text: '', email: null });
    const plan = planUserQuery('', { category: 'Publisher', role: 'user', status: 'inactive', approval: 'pending' });
    expect(plan.order).toBe('id');
    expect(plan.filters).toEqual([
      { field: 'category', op: '==', value: 'Publisher' },
      { field: 'role', op: 'in', value: ['User', 'Book Author', 'Author', 'Book Lover/Marketer'] },
      { field: 'is_active', op: '==', value: false },
      { field: 'approval_status', op: '==', value: 'pending' },
    ]);
    expect(planUserQuery('', { role: 'admin' }).filters).toEqual([{ field: 'role', op: '==', value: 'Admin' }]);
  });

  it('answers an email from Auth and a name from the keyword index', () => {
    expect(planUserQuery(' Zoe@Example.com ', {})).toMatchObject({ email: 'zoe@example.com', filters: [] });
    expect(planUserQuery('ZOË Alv', {})).toMatchObject({ email: null, text: 'zoe alv', filters: [{ field: 'search_keywords', op: 'array-contains', value: 'zoe' }] });
  });
});

describe('row matching', () => {
  it('matches name, slug or email case- and accent-insensitively', () => {
    expect(rowMatchesText(row, 'zoe alv')).toBe(true);
    expect(rowMatchesText(row, 'alvarez')).toBe(true);
    expect(rowMatchesText(row, 'example.com')).toBe(true);
    expect(rowMatchesText(row, 'nobody')).toBe(false);
  });

  it('applies the filters, role user meaning non-admin', () => {
    expect(rowMatchesFilters(row, { role: 'user', approval: 'pending', status: 'active', category: 'Publisher' })).toBe(true);
    expect(rowMatchesFilters({ ...row, role: 'Admin' }, { role: 'user' })).toBe(false);
    expect(rowMatchesFilters(row, { status: 'inactive' })).toBe(false);
  });
});

it('asks the spec question before deleting', () => {
  expect(deleteUserQuestion('Ann')).toBe('Are you sure you want to delete Ann? This action cannot be undone.');
});
