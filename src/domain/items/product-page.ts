/**
 * What the product/service page (/product-service/{id}) shows, as pure
 * functions: its labels, the price line, the tags (3, then '+N more'), the seller
 * block and the product form's conversions.
 */
import { z } from 'zod';
import { genreLabel, genresFor } from './genres.ts';
import {
  CONDITION_OPTIONS,
  CURRENCIES,
  formatPrice,
  MARKETPLACE_KIND_OPTIONS,
  PRODUCT_FORM_SUBCATEGORIES,
  MARKETPLACE_PRODUCT_SUBCATEGORIES,
  MARKETPLACE_SERVICE_SUBCATEGORIES,
  CONDITION_FORM_OPTIONS,
  conditionFromForm,
  type Option,
} from './marketplace.ts';
import {
  parsePriceNumeric,
  productServiceFormSchema,
  type ProductService,
  type ProductServiceForm,
} from './product-service.ts';
import { parseTags, visibleTags } from '../shared/tags.ts';
import { TEXT_LIMITS } from '../shared/common.ts';
import { profileSlug } from '../shared/slug.ts';

/** The not-found screen of an unknown or disabled product/service (HTTP 404). */
export const PRODUCT_NOT_FOUND = {
  title: 'Product/Service Not Found',
  detail: 'This product or service does not exist or is no longer available.',
  back: 'Go Home',
} as const;

/** Label of the item's kind ('Service'). */
export function productKindLabel(item: Pick<ProductService, 'category'>): string {
  return MARKETPLACE_KIND_OPTIONS.find((option) => option.value === item.category)?.label ?? item.category;
}

/** The sub-category choices for a kind: the genre catalogue for books, else the listing form's list plus the marketplace's for its kind. */
export function subcategoryOptions(kind: string): readonly Option[] {
  if (kind === 'book') return [...genresFor('fiction'), ...genresFor('non-fiction')];
  const extra = kind === 'service' ? MARKETPLACE_SERVICE_SUBCATEGORIES : MARKETPLACE_PRODUCT_SUBCATEGORIES;
  const seen = new Set<string>();
  return [...PRODUCT_FORM_SUBCATEGORIES, ...extra].filter((option) =>
    seen.has(option.value) ? false : (seen.add(option.value), true),
  );
}

/** Label of a sub-category value, or the value itself. */
export function subcategoryLabel(kind: string, value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (kind === 'book') return genreLabel(value);
  return subcategoryOptions(kind).find((option) => option.value === value)?.label ?? value;
}

/** The price line: the seller's own text, else the numeric price in its currency, else undefined. */
export function priceLine(
  item: Pick<ProductService, 'price' | 'price_numeric' | 'currency'>,
): string | undefined {
  const text = item.price?.trim();
  if (text) return text;
  return typeof item.price_numeric === 'number' ? formatPrice(item.price_numeric, item.currency) : undefined;
}

/** Label of a condition value. */
export function conditionLabelOf(value: string | null | undefined): string | undefined {
  return value ? (CONDITION_OPTIONS.find((option) => option.value === value)?.label ?? value) : undefined;
}

/** Tags as a card shows them. */
export { visibleTags };

/** The seller's profile path: page slug, else slugified display name, else user id. */
export function sellerPath(
  seller: { page_slug?: string | null; display_name?: string | null } | null,
  userId: string,
): string {
  const slug = seller?.page_slug || (seller?.display_name ? profileSlug(seller.display_name) : '') || userId;
  return `/profile/${encodeURIComponent(slug)}`;
}

/** A price typed in the numeric field: empty, or an amount of zero or more with up to two decimals. */
const numericPriceInput = z
  .string()
  .trim()
  .regex(/^(?:\d{1,10}(?:\.\d{1,2})?)?$/, 'Enter a price such as 12.99, or leave it empty');

const optionalUrlInput = z.string().pipe(productServiceFormSchema.shape.website_url.unwrap().unwrap());
const optionalImageInput = z.string().pipe(productServiceFormSchema.shape.image_url.unwrap().unwrap());

/** The product/service editor's form: text inputs with the entity's rules and the spec's messages. */
export const productEditorSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required.')
    .max(TEXT_LIMITS.title, 'Title must be 200 characters or less'),
  description: z.string().max(TEXT_LIMITS.medium, 'Description must be 5000 characters or less'),
  category: productServiceFormSchema.shape.category.unwrap(),
  subcategory: z.string().max(60),
  price: z.string().max(50, 'Price must be 50 characters or less'),
  price_numeric: numericPriceInput,
  currency: z.enum(CURRENCIES),
  condition: z.enum(CONDITION_FORM_OPTIONS.map((option) => option.value) as [string, ...string[]]),
  contact_info: z
    .string()
    .max(TEXT_LIMITS.short, `Contact info must be ${TEXT_LIMITS.short} characters or less`),
  image_url: optionalImageInput,
  website_url: optionalUrlInput,
  /** Comma-separated; trimmed, blanks dropped. */
  tags: z.string().max(1000),
  /** Admin only, for an existing item. */
  is_active: z.boolean(),
  /** Admin only, for an existing item: listed first under 'Featured First'. */
  is_featured: z.boolean(),
});
/** What the product editor's inputs hold. */
export type ProductEditorValues = z.input<typeof productEditorSchema>;

/** A stored item (or a new one) as the editor's values. */
export function toProductEditorValues(item?: ProductService): ProductEditorValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    category: item?.category ?? 'product',
    subcategory: item?.subcategory ?? '',
    price: item?.price ?? '',
    price_numeric: typeof item?.price_numeric === 'number' ? String(item.price_numeric) : '',
    currency: item?.currency ?? 'USD',
    condition: item?.condition ?? 'not_specified',
    contact_info: item?.contact_info ?? '',
    image_url: item?.image_url ?? '',
    website_url: item?.website_url ?? '',
    tags: (item?.tags ?? []).join(', '),
    is_active: item?.is_active ?? true,
    is_featured: item?.is_featured ?? false,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The editor's values as the saveProductService request's fields: the numeric price read from the text when left empty, tags parsed. */
export function editorToProductForm(values: ProductEditorValues): ProductServiceForm {
  const numeric = values.price_numeric.trim();
  return productServiceFormSchema.parse({
    title: values.title.trim(),
    description: orNull(values.description),
    category: values.category,
    subcategory: orNull(values.subcategory),
    price: orNull(values.price),
    price_numeric: numeric === '' ? parsePriceNumeric(values.price) : Number(numeric),
    currency: values.currency,
    condition: conditionFromForm(values.condition),
    contact_info: orNull(values.contact_info),
    image_url: orNull(values.image_url),
    website_url: orNull(values.website_url),
    tags: parseTags(values.tags),
  });
}

/** What the product/service JSON-LD builder needs besides the item. */
export interface ProductJsonLdInput {
  item: Pick<
    ProductService,
    | 'id'
    | 'title'
    | 'description'
    | 'category'
    | 'subcategory'
    | 'price_numeric'
    | 'currency'
    | 'condition'
    | 'tags'
  >;
  /** Absolute canonical URL of the page. */
  pageUrl: string;
  /** Absolute picture URL, if the item has one. */
  imageUrl?: string;
  /** The seller's display name and absolute profile URL. */
  seller: { name: string; url: string };
}

const CONDITION_SCHEMA: Readonly<Record<string, string>> = {
  new: 'https://schema.org/NewCondition',
  'like-new': 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  poor: 'https://schema.org/UsedCondition',
};

/**
 * The schema.org Product of a product/service page: name, description, image,
 * category and keywords, and an Offer (price, currency, the seller as a Person)
 * only when the item has a numeric price; a price that is only text ('Contact
 * me') gives no Offer, since an Offer without a price is invalid.
 */
export function productJsonLd({
  item,
  pageUrl,
  imageUrl,
  seller,
}: ProductJsonLdInput): Record<string, unknown> {
  const description = item.description?.trim();
  const sub = subcategoryLabel(item.category, item.subcategory);
  const price =
    typeof item.price_numeric === 'number' && Number.isFinite(item.price_numeric) ? item.price_numeric : null;
  const condition = item.condition ? CONDITION_SCHEMA[item.condition] : undefined;
  const sellerPerson = { '@type': 'Person', name: seller.name, url: seller.url };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${pageUrl}#product`,
    name: item.title,
    url: pageUrl,
    ...(description ? { description } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    category: sub ? `${productKindLabel(item)} > ${sub}` : productKindLabel(item),
    ...(item.tags && item.tags.length > 0 ? { keywords: item.tags.join(', ') } : {}),
    ...(price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            url: pageUrl,
            price: price.toFixed(2),
            priceCurrency: item.currency,
            ...(condition ? { itemCondition: condition } : {}),
            seller: sellerPerson,
          },
        }),
  };
}

/** The page title of a product/service: its title with its kind and seller, so listings of the same template by different sellers stay distinct. */
export function productMetaTitle(
  item: Pick<ProductService, 'title' | 'category'>,
  sellerName: string,
): string {
  return `${item.title} – ${productKindLabel(item)} by ${sellerName}`;
}

/** The meta description: the item's description (at most 240 characters) followed by its kind and seller. */
export function productMetaDescription(
  item: Pick<ProductService, 'description' | 'category'>,
  sellerName: string,
): string {
  const byline = `${productKindLabel(item)} by ${sellerName}.`;
  const description = item.description?.replace(/\s+/g, ' ').trim();
  if (!description) return byline;
  const short = description.length > 240 ? `${description.slice(0, 239)}…` : description;
  return `${short} ${byline}`;
}
