import { z } from 'zod';
import {
  TEXT_LIMITS,
  moneySchema,
  nonNegativeInt,
  optionalText,
  optionalUrl,
  optionalSitePathOrUrl,
} from '../shared/common.ts';
import { DEFAULT_CURRENCY, MARKETPLACE_KINDS, conditionSchema, currencySchema } from './marketplace.ts';
import { tagsSchema } from '../shared/tags.ts';
import { ownedItemSchema } from './owned-item.ts';

/** What the owner's form edits (owned-item.ts adds the owner, the admin switches, the moderation flag and times). */
const productServiceFields = {
  /** Listing title. */
  title: z.string({ error: 'Title is required.' }).trim().min(1, 'Title is required.').max(TEXT_LIMITS.title),
  /** Description. */
  description: optionalText(TEXT_LIMITS.medium),
  /** What it is: product, service or book. */
  category: z.enum(MARKETPLACE_KINDS).default('product'),
  /** Sub-category value (marketplace.ts lists, or a genre slug for kind book). The old site used both sub_category and subcategory; we store only subcategory. */
  subcategory: optionalText(60),
  /** Price as the seller wrote it ('$25', 'from $100/hour'). */
  price: optionalText(50),
  /** The same price as a number, for filtering and sorting; null when none can be read. */
  price_numeric: moneySchema.nullish(),
  /** Currency of price_numeric. */
  currency: currencySchema.default(DEFAULT_CURRENCY),
  /** Condition of a physical product. */
  condition: conditionSchema.nullish(),
  /** How to reach the seller. */
  contact_info: optionalText(TEXT_LIMITS.short),
  /** Picture of the item. */
  image_url: optionalSitePathOrUrl,
  /** Seller's page for the item. */
  website_url: optionalUrl,
  /** Search tags (tags.ts bounds). */
  tags: tagsSchema.default([]),
};

/** A product or service listing, document `products_services/{autoId}`. */
export const productServiceSchema = ownedItemSchema('products_services', productServiceFields, {
  /** Incremented on each view of the detail page. */
  views_count: nonNegativeInt.default(0),
});

/** A product or service. */
export type ProductService = z.infer<typeof productServiceSchema>;

/** Fields as written to Firestore. */
export const productServiceWriteSchema = productServiceSchema.omit({ id: true });
/** Product/service as written. */
export type ProductServiceWrite = z.infer<typeof productServiceWriteSchema>;

/** What the owner's form edits (ownership, counters, timestamps and admin-only flags excluded). */
export const productServiceFormSchema = z.object(productServiceFields);
/** Parsed product/service form. */
export type ProductServiceForm = z.infer<typeof productServiceFormSchema>;

/** Reads a number out of a free-text price: '$1,299.99' → 1299.99, 'Free' → 0, 'Contact me' → null. */
export function parsePriceNumeric(price: string | null | undefined): number | null {
  const text = (price ?? '').trim();
  if (/^free$/i.test(text)) return 0;
  const match = text.match(/\d[\d,]*(?:\.\d+)?/);
  if (!match) return null;
  const value = Number(match[0].replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}
