import { describe, expect, it } from 'vitest';
import {
  productJsonLd,
  productMetaDescription,
  productMetaTitle,
} from '../../../../src/domain/items/product-page.ts';
import { serializeJsonLd } from '../../../../src/domain/shared/json-ld.ts';

const item = {
  id: 'p1',
  title: 'Reading lamp',
  description: ' Warm light. ',
  category: 'product' as const,
  subcategory: 'reading-accessories',
  price_numeric: 24.5,
  currency: 'USD' as const,
  condition: 'new' as const,
  tags: ['lamp', 'light'],
};
const input = {
  item,
  pageUrl: 'https://s.example/product-service/p1',
  imageUrl: 'https://s.example/media/p.png',
  seller: { name: 'Ann', url: 'https://s.example/profile/ann' },
};

describe('product/service JSON-LD', () => {
  it('is a Product with an Offer carrying the numeric price, currency, condition and seller', () => {
    expect(productJsonLd(input)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': 'https://s.example/product-service/p1#product',
      name: 'Reading lamp',
      url: 'https://s.example/product-service/p1',
      description: 'Warm light.',
      image: 'https://s.example/media/p.png',
      category: 'Product > Reading Accessories',
      keywords: 'lamp, light',
      offers: {
        '@type': 'Offer',
        url: 'https://s.example/product-service/p1',
        price: '24.50',
        priceCurrency: 'USD',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Person', name: 'Ann', url: 'https://s.example/profile/ann' },
      },
    });
  });

  it('has no Offer without a numeric price, and leaves out empty description, image and tags', () => {
    const ld = productJsonLd({
      ...input,
      imageUrl: undefined,
      item: { ...item, price_numeric: null, description: ' ', tags: [], condition: null, subcategory: null },
    });
    expect(ld).not.toHaveProperty('offers');
    expect(ld).not.toHaveProperty('description');
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('keywords');
    expect(ld.category).toBe('Product');
  });

  it('a price of 0 is still an Offer; a member-typed </script> cannot end the element', () => {
    const ld = productJsonLd({
      ...input,
      item: { ...item, price_numeric: 0, title: '</script><script>alert(1)</script>' },
    });
    expect(ld.offers).toMatchObject({ price: '0.00' });
    expect(serializeJsonLd(ld)).not.toContain('</script>');
  });
});

describe('product/service page title and description', () => {
  it('name the kind and the seller, so the same item by two sellers has distinct titles and descriptions', () => {
    expect(productMetaTitle({ title: 'Lamp', category: 'product' }, 'Ann')).toBe('Lamp – Product by Ann');
    expect(productMetaTitle({ title: 'Lamp', category: 'product' }, 'Bo')).not.toBe(
      productMetaTitle({ title: 'Lamp', category: 'product' }, 'Ann'),
    );
    expect(productMetaDescription({ description: ' Warm\n light. ', category: 'service' }, 'Ann')).toBe(
      'Warm light. Service by Ann.',
    );
    expect(productMetaDescription({ description: null, category: 'product' }, 'Ann')).toBe('Product by Ann.');
    expect(productMetaDescription({ description: 'x'.repeat(500), category: 'product' }, 'Ann')).toBe(
      `${'x'.repeat(239)}… Product by Ann.`,
    );
  });
});
