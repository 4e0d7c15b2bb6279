import { describe, expect, it } from 'vitest';
import {
  adCategoryText,
  adConditionText,
  adContact,
  adPriceText,
} from '../../../../src/domain/market/classified-detail.ts';
import { CONTACT_FOR_PRICING } from '../../../../src/domain/items/marketplace.ts';
import { classifiedAdFormSchema, CLASSIFIED_MESSAGES } from '../../../../src/domain/market/classified-ad.ts';
import {
  sellerMessageRequestSchema,
  SELLER_MESSAGE_TEXT,
} from '../../../../src/domain/market/seller-message.ts';

describe('classified ad page', () => {
  it('shows the price in its currency, Free for 0 and Contact for Pricing without one', () => {
    expect(adPriceText({ price: 85, currency: 'GBP' })).toBe('£85.00');
    expect(adPriceText({ price: 0, currency: 'USD' })).toBe('Free');
    expect(adPriceText({ price: null, currency: 'USD' })).toBe(CONTACT_FOR_PRICING);
    expect(CONTACT_FOR_PRICING).toBe('Contact for Pricing');
  });

  it('labels category, sub-category and condition', () => {
    expect(adCategoryText({ category: 'storage-organization', subcategory: 'bookshelves' })).toBe(
      'Storage & Organization › Bookshelves',
    );
    expect(adCategoryText({ category: 'other', subcategory: null })).toBe('Other');
    expect(adConditionText({ condition: 'like-new' })).toBe('Like New');
    expect(adConditionText({ condition: null })).toBeNull();
  });

  it('keeps email and phone for members, links websites, and falls back to a platform message', () => {
    expect(adContact({ contact_method: 'email', contact_info: 'a@b.example' })).toEqual({
      kind: 'members-only',
      label: 'Email',
    });
    expect(adContact({ contact_method: 'phone', contact_info: '+44 20 7946 0000' })).toEqual({
      kind: 'members-only',
      label: 'Phone',
    });
    expect(adContact({ contact_method: 'website', contact_info: 'shop.example.com/oak' })).toEqual({
      kind: 'website',
      label: 'Website Contact',
      href: 'https://shop.example.com/oak',
    });
    expect(adContact({ contact_method: 'website', contact_info: 'javascript:alert(1)' }).kind).toBe(
      'message',
    );
    expect(adContact({ contact_method: 'email', contact_info: '' })).toEqual({
      kind: 'message',
      label: 'Platform Message',
    });
    expect(adContact({ contact_method: 'message', contact_info: null })).toEqual({
      kind: 'message',
      label: 'Platform Message',
    });
  });
});

describe('classified form', () => {
  const valid = {
    title: 'Oak bookshelf',
    description: 'Solid oak, five shelves.',
    category: 'storage-organization',
    contact_method: 'message',
  };
  const firstError = (input: Record<string, unknown>) => {
    const result = classifiedAdFormSchema.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('gives every message of the spec', () => {
    expect(firstError({ ...valid, title: '  ' })).toBe(CLASSIFIED_MESSAGES.titleRequired);
    expect(firstError({ ...valid, title: 'x'.repeat(101) })).toBe('Title must be 100 characters or less');
    expect(firstError({ ...valid, description: 'too short' })).toBe(
      'Description must be at least 10 characters',
    );
    expect(firstError({ ...valid, description: 'x'.repeat(2001) })).toBe(
      'Description must be 2000 characters or less',
    );
    expect(firstError({ ...valid, category: '' })).toBe('Category is required');
    expect(firstError({ ...valid, contact_method: '' })).toBe('Contact method is required');
    expect(firstError({ ...valid, price: '-1' })).toBe('Price must be a positive number');
    expect(firstError({ ...valid, price: '1.999' })).toBe('Price must be a positive number');
  });

  it("stores 'none', 'not_specified' and blanks as null and parses tags", () => {
    const parsed = classifiedAdFormSchema.parse({
      ...valid,
      subcategory: 'none',
      condition: 'not_specified',
      price: '12.50',
      location: '',
      contact_info: '',
      tags: 'oak, , Oak, shelf',
      image_url: '',
    });
    expect(parsed).toMatchObject({
      subcategory: null,
      condition: null,
      price: 12.5,
      location: null,
      contact_info: null,
      tags: ['oak', 'shelf'],
      image_url: null,
      currency: 'USD',
    });
    expect(classifiedAdFormSchema.parse({ ...valid, price: '' }).price).toBeNull();
    expect(classifiedAdFormSchema.parse({ ...valid, price: '0' }).price).toBe(0);
  });
});

describe('seller message', () => {
  it('needs 10 to 2000 characters and a well-formed ad id', () => {
    expect(sellerMessageRequestSchema.safeParse({ ad_id: 'abc', message: 'Still for sale?' }).success).toBe(
      true,
    );
    expect(
      sellerMessageRequestSchema.safeParse({ ad_id: 'abc', message: 'Hi' }).error?.issues[0]?.message,
    ).toBe(SELLER_MESSAGE_TEXT.tooShort);
    expect(
      sellerMessageRequestSchema.safeParse({ ad_id: 'abc', message: 'x'.repeat(2001) }).error?.issues[0]
        ?.message,
    ).toBe(SELLER_MESSAGE_TEXT.tooLong);
    expect(sellerMessageRequestSchema.safeParse({ ad_id: '../x', message: 'Still for sale?' }).success).toBe(
      false,
    );
  });
});
