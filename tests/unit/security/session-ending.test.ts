// The pure parts of the session-ending paths: how an Auth REST refusal reads,
// which callable answers mean "session ended", the requests the open callables
// accept (a code, never a uid), where a login may return to, and the kept drafts.
import { describe, expect, it } from 'vitest';
import { actionCodeErrorCode, authRestReason, authRestUrl } from '../../../functions/src/accounts/auth-rest';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  emailConfirmationRequestSchema,
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordChangeRequestSchema,
  passwordResetCompletionSchema,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  resetLinkProblem,
} from '../../../src/domain/accounts/account';
import { SESSION_ENDED_MESSAGE } from '../../../src/domain/shared/caller-standing';
import { isSessionEndedAnswer } from '../../../src/data/client/shared/session-guard';
import { hasKeptDraft, keepDraft, takeKeptDraft, type KeptDraftStorage } from '../../../src/lib/kept-draft';
import { isSitePath } from '../../../src/lib/return-to';

function memoryStorage(): KeptDraftStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('Auth REST refusals', () => {
  it('reads the reason before the explanation', () => {
    expect(
      authRestReason({
        error: { code: 400, message: 'WEAK_PASSWORD : Password should be at least 6 characters' },
      }),
    ).toBe('WEAK_PASSWORD');
    expect(authRestReason({ error: { message: 'INVALID_OOB_CODE' } })).toBe('INVALID_OOB_CODE');
    expect(authRestReason(null)).toBe('UNKNOWN');
    expect(authRestReason({ error: {} })).toBe('UNKNOWN');
  });

  it('gives an expired code its own message and everything else the invalid one', () => {
    expect(resetLinkProblem(actionCodeErrorCode('EXPIRED_OOB_CODE'))).toBe(RESET_LINK_EXPIRED_MESSAGE);
    for (const reason of ['INVALID_OOB_CODE', 'UNKNOWN', 'USER_DISABLED'])
      expect(resetLinkProblem(actionCodeErrorCode(reason))).toBe(RESET_LINK_INVALID_MESSAGE);
  });

  it('calls the emulator when one is configured, Google otherwise', () => {
    expect(authRestUrl('update', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toMatch(
      /^http:\/\/127\.0\.0\.1:9099\/identitytoolkit\.googleapis\.com\/v1\/accounts:update\?key=/,
    );
  });
});

describe('the open callables take a mailed code, never a member', () => {
  it('refuses a uid next to the code', () => {
    expect(emailConfirmationRequestSchema.safeParse({ oobCode: 'abc' }).success).toBe(true);
    expect(emailConfirmationRequestSchema.safeParse({ oobCode: 'abc', uid: 'victim' }).success).toBe(false);
    expect(emailConfirmationRequestSchema.safeParse({ uid: 'victim' }).error?.issues[0]?.message).toBe(
      EMAIL_LINK_INVALID_MESSAGE,
    );
    expect(
      passwordResetCompletionSchema.safeParse({ oobCode: 'abc', newPassword: 'long-enough', uid: 'x' })
        .success,
    ).toBe(false);
  });

  it('applies the sign-up password rule to changes and resets', () => {
    expect(passwordChangeRequestSchema.safeParse({ newPassword: 'short' }).error?.issues[0]?.message).toBe(
      PASSWORD_TOO_SHORT_MESSAGE,
    );
    expect(
      passwordResetCompletionSchema.safeParse({ oobCode: 'abc', newPassword: 'short' }).error?.issues[0]
        ?.message,
    ).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(
      passwordResetCompletionSchema.safeParse({ oobCode: '', newPassword: 'long-enough' }).error?.issues[0]
        ?.message,
    ).toBe(RESET_LINK_INVALID_MESSAGE);
  });
});

describe('the browser whose session ended', () => {
  it('recognises the guard’s answer and nothing else', () => {
    expect(isSessionEndedAnswer('unauthenticated', SESSION_ENDED_MESSAGE)).toBe(true);
    expect(isSessionEndedAnswer('unauthenticated', 'Please log in first.')).toBe(false);
    expect(isSessionEndedAnswer('permission-denied', SESSION_ENDED_MESSAGE)).toBe(false);
  });

  it('returns after the login only to a page of this site', () => {
    for (const path of ['/book/abc?edit=true', '/classifieds/x/edit', '/'])
      expect(isSitePath(path), path).toBe(true);
    for (const path of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\nb',
      null,
    ])
      expect(isSitePath(path), String(path)).toBe(false);
  });

  it('keeps a draft until it is taken back once', () => {
    const storage = memoryStorage();
    keepDraft('book:b1', { title: 'Typed' }, storage);
    expect(hasKeptDraft('book:b1', storage)).toBe(true);
    expect(takeKeptDraft('book:b1', storage)).toEqual({ title: 'Typed' });
    expect(takeKeptDraft('book:b1', storage)).toBeNull();
    storage.setItem('shelfmark.kept-draft.ad:new', 'not json');
    expect(takeKeptDraft('ad:new', storage)).toBeNull();
  });
});
