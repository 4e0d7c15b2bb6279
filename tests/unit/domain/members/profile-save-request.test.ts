// The profile editors send only what changed since they loaded the profile.
import { describe, expect, it } from 'vitest';
import {
  buildSaveRequest,
  isEmptySave,
  toFormValues,
  type ProfileFormValues,
} from '../../../../src/domain/members/profile-edit-form.ts';
import { saveProfileRequestSchema } from '../../../../src/domain/accounts/profile-edit.ts';
import { storedProfile } from '../../helpers/profile.ts';

const context = { userId: 'jane-uid', loadedUpdatedAt: new Date('2026-02-01T12:00:00Z'), admin: false };

function loadedValues(): ProfileFormValues {
  return toFormValues(storedProfile());
}

/** A deep copy to edit, as the form would hold it after typing. */
function edited(change: (values: ProfileFormValues) => void): ProfileFormValues {
  const values = structuredClone(loadedValues());
  change(values);
  return values;
}

describe('buildSaveRequest', () => {
  it('sends nothing but the caller, the loaded updated_at and empty changes when nothing was touched', () => {
    const request = buildSaveRequest(loadedValues(), loadedValues(), context);
    // No books: they save one by one through saveBook, and saveProfile refuses the key.
    expect(request).toEqual({
      userId: 'jane-uid',
      expectedUpdatedAt: '2026-02-01T12:00:00.000Z',
      profile: {},
    });
    expect(isEmptySave(request)).toBe(true);
  });

  it('sends only the profile fields that changed, trimmed where the server trims', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.display_name = '  Jane Q. Doe ';
        v.special_announcement = 'New book out!';
      }),
      context,
    );
    expect(request.profile).toEqual({ display_name: 'Jane Q. Doe', special_announcement: 'New book out!' });
    expect(request).not.toHaveProperty('books');
    expect(isEmptySave(request)).toBe(false);
  });

  it('treats whitespace-only edits of trimmed fields as no change', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.display_name = 'Jane Doe  ';
      }),
      context,
    );
    expect(isEmptySave(request)).toBe(true);
  });

  it('sends the social links as one map, with a cleared link as an empty string', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.social_links.website = '';
        v.social_links.goodreads = 'https://goodreads.example/jane';
      }),
      context,
    );
    expect(request.profile).toEqual({
      social_links: { goodreads: 'https://goodreads.example/jane', website: '' },
    });
  });

  it('carries the admin fields only for an admin, and only when changed', () => {
    const change = (v: ProfileFormValues) => {
      v.role = 'Admin';
      v.category = 'Publisher';
    };
    expect(buildSaveRequest(loadedValues(), edited(change), context).admin).toBeUndefined();
    expect(buildSaveRequest(loadedValues(), edited(change), { ...context, admin: true }).admin).toEqual({
      role: 'Admin',
      category: 'Publisher',
    });
    expect(
      buildSaveRequest(loadedValues(), loadedValues(), { ...context, admin: true }).admin,
    ).toBeUndefined();
  });

  it('sends null as expectedUpdatedAt for a profile never saved', () => {
    expect(
      buildSaveRequest(loadedValues(), loadedValues(), { ...context, loadedUpdatedAt: null })
        .expectedUpdatedAt,
    ).toBeNull();
  });

  it('builds requests the save contract accepts', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.page_slug = '';
        v.profile_image = '/media/profiles/jane-uid/a/400.webp';
        v.role = 'Admin';
      }),
      { ...context, admin: true },
    );
    expect(saveProfileRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('toFormValues', () => {
  it('fills every social network', () => {
    const values = loadedValues();
    expect(values.social_links.website).toBe('https://jane.example');
    expect(values.social_links.pinterest).toBe('');
  });
});
