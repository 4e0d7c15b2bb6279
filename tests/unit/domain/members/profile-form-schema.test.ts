// What the profile form accepts and the messages it shows under the fields.
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../../src/domain/shared/common.ts';
import {
  profileFormSchema,
  toFormValues,
  type ProfileFormValues,
} from '../../../../src/domain/members/profile-edit-form.ts';
import { storedProfile } from '../../helpers/profile.ts';

function values(change: (v: ProfileFormValues) => void = () => {}): ProfileFormValues {
  const v = toFormValues(storedProfile());
  change(v);
  return v;
}

function errorsOf(v: ProfileFormValues): Record<string, string> {
  const result = profileFormSchema.safeParse(v);
  return result.success ? {} : fieldErrors(result.error);
}

describe('profileFormSchema', () => {
  it('accepts a loaded profile as it is', () => {
    expect(errorsOf(values())).toEqual({});
  });

  it('requires a display name', () => {
    expect(errorsOf(values((v) => (v.display_name = '   ')))).toEqual({
      display_name: 'Display name is required',
    });
  });

  it('accepts an empty page slug and refuses characters a slug cannot hold', () => {
    expect(errorsOf(values((v) => (v.page_slug = '')))).toEqual({});
    expect(errorsOf(values((v) => (v.page_slug = 'Jane Doe')))).toEqual({
      page_slug: 'Use lower-case letters, digits, hyphens and underscores only',
    });
  });

  it('refuses a social link that is not an http(s) URL', () => {
    expect(errorsOf(values((v) => (v.social_links.twitter = 'javascript:alert(1)')))).toHaveProperty([
      'social_links.twitter',
    ]);
  });

  it('refuses a picture served over plain http', () => {
    expect(errorsOf(values((v) => (v.profile_image = 'http://pics.example/me.png')))).toHaveProperty([
      'profile_image',
    ]);
    expect(errorsOf(values((v) => (v.profile_image = 'https://pics.example/me.png')))).toEqual({});
  });
});
