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
  updateUserFieldsSchema,
  type AdminUserRow,
} from '../../../../src/domain/admin/admin-users';

const row: AdminUserRow = {
  uid: 'u1',
  display_name: 'Zoë Älvarez',
  page_slug: 'zoe-alvarez',
  category: 'Publisher',
  role: 'User',
  subscription_status: 'free',
  plan_source: null,
  approval_status: 'pending',
  is_active: true,
  created_at: null,
  email: 'Zoe@Example.com',
  email_verified: true,
  disabled: false,
};

describe('adminUsersRequestSchema', () => {
  it('fills the list defaults and refuses unknown keys and actions', () => {
    expect(adminUsersRequestSchema.parse({ action: 'get-users-with-emails' })).toEqual({
      action: 'get-users-with-emails',
      pageSize: 20,
      search: '',
      filters: {},
    });
    expect(adminUsersRequestSchema.safeParse({ action: 'get-users-with-emails', pageSize: 51 }).success).toBe(
      false,
    );
    expect(adminUsersRequestSchema.safeParse({ action: 'approve-user', userId: 'a', extra: 1 }).success).toBe(
      false,
    );
    expect(adminUsersRequestSchema.safeParse({ action: 'approve-user', userId: '../x' }).success).toBe(false);
    expect(adminUsersRequestSchema.safeParse({ action: 'wipe' }).success).toBe(false);
  });

  it('checks the registration: password length, role, slug characters; slug lower-cased', () => {
    const base = {
      action: 'create-user',
      email: 'a@b.co',
      password: 'secret',
      display_name: 'Ann',
      category: 'Book Author',
      role: 'User',
      send_invitation: true,
    };
    expect(adminUsersRequestSchema.parse(base)).toMatchObject({ page_slug: '' });
    expect(adminUsersRequestSchema.parse({ ...base, page_slug: 'Ann-Page' })).toMatchObject({
      page_slug: 'ann-page',
    });
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
    const plan = planUserQuery('', {
      category: 'Publisher',
      role: 'user',
      status: 'inactive',
      approval: 'pending',
    });
    expect(plan.order).toBe('id');
    expect(plan.filters).toEqual([
      { field: 'category', op: '==', value: 'Publisher' },
      { field: 'role', op: 'in', value: ['User', 'Book Author', 'Author', 'Book Lover/Marketer'] },
      { field: 'is_active', op: '==', value: false },
      { field: 'approval_status', op: '==', value: 'pending' },
    ]);
    expect(planUserQuery('', { role: 'admin' }).filters).toEqual([
      { field: 'role', op: '==', value: 'Admin' },
    ]);
  });

  it('answers an email from Auth and a name from the keyword index', () => {
    expect(planUserQuery(' Zoe@Example.com ', {})).toMatchObject({ email: 'zoe@example.com', filters: [] });
    expect(planUserQuery('ZOË Alv', {})).toMatchObject({
      email: null,
      text: 'zoe alv',
      filters: [{ field: 'search_keywords', op: 'array-contains', value: 'zoe' }],
    });
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
    expect(
      rowMatchesFilters(row, { role: 'user', approval: 'pending', status: 'active', category: 'Publisher' }),
    ).toBe(true);
    expect(rowMatchesFilters({ ...row, role: 'Admin' }, { role: 'user' })).toBe(false);
    expect(rowMatchesFilters(row, { status: 'inactive' })).toBe(false);
  });
});

it('asks the spec question before deleting', () => {
  expect(deleteUserQuestion('Ann')).toBe(
    'Are you sure you want to delete Ann? This action cannot be undone.',
  );
});

describe('featured slots', async () => {
  const { adminFeaturedRequestSchema, firstFreePosition } =
    await import('../../../../src/domain/admin/admin-featured');
  it('finds the first free slot, or none when all are taken', () => {
    expect(firstFreePosition([], 12)).toBe(1);
    expect(firstFreePosition([1, 2, 4], 12)).toBe(3);
    expect(
      firstFreePosition(
        Array.from({ length: 12 }, (_, i) => i + 1),
        12,
      ),
    ).toBeNull();
  });
  it('bounds positions: books 1-12, profiles 1-6', () => {
    expect(
      adminFeaturedRequestSchema.safeParse({ action: 'assign-book', position: 12, bookId: 'b' }).success,
    ).toBe(true);
    expect(
      adminFeaturedRequestSchema.safeParse({ action: 'assign-book', position: 13, bookId: 'b' }).success,
    ).toBe(false);
    expect(
      adminFeaturedRequestSchema.safeParse({ action: 'assign-profile', position: 7, userId: 'u' }).success,
    ).toBe(false);
    expect(adminFeaturedRequestSchema.safeParse({ action: 'remove-profile', position: 0 }).success).toBe(
      false,
    );
    expect(
      adminFeaturedRequestSchema.safeParse({ action: 'assign-book', position: 1.5, bookId: 'b' }).success,
    ).toBe(false);
  });
});

describe('site settings edits', async () => {
  const { adminSiteSettingsRequestSchema, canAddMenuItem, moveMenuItem, titlesFollowingGlobal } =
    await import('../../../../src/domain/admin/admin-site-settings');
  const menu = [
    { label: 'A', url: '/a' },
    { label: 'B', url: '/b' },
    { label: 'C', url: '/c' },
  ];
  it('moves menu items up and down, never past the ends', () => {
    expect(moveMenuItem(menu, 1, -1).map((m) => m.label)).toEqual(['B', 'A', 'C']);
    expect(moveMenuItem(menu, 1, 1).map((m) => m.label)).toEqual(['A', 'C', 'B']);
    expect(moveMenuItem(menu, 0, -1)).toEqual(menu);
    expect(moveMenuItem(menu, 2, 1)).toEqual(menu);
    expect(canAddMenuItem(Array.from({ length: 19 }))).toBe(true);
    expect(canAddMenuItem(Array.from({ length: 20 }))).toBe(false);
  });
  it('books follow the global title when unset, the default or the previous global one', () => {
    expect(titlesFollowingGlobal(null)).toEqual([
      '',
      'VIEW & READ THE BOOK FOR FREE',
      'VIEW & read THE BOOK FOR FREE',
    ]);
    expect(titlesFollowingGlobal('READ FREE')).toContain('READ FREE');
  });
  it('refuses unknown settings fields, bad links and more than 20 menu items', () => {
    expect(
      adminSiteSettingsRequestSchema.safeParse({ action: 'save-settings', settings: { updated_by: 'x' } })
        .success,
    ).toBe(false);
    expect(
      adminSiteSettingsRequestSchema.safeParse({
        action: 'save-settings',
        settings: { menu_items: [{ label: 'X', url: 'javascript:alert(1)' }] },
      }).success,
    ).toBe(false);
    expect(
      adminSiteSettingsRequestSchema.safeParse({
        action: 'save-settings',
        settings: { menu_items: Array.from({ length: 21 }, () => ({ label: 'X', url: '/' })) },
      }).success,
    ).toBe(false);
    expect(
      adminSiteSettingsRequestSchema.safeParse({
        action: 'save-settings',
        settings: { social_links: { twitter: 'https://x.com/s' } },
      }).success,
    ).toBe(true);
    expect(
      adminSiteSettingsRequestSchema.safeParse({ action: 'set-free-preview-title', title: '  ' }).success,
    ).toBe(false);
  });
});

describe('page content raw JSON', async () => {
  const { adminContentRequestSchema, parseContentJson } =
    await import('../../../../src/domain/admin/admin-content');
  const { DEFAULT_ABOUT_CONTENT } = await import('../../../../src/domain/site/page-content');
  it('applies valid JSON of the page shape and explains anything else', () => {
    expect(parseContentJson('about', JSON.stringify(DEFAULT_ABOUT_CONTENT))).toMatchObject({ ok: true });
    const broken = parseContentJson('about', '{"hero": ');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/^Invalid JSON/);
    const wrongShape = parseContentJson('about', '{"hero": 5}');
    expect(!wrongShape.ok && wrongShape.error).toMatch(/^Invalid content at/);
  });
  it('validates saves per page and legal document', () => {
    const page = {
      page_slug: 'about',
      title: 'About',
      subtitle: '',
      meta_description: '',
      is_published: true,
      content: DEFAULT_ABOUT_CONTENT,
    };
    expect(adminContentRequestSchema.safeParse({ action: 'save-page', page }).success).toBe(true);
    expect(
      adminContentRequestSchema.safeParse({ action: 'save-page', page: { ...page, page_slug: 'blog' } })
        .success,
    ).toBe(false);
    expect(
      adminContentRequestSchema.safeParse({
        action: 'save-legal',
        document_type: 'terms',
        title: 'Terms',
        content: '# Hi',
      }).success,
    ).toBe(true);
    expect(
      adminContentRequestSchema.safeParse({
        action: 'save-legal',
        document_type: 'cookies',
        title: 'C',
        content: '',
      }).success,
    ).toBe(false);
  });
});

describe('the edit dialog refuses a name the sign-up rules refuse', () => {
  const fields = {
    role: 'User',
    category: 'Book Author',
    is_active: true,
    approval_status: 'approved',
  } as const;
  it('refuses links and markup, as at sign-up (the relay and mails show this name)', () => {
    expect(
      updateUserFieldsSchema.safeParse({ ...fields, display_name: 'Visit http://evil.example now' }).success,
    ).toBe(false);
    expect(updateUserFieldsSchema.safeParse({ ...fields, display_name: 'Jane <b>' }).success).toBe(false);
    expect(updateUserFieldsSchema.safeParse({ ...fields, display_name: 'Jane Austen' }).success).toBe(true);
  });
});

describe('the edit dialog never carries the plan', () => {
  it('refuses subscription_status: only set-premium and the billing webhook write it', () => {
    const fields = {
      display_name: 'Penny Publisher',
      role: 'User',
      category: 'Book Author',
      is_active: true,
      approval_status: 'approved',
    };
    expect(updateUserFieldsSchema.safeParse(fields).success).toBe(true);
    expect(updateUserFieldsSchema.safeParse({ ...fields, subscription_status: 'premium' }).success).toBe(
      false,
    );
  });
});
