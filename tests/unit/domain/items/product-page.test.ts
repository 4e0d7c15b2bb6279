import { describe, expect, it } from 'vitest';
import {
  editorToProductForm,
  priceLine,
  productEditorSchema,
  sellerPath,
  subcategoryLabel,
  subcategoryOptions,
  toProductEditorValues,
} from '../../../../src/domain/items/product-page.ts';

describe('product page', () => {
  it('shows the seller’s price text, else the number in its currency', () => {
    expect(priceLine({ price: 'from $100/hour', price_numeric: 100, currency: 'USD' })).toBe(
      'from $100/hour',
    );
    expect(priceLine({ price: null, price_numeric: 12.5, currency: 'EUR' })).toBe('€12.50');
    expect(priceLine({ price: ' ', price_numeric: null, currency: 'USD' })).toBeUndefined();
  });
  it('links the seller by page slug, else slugified name, else user id', () => {
    expect(sellerPath({ page_slug: 'jane', display_name: 'Jane' }, 'u1')).toBe('/profile/jane');
    expect(sellerPath({ page_slug: null, display_name: 'Jane Doe' }, 'u1')).toBe('/profile/jane-doe');
    expect(sellerPath(null, 'u1')).toBe('/profile/u1');
  });
  it('offers genres for books and the listing lists for products and services', () => {
    expect(subcategoryOptions('book').some((o) => o.value === 'fantasy')).toBe(true);
    expect(subcategoryOptions('service').some((o) => o.value === 'editing')).toBe(true);
    expect(new Set(subcategoryOptions('product').map((o) => o.value)).size).toBe(
      subcategoryOptions('product').length,
    );
    expect(subcategoryLabel('book', 'fantasy')).toBe('Fantasy');
  });
});

describe('product editor', () => {
  it('requires a title with the spec message and checks the website and numeric price', () => {
    const result = productEditorSchema.safeParse({
      ...toProductEditorValues(),
      title: ' ',
      website_url: 'javascript:alert(1)',
      price_numeric: '-2',
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages.title).toBe('Title is required.');
    expect(messages.website_url).toBeDefined();
    expect(messages.price_numeric).toBeDefined();
  });
  it('parses tags (trimmed, blanks dropped), reads the number from the price and maps "not specified"', () => {
    const form = editorToProductForm({
      ...toProductEditorValues(),
      title: ' Edit ',
      price: '$1,200',
      tags: ' a, ,b ,A,',
      condition: 'not_specified',
    });
    expect(form).toMatchObject({
      title: 'Edit',
      price: '$1,200',
      price_numeric: 1200,
      tags: ['a', 'b'],
      condition: null,
      currency: 'USD',
    });
    expect(
      editorToProductForm({ ...toProductEditorValues(), title: 'X', price: 'Ask', price_numeric: '15' })
        .price_numeric,
    ).toBe(15);
  });
});
