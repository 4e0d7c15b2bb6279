import { describe, expect, it } from 'vitest';
import {
  CONDITION_FORM_OPTIONS,
  CONDITION_OPTIONS,
  CONTACT_METHOD_OPTIONS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  LISTING_CATEGORIES,
  MARKETPLACE_KINDS,
  PRICE_FILTERS,
  categoryLabel,
  conditionFromForm,
  formatPrice,
  listingPriceText,
  sortMarketplaceItems,
  subcategoriesOf,
} from '../../../../src/domain/items/marketplace.ts';

describe('listing category tree', () => {
  it('has 15 top categories, each with sub-categories', () => {
    expect(LISTING_CATEGORIES).toHaveLength(15);
    for (const category of LISTING_CATEGORIES) expect(category.subcategories.length).toBeGreaterThan(0);
  });
  it('uses unique values across the whole tree', () => {
    const values = LISTING_CATEGORIES.flatMap((c) => [c.value, ...c.subcategories.map((s) => s.value)]);
    expect(new Set(values).size).toBe(values.length);
  });
  it('keeps the spec sub-categories of the book categories', () => {
    expect(subcategoriesOf('books-publications').map((s) => s.value)).toEqual([
      'new-books',
      'used-books',
      'rare-books',
      'first-editions',
      'signed-books',
      'manuscripts',
    ]);
    expect(subcategoriesOf('fiction-books')).toHaveLength(9);
    expect(subcategoriesOf('non-fiction-books')).toHaveLength(12);
    expect(subcategoriesOf('nope')).toEqual([]);
  });
  it('categoryLabel returns the label, or the value itself when unknown', () => {
    expect(categoryLabel('books-publications')).toBe('Books & Publications');
    expect(categoryLabel('signed-books')).toBe('Signed Books');
    expect(categoryLabel('garden-gnomes')).toBe('garden-gnomes');
  });
});

describe('options', () => {
  it('conditions: five stored, not_specified only in the form and saved as null', () => {
    expect(CONDITION_OPTIONS.map((o) => o.value)).toEqual(['new', 'like-new', 'good', 'fair', 'poor']);
    expect(CONDITION_FORM_OPTIONS[0]?.value).toBe('not_specified');
    expect(conditionFromForm('not_specified')).toBeNull();
    expect(conditionFromForm('good')).toBe('good');
  });
  it('contact methods carry the spec labels', () => {
    expect(CONTACT_METHOD_OPTIONS.find((o) => o.value === 'message')?.label).toBe('Platform Message');
    expect(CONTACT_METHOD_OPTIONS.find((o) => o.value === 'website')?.label).toBe('Website Contact');
  });
  it('currencies default to USD', () => {
    expect(CURRENCIES).toEqual(['USD', 'EUR', 'GBP', 'CAD']);
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(formatPrice(12.5, 'USD')).toBe('$12.50');
  });
  it('a listing’s price line: the amount in its currency, Free at 0, Contact for Pricing without a price', () => {
    expect(listingPriceText({ price: 85, currency: 'GBP' })).toBe('£85.00');
    expect(listingPriceText({ price: 12.5 })).toBe('$12.50');
    expect(listingPriceText({ price: 0, currency: 'EUR' })).toBe('Free');
    expect(listingPriceText({ price: null, currency: 'USD' })).toBe('Contact for Pricing');
    expect(listingPriceText({})).toBe('Contact for Pricing');
  });
  it('marketplace kinds', () => {
    expect(MARKETPLACE_KINDS).toEqual(['product', 'service', 'book']);
  });
});

describe('price filters', () => {
  const filter = (value: string) => PRICE_FILTERS.find((f) => f.value === value)!;
  it('put each boundary in exactly one range', () => {
    const ranges = PRICE_FILTERS.filter((f) => f.value !== 'all');
    for (const price of [0, 5, 10, 50, 100, 100.01]) {
      expect(ranges.filter((f) => f.matches(price))).toHaveLength(1);
    }
    expect(filter('free').matches(0)).toBe(true);
    expect(filter('10-50').matches(10)).toBe(true);
    expect(filter('50-100').matches(100)).toBe(true);
    expect(filter('over-100').matches(100)).toBe(false);
  });
  it('items without a price only match all', () => {
    expect(PRICE_FILTERS.filter((f) => f.matches(null)).map((f) => f.value)).toEqual(['all']);
  });
});

describe('sortMarketplaceItems', () => {
  const items = [
    { id: 'a', created_at: new Date(1), price: 20, views_count: 5, is_featured: false },
    { id: 'b', created_at: new Date(3), price: null, views_count: 9, is_featured: true },
    { id: 'c', created_at: new Date(2), price: 5, views_count: 1, is_featured: false },
  ];
  const ids = (sort: Parameters<typeof sortMarketplaceItems>[1]) =>
    sortMarketplaceItems(items, sort).map((i) => i.id);
  it('sorts by each order; unpriced items go last', () => {
    expect(ids('newest')).toEqual(['b', 'c', 'a']);
    expect(ids('oldest')).toEqual(['a', 'c', 'b']);
    expect(ids('price-low')).toEqual(['c', 'a', 'b']);
    expect(ids('price-high')).toEqual(['a', 'c', 'b']);
    expect(ids('popular')).toEqual(['b', 'a', 'c']);
    expect(ids('featured')).toEqual(['b', 'c', 'a']);
  });
});
