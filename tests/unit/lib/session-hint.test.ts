// The session hint's pure rules: what the header shows and whom the guard holds.
import { describe, expect, it } from 'vitest';
import {
  headerRoleLabel,
  hintFor,
  isGuardExempt,
  mustWaitForApproval,
} from '../../../src/lib/session-hint.ts';

const profile = {
  display_name: 'Wren',
  role: 'User',
  category: 'Publisher',
  subscription_status: 'free',
  approval_status: 'pending',
};

describe('the approval guard', () => {
  it('holds a signed-in non-admin who is pending or denied', () => {
    expect(mustWaitForApproval(hintFor({ uid: 'u', admin: false }, profile))).toBe(true);
    expect(
      mustWaitForApproval(hintFor({ uid: 'u', admin: false }, { ...profile, approval_status: 'denied' })),
    ).toBe(true);
  });

  it('lets approved members, admins and signed-out visitors pass', () => {
    expect(
      mustWaitForApproval(hintFor({ uid: 'u', admin: false }, { ...profile, approval_status: 'approved' })),
    ).toBe(false);
    expect(mustWaitForApproval(hintFor({ uid: 'u', admin: true }, profile))).toBe(false);
    expect(mustWaitForApproval(null)).toBe(false);
  });

  it('treats a member without a profile as not approved', () => {
    const hint = hintFor({ uid: 'u', admin: false }, null);
    expect(hint).toMatchObject({ display_name: 'User', approval_status: 'pending', premium: false });
    expect(mustWaitForApproval(hint)).toBe(true);
  });

  it('leaves exactly /auth, /login, /register and /pending-approval alone, with or without a trailing slash', () => {
    for (const path of ['/auth', '/login/', '/register', '/pending-approval/'])
      expect(isGuardExempt(path)).toBe(true);
    for (const path of ['/', '/directory', '/profile-edit', '/authors'])
      expect(isGuardExempt(path)).toBe(false);
  });
});

describe('the header role', () => {
  it('is Admin for the admin claim, whatever the profile says', () => {
    expect(headerRoleLabel({ admin: true, role: 'User', category: 'Book Author' })).toBe('Admin');
  });

  it('is the chosen category for members, else their role, never Admin without the claim', () => {
    expect(headerRoleLabel({ admin: false, role: 'User', category: 'Book Lover/Marketer' })).toBe(
      'Book Lover/Marketer',
    );
    expect(headerRoleLabel({ admin: false, role: 'Author', category: null })).toBe('Author');
    expect(headerRoleLabel({ admin: false, role: 'Admin', category: null })).toBe('User');
  });

  it('marks premium members', () => {
    expect(hintFor({ uid: 'u', admin: false }, { ...profile, subscription_status: 'premium' }).premium).toBe(
      true,
    );
  });
});
