// The seeded market uses only the sub-categories and categories that the forms
// offer and the market's sub-category filter lists, so every seeded listing can
// be found by the filter and edited without its value silently changing.
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/seed/generate.ts';
import { subcategoryOptions as productFormOptions } from '../../../src/domain/items/product-page.ts';
import { ITEM_TYPE_TO_ENTRY, subcategoryOptions } from '../../../src/domain/market/market.ts';
import { LISTING_CATEGORY_VALUES, subcategoriesOf } from '../../../src/domain/items/marketplace.ts';

const { docs } = generate({ mediaUrl: (path: string) => `/media/${path}` });
const of = (collection: string) =>
  docs
    .filter((d) => d.collection === collection)
    .map((d): Record<string, unknown> & { id: string } => ({ ...d.data, id: d.id }));
const values = (options: ReadonlyArray<{ value: string }>) => new Set(options.map((option) => option.value));
const TYPE_FILTER = Object.fromEntries(
  Object.entries(ITEM_TYPE_TO_ENTRY).map(([filter, type]) => [type, filter]),
) as Record<string, keyof typeof ITEM_TYPE_TO_ENTRY>;

/** The seeded values `known` does not contain, as "id: value". */
function unknown(items: Array<{ id: string; value: unknown; known: Set<string> }>): string[] {
  return items
    .filter(({ value, known }) => typeof value === 'string' && !known.has(value))
    .map(({ id, value }) => `${id}: ${String(value)}`);
}

/** The items' sub-categories that `optionsOf(their category)` does not offer, as "id: value". */
function unknownSubcategories(
  items: Array<Record<string, unknown> & { id: string }>,
  optionsOf: (category: string) => ReadonlyArray<{ value: string }>,
): string[] {
  return unknown(
    items.map((item) => ({
      id: item.id,
      value: item.subcategory,
      known: values(optionsOf(String(item.category))),
    })),
  );
}

describe('seeded market values', () => {
  it('classified ads use a category of the listing tree and a sub-category of that category (what the ad form and filter offer)', () => {
    const ads = of('classified_ads');
    expect(ads.length).toBeGreaterThan(10);
    expect(
      unknown(ads.map((ad) => ({ id: ad.id, value: ad.category, known: new Set(LISTING_CATEGORY_VALUES) }))),
    ).toEqual([]);
    expect(unknownSubcategories(ads, subcategoriesOf)).toEqual([]);
    expect(unknownSubcategories(ads, (category) => subcategoryOptions('classifieds', category))).toEqual([]);
  });

  it('products and services use a sub-category their form offers and the market filter of their type lists', () => {
    const items = of('products_services');
    expect(items.length).toBeGreaterThan(10);
    expect(unknownSubcategories(items, productFormOptions)).toEqual([]);
    const filterOf = (category: string) =>
      subcategoryOptions(category === 'service' ? 'services' : 'products');
    expect(
      unknownSubcategories(
        items.filter((item) => item.category !== 'book'),
        filterOf,
      ),
    ).toEqual([]);
  });

  it('every seeded market entry’s sub-categories are options of the filter for its type', () => {
    const entries = of('market_listings');
    expect(new Set(entries.map((entry) => entry.type))).toEqual(
      new Set(['book', 'product', 'service', 'classified']),
    );
    const misses = entries.flatMap((entry) => {
      const known = values(
        subcategoryOptions(
          TYPE_FILTER[String(entry.type)],
          entry.type === 'classified' ? String(entry.category) : undefined,
        ),
      );
      // A product of kind book carries genres, which the all-types list offers.
      const all = values(subcategoryOptions(undefined));
      return (entry.subcategories as string[])
        .filter((sub) => !known.has(sub) && !all.has(sub))
        .map((sub) => `${entry.id}: ${sub}`);
    });
    expect(misses).toEqual([]);
  });

  it('the market filter lists every sub-category the product/service form can store, for its type', () => {
    for (const [kind, filter] of [
      ['product', 'products'],
      ['service', 'services'],
    ] as const) {
      const filterValues = values(subcategoryOptions(filter));
      expect(
        productFormOptions(kind)
          .map((option) => option.value)
          .filter((value) => !filterValues.has(value)),
      ).toEqual([]);
    }
    // And the ad form's tree is the classifieds filter, category by category.
    for (const category of LISTING_CATEGORY_VALUES)
      expect(subcategoryOptions('classifieds', category)).toEqual(subcategoriesOf(category));
  });

  it('seeded ads keep their contact details off the ad, in the member-only subdocument', () => {
    const ads = docs.filter((d) => d.collection === 'classified_ads');
    expect(ads.filter((ad) => 'contact_info' in ad.data)).toEqual([]);
    const withDetails = ads.filter((ad) => typeof ad.private?.contact?.contact_info === 'string');
    expect(withDetails.length).toBeGreaterThan(3);
    for (const ad of withDetails) expect(ad.data.contact_method).not.toBe('message');
  });

  it('would notice a value outside the lists', () => {
    expect(
      unknown([{ id: 'x', value: 'clothing', known: values(subcategoriesOf('reading-accessories')) }]),
    ).toEqual(['x: clothing']);
  });
});
