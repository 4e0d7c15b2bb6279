// The profile editors send only what changed since they loaded the profile.
import { describe, expect, it } from 'vitest';
import {
  buildSaveRequest,
  emptyBookRow,
  isEmptySave,
  toFormValues,
  valuesAfterSave,
  type ProfileFormValues,
} from '../../../src/domain/members/profile-edit-form.ts';
import { saveProfileRequestSchema } from '../../../src/domain/members/profile-edit.ts';
import { storedBook, storedProfile } from './fixtures.ts';

const context = { userId: 'jane-uid', loadedUpdatedAt: new Date('2026-02-01T12:00:00Z'), admin: false };

function loadedValues(): ProfileFormValues {
  return toFormValues(storedProfile(), [
    storedBook('b2', 'Second', '2026-01-03T00:00:00Z'),
    storedBook('b1', 'First', '2026-01-02T00:00:00Z'),
  ]);
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
    expect(request).toEqual({
      userId: 'jane-uid',
      expectedUpdatedAt: '2026-02-01T12:00:00.000Z',
      profile: {},
      books: { create: [], update: [], remove: [] },
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
    expect(request.books).toEqual({ create: [], update: [], remove: [] });
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

  it('creates new rows with a title, drops blank new rows, updates only changed fields of stored books', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.books[0]!.ebook_price = '5.5';
        v.books[0]!.description = 'A new description.';
        v.books.push({ ...emptyBookRow(), title: '  Third  ', paperback_price: '12' });
        v.books.push({ ...emptyBookRow(), description: 'No title yet' });
      }),
      context,
    );
    expect(request.books?.update).toEqual([
      { id: 'b1', changes: { ebook_price: 5.5, description: 'A new description.' } },
    ]);
    expect(request.books?.create).toHaveLength(1);
    expect(request.books?.create?.[0]).toMatchObject({
      title: 'Third',
      paperback_price: 12,
      ebook_price: null,
      purchase_links: [],
    });
    expect(request.books?.remove).toEqual([]);
  });

  it('removes stored books missing from the form', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.books.splice(0, 1);
      }),
      context,
    );
    expect(request.books).toEqual({ create: [], update: [], remove: ['b1'] });
  });

  it('sends changed purchase links as the whole list', () => {
    const request = buildSaveRequest(
      loadedValues(),
      edited((v) => {
        v.books[1]!.purchase_links.push({ label: 'Store', url: 'https://store.example', price: '$3' });
      }),
      context,
    );
    expect(request.books?.update).toEqual([
      {
        id: 'b2',
        changes: {
          purchase_links: [
            { label: 'Shop', url: 'https://shop.example/book', price: null },
            { label: 'Store', url: 'https://store.example', price: '$3' },
          ],
        },
      },
    ]);
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
        v.books.push({ ...emptyBookRow(), title: 'Third', purchase_url: 'https://buy.example' });
      }),
      { ...context, admin: true },
    );
    expect(saveProfileRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('toFormValues', () => {
  it('lists books oldest first and fills every social network', () => {
    const values = loadedValues();
    expect(values.books.map((row) => row.bookId)).toEqual(['b1', 'b2']);
    expect(values.books[0]).toMatchObject({ title: 'First', ebook_price: '4.99', price: '', video_url: '' });
    expect(values.social_links.website).toBe('https://jane.example');
    expect(values.social_links.pinterest).toBe('');
  });
});

describe('valuesAfterSave', () => {
  it('gives new rows their ids, drops blank new rows and takes the settled slug', () => {
    const current = edited((v) => {
      v.page_slug = '';
      v.books.push({ ...emptyBookRow(), title: 'Third' }, emptyBookRow());
    });
    const after = valuesAfterSave(current, 'jane-doe-2', ['b3']);
    expect(after.page_slug).toBe('jane-doe-2');
    expect(after.books.map((row) => row.bookId)).toEqual(['b1', 'b2', 'b3']);
    expect(buildSaveRequest(after, after, context).books).toEqual({ create: [], update: [], remove: [] });
  });
});
