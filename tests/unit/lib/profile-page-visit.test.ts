// @vitest-environment jsdom
// What a profile page's after-paint loaders check first (src/lib/profile-page-visit.ts):
// the page's owner from the main content, and the visitor's session hint.
import { afterEach, describe, expect, it } from 'vitest';
import { profilePageVisit } from '../../../src/lib/profile-page-visit.ts';
import { SESSION_HINT_KEY, writeHint, type SessionHint } from '../../../src/lib/session-hint.ts';

const hint: SessionHint = {
  uid: 'alice-uid',
  display_name: 'Alice',
  role_label: 'Book Author',
  premium: false,
  approval_status: 'approved',
  admin: false,
  checked_at: 0,
};

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.removeItem(SESSION_HINT_KEY);
});

describe('profilePageVisit', () => {
  it('gives the main content, its owner and the hint on a profile page with a signed-in visitor', () => {
    document.body.innerHTML = '<main data-profile-user-id="alice-uid" data-profile-slug="alice"></main>';
    writeHint(hint);
    const visit = profilePageVisit();
    expect(visit?.root.dataset.profileSlug).toBe('alice');
    expect(visit?.userId).toBe('alice-uid');
    expect(visit?.hint).toEqual(hint);
  });

  it('is null without a hint (a visitor), and off a profile page', () => {
    document.body.innerHTML = '<main data-profile-user-id="alice-uid"></main>';
    expect(profilePageVisit()).toBeNull();
    document.body.innerHTML = '<main></main>';
    writeHint(hint);
    expect(profilePageVisit()).toBeNull();
  });
});
