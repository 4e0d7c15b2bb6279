// The failure toast of a profile save: the /profile-edit page names the server's
// reason, the profile page's inline editor shows the spec's fixed text.
import { describe, expect, it } from 'vitest';
import { saveFailureText } from '../../../../src/islands/members/save-profile';

describe('profile save failure text', () => {
  it("the inline editor on the profile page says 'Failed to save profile changes.'", () => {
    expect(saveFailureText('inline', 'This profile was changed in another tab.')).toBe(
      'Failed to save profile changes.',
    );
  });

  it('the /profile-edit page names the server message', () => {
    expect(saveFailureText('page', 'This profile was changed in another tab.')).toBe(
      'Failed to save profile: This profile was changed in another tab.',
    );
  });
});
