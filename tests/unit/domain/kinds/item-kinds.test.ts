// The table of owned-item kinds: each kind's callable keeps its own request (the
// contract with pages already in browsers), and the one save request every editor and
// function works on maps onto it and back without losing a part.
import { describe, expect, it } from 'vitest';
import {
  ITEM_KINDS,
  saveClassifiedAdRequestSchema,
  toItemSave,
  toKindRequest,
  type ItemKindName,
} from '../../../../src/domain/kinds/item-kinds';

const FORMS: Record<ItemKindName, Record<string, unknown>> = {
  book: { title: 'Sea', genre: ['fantasy'] },
  product: { title: 'Editing', category: 'service' },
  ad: { title: 'Bookcase', description: 'Oak, two shelves.', category: 'furniture' },
};

describe('the owned-item kinds', () => {
  it('keeps each callable’s request keys', () => {
    expect(toKindRequest('book', { id: 'b1', fields: FORMS.book as never })).toEqual({
      bookId: 'b1',
      book: FORMS.book,
    });
    expect(toKindRequest('product', { userId: 'u1', fields: FORMS.product as never })).toEqual({
      userId: 'u1',
      item: FORMS.product,
    });
    expect(toKindRequest('ad', { id: 'a1', fields: null, admin: { is_featured: true } })).toEqual({
      adId: 'a1',
      admin: { is_featured: true },
    });
  });

  it('names an existing item by id only, never its owner', () => {
    expect(toKindRequest('book', { id: 'b1', userId: 'u1', fields: FORMS.book as never })).not.toHaveProperty(
      'userId',
    );
  });

  it.each(Object.keys(ITEM_KINDS) as ItemKindName[])('maps a %s save there and back', (kind) => {
    const save = { id: 'x1', fields: FORMS[kind] as never, admin: { is_active: false } };
    expect(toItemSave(kind, toKindRequest(kind, save))).toEqual({ ...save, userId: undefined });
  });

  it('refuses an ad save with neither fields nor an admin’s switches', () => {
    expect(saveClassifiedAdRequestSchema.safeParse({ adId: 'a1' }).success).toBe(false);
    expect(
      saveClassifiedAdRequestSchema.safeParse({ adId: 'a1', admin: { is_featured: true } }).success,
    ).toBe(true);
  });

  it('refuses a book save without its fields, and a switch it does not have', () => {
    expect(ITEM_KINDS.book.request.safeParse({ bookId: 'b1' }).success).toBe(false);
    const featured = { bookId: 'b1', book: FORMS.book, admin: { is_featured: true } };
    expect(ITEM_KINDS.book.request.parse(featured).admin).toEqual({});
  });
});
