import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETION_STEPS,
  STALE_DELETION_MS,
  isStaleDeletion,
  pendingSteps,
} from '../../../../src/domain/accounts/account-deletion.ts';
import { EXPECTED_DELETION_ORDER } from '../../../shared/account-deletion.ts';
import { FALLBACK_DISPLAY_NAME, startingDisplayName } from '../../../../src/domain/accounts/profile-save.ts';

describe('account deletion steps', () => {
  it('run the Auth user first, then billing (its record is under the profile), everything public before the private records kept under the uid', () => {
    expect(ACCOUNT_DELETION_STEPS).toEqual(EXPECTED_DELETION_ORDER);
  });
  it('resume with the steps not yet done, in order', () => {
    expect(pendingSteps([])).toEqual([...ACCOUNT_DELETION_STEPS]);
    expect(pendingSteps(['auth', 'billing', 'profile', 'page_slugs'])).toEqual(
      EXPECTED_DELETION_ORDER.slice(EXPECTED_DELETION_ORDER.indexOf('reviews')),
    );
    expect(pendingSteps([...ACCOUNT_DELETION_STEPS])).toEqual([]);
  });
  it('a job is stale when it has not moved for the stale period, and never once completed', () => {
    const requested_at = new Date('2025-01-01T00:00:00Z');
    const t = requested_at.getTime();
    expect(isStaleDeletion({ requested_at }, t + STALE_DELETION_MS)).toBe(false);
    expect(isStaleDeletion({ requested_at }, t + STALE_DELETION_MS + 1)).toBe(true);
    expect(
      isStaleDeletion({ requested_at, updated_at: new Date(t + 60_000) }, t + STALE_DELETION_MS + 1),
    ).toBe(false);
    expect(isStaleDeletion({ requested_at, completed_at: new Date(t) }, t + 10 * STALE_DELETION_MS)).toBe(
      false,
    );
  });
});

describe('startingDisplayName', () => {
  it('takes the Auth name, else the email’s local part, else Member', () => {
    expect(startingDisplayName('  Jane Doe ', 'jane@example.com')).toBe('Jane Doe');
    expect(startingDisplayName('', 'jane.doe@example.com')).toBe('jane.doe');
    expect(startingDisplayName(null, undefined)).toBe(FALLBACK_DISPLAY_NAME);
  });
  it('skips a name sign-up would refuse (a link)', () => {
    expect(startingDisplayName('Visit spam.com', 'reader@example.com')).toBe('reader');
    expect(startingDisplayName('Visit spam.com', 'www.spam.com@example.com')).toBe(FALLBACK_DISPLAY_NAME);
  });
});
