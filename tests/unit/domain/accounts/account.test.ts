import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  newPasswordFormSchema,
  ownActionLink,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordResetRequestSchema,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  resetLinkProblem,
  sameOriginUrl,
} from '../../../../src/domain/accounts/account.ts';

const SITE = 'https://shelfmark.example';

describe('sameOriginUrl', () => {
  it('accepts pages of the site, as paths or full addresses', () => {
    expect(sameOriginUrl('/account', SITE)).toBe('https://shelfmark.example/account');
    expect(sameOriginUrl('https://shelfmark.example/auth?tab=login', SITE)).toBe(
      'https://shelfmark.example/auth?tab=login',
    );
  });

  it('refuses other origins, schemes and tricks', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      'http://shelfmark.example/account',
      'https://shelfmark.example.evil.example/',
      'https://user:pw@shelfmark.example/',
      'javascript:alert(1)',
      'data:text/html,hi',
      '/\\evil.example',
      '/a\nb',
      '',
      42,
      null,
    ]) {
      expect(sameOriginUrl(bad, SITE), String(bad)).toBeNull();
    }
  });
});

describe('ownActionLink', () => {
  const firebase =
    'https://demo.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=ABC-123&apiKey=k&continueUrl=https%3A%2F%2Fevil.example';

  it('keeps only the code, on our own page', () => {
    expect(ownActionLink(firebase, '/auth/reset', SITE)).toBe(
      'https://shelfmark.example/auth/reset?oobCode=ABC-123',
    );
    expect(ownActionLink(firebase, '/auth/confirm-email', SITE, { uid: 'u1' })).toBe(
      'https://shelfmark.example/auth/confirm-email?oobCode=ABC-123&uid=u1',
    );
  });

  it('refuses a link without a code', () => {
    expect(() =>
      ownActionLink('https://demo.firebaseapp.com/__/auth/action?mode=resetPassword', '/auth/reset', SITE),
    ).toThrow();
  });
});

describe('reset link problems', () => {
  it('tells an expired link from a used or malformed one', () => {
    expect(resetLinkProblem('auth/expired-action-code')).toBe(RESET_LINK_EXPIRED_MESSAGE);
    expect(resetLinkProblem('auth/invalid-action-code')).toBe(RESET_LINK_INVALID_MESSAGE);
    expect(resetLinkProblem(undefined)).toBe(RESET_LINK_INVALID_MESSAGE);
  });
});

describe('password forms', () => {
  it('asks for the sign-up minimum and a matching confirmation', () => {
    const short = newPasswordFormSchema.safeParse({ password: 'abc', confirmPassword: 'abc' });
    expect(short.error?.issues[0]?.message).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    const mismatch = newPasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: PASSWORD_MISMATCH_MESSAGE,
      path: ['confirmPassword'],
    });
    expect(newPasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(
      true,
    );
  });

  it('needs the current password to change it', () => {
    const missing = changePasswordFormSchema.safeParse({
      currentPassword: '',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(missing.error?.issues[0]?.path).toEqual(['currentPassword']);
  });

  it('accepts a reset request with an address only, and refuses unknown keys', () => {
    expect(passwordResetRequestSchema.safeParse({ email: ' jane@example.com ' }).data).toEqual({
      email: 'jane@example.com',
    });
    expect(passwordResetRequestSchema.safeParse({ email: 'jane@example.com', admin: true }).success).toBe(
      false,
    );
    expect(passwordResetRequestSchema.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
  });
});
