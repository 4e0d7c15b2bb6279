import { describe, expect, it } from 'vitest';
import {
  ownerVisibilityOf,
  bookVisibilityFields,
  isItemPublic,
  isItemShown,
  isOwnerPublic,
  isPostPublic,
  sameVisibilityFields,
  visibilityFromStored,
  visibilityUpdates,
} from '../../../../src/domain/accounts/visibility.ts';

const approved = { is_active: true, approval_status: 'approved' } as const;

describe('one visibility rule for books and products/services', () => {
  it('an owner is public only when the profile exists, is active and approved', () => {
    expect(isOwnerPublic(approved)).toBe(true);
    expect(isOwnerPublic({ ...approved, is_active: false })).toBe(false);
    expect(isOwnerPublic({ ...approved, approval_status: 'pending' })).toBe(false);
    expect(isOwnerPublic({ ...approved, approval_status: 'denied' })).toBe(false);
    expect(isOwnerPublic(null)).toBe(false);
    expect(isOwnerPublic(undefined)).toBe(false);
  });

  it('an item is public only when it is active and its owner is public', () => {
    expect(isItemPublic({ is_active: true }, approved)).toBe(true);
    expect(isItemPublic({ is_active: false }, approved)).toBe(false);
    expect(isItemPublic({ is_active: true }, { ...approved, is_active: false })).toBe(false);
    expect(isItemPublic({ is_active: true }, null)).toBe(false);
  });

  it('the item’s half of the rule (lists whose owner is known public) and a blog post’s rule fold the flag in', () => {
    expect(isItemShown({ is_active: true })).toBe(true);
    expect(isItemShown({ is_active: true, moderation_hidden: false })).toBe(true);
    expect(isItemShown({ is_active: true, moderation_hidden: true })).toBe(false);
    expect(isItemShown({ is_active: false, moderation_hidden: false })).toBe(false);
    expect(isPostPublic({ is_published: true })).toBe(true);
    expect(isPostPublic({ is_published: true, moderation_hidden: false })).toBe(true);
    expect(isPostPublic({ is_published: true, moderation_hidden: true })).toBe(false);
    expect(isPostPublic({ is_published: false, moderation_hidden: false })).toBe(false);
  });

  it('an item an admin hid from the moderation queue is not public, whatever else holds', () => {
    expect(isItemPublic({ is_active: true, moderation_hidden: true }, approved)).toBe(false);
    expect(isItemPublic({ is_active: true, moderation_hidden: false }, approved)).toBe(true);
    expect(bookVisibilityFields(true, true, true)).toEqual({ owner_public: true, is_public: false });
    expect(visibilityFromStored({ is_active: true, owner_public: true, moderation_hidden: true })).toEqual({
      owner_public: true,
      is_public: false,
    });
    expect(
      visibilityUpdates(
        [
          {
            id: 'b1',
            data: {
              user_id: 'u1',
              is_active: true,
              moderation_hidden: true,
              owner_public: true,
              is_public: true,
            },
          },
        ],
        new Map([['u1', approved]]),
      ),
    ).toEqual([{ id: 'b1', fields: { owner_public: true, is_public: false } }]);
  });

  it('the stored book fields: is_public = is_active AND owner_public', () => {
    expect(bookVisibilityFields(true, true)).toEqual({ owner_public: true, is_public: true });
    expect(bookVisibilityFields(false, true)).toEqual({ owner_public: true, is_public: false });
    expect(bookVisibilityFields(true, false)).toEqual({ owner_public: false, is_public: false });
  });

  it('compares stored fields exactly, so a trigger writes only on change', () => {
    const fields = bookVisibilityFields(true, true);
    expect(sameVisibilityFields({ ...fields, title: 'x' }, fields)).toBe(true);
    expect(sameVisibilityFields({ owner_public: true }, fields)).toBe(false);
    expect(sameVisibilityFields({ owner_public: true, is_public: false }, fields)).toBe(false);
    expect(sameVisibilityFields(undefined, fields)).toBe(false);
  });

  it('derives the fields from a stored book without reading the owner only when the owner state is recorded', () => {
    expect(visibilityFromStored({ is_active: false, owner_public: true })).toEqual({
      owner_public: true,
      is_public: false,
    });
    expect(visibilityFromStored({ owner_public: true })).toEqual({ owner_public: true, is_public: true });
    expect(visibilityFromStored({ is_active: true, owner_public: false })).toEqual({
      owner_public: false,
      is_public: false,
    });
    expect(visibilityFromStored({ is_active: true })).toBeUndefined();
  });
});

describe('ownerVisibilityOf', () => {
  it('reads a stored profile strictly, and no profile as no owner', () => {
    expect(isOwnerPublic(ownerVisibilityOf({ is_active: true, approval_status: 'approved', x: 1 }))).toBe(
      true,
    );
    expect(isOwnerPublic(ownerVisibilityOf({ is_active: 'yes', approval_status: 'approved' }))).toBe(false);
    expect(isOwnerPublic(ownerVisibilityOf({ is_active: true, approval_status: 'pending' }))).toBe(false);
    expect(ownerVisibilityOf(undefined)).toBeNull();
  });
});

describe('the visibility backfill', () => {
  it('writes only books whose stored fields differ from their owner and active flag', () => {
    const owners = new Map([
      ['pub', { is_active: true, approval_status: 'approved' as const }],
      ['off', { is_active: false, approval_status: 'approved' as const }],
    ]);
    const updates = visibilityUpdates(
      [
        { id: 'fresh', data: { user_id: 'pub', is_active: true } },
        { id: 'settled', data: { user_id: 'pub', is_active: true, owner_public: true, is_public: true } },
        { id: 'stale', data: { user_id: 'off', is_active: true, owner_public: true, is_public: true } },
        { id: 'disabled', data: { user_id: 'pub', is_active: false } },
        { id: 'orphan', data: { user_id: 'gone', is_active: true, owner_public: false, is_public: false } },
      ],
      owners,
    );
    expect(updates).toEqual([
      { id: 'fresh', fields: { owner_public: true, is_public: true } },
      { id: 'stale', fields: { owner_public: false, is_public: false } },
      { id: 'disabled', fields: { owner_public: true, is_public: false } },
    ]);
  });
});
