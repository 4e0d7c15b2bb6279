import { z } from 'zod';

/** A value with the label shown for it. */
export interface Option<V extends string = string> {
  /** Stored value. */
  readonly value: V;
  /** Label shown to people. */
  readonly label: string;
}

/** A top listing category with its sub-categories. */
export interface ListingCategory extends Option {
  /** Sub-categories; values are unique across the whole tree. */
  readonly subcategories: readonly Option[];
}

/**
 * The listing category tree for classified ads. The spec names 14
 * top values plus one unnamed one, which we call 'other'. Sub-categories of
 * the three book categories are the spec's; the others are ours.
 */
export const LISTING_CATEGORIES: readonly ListingCategory[] = [
  {
    value: 'reading-accessories',
    label: 'Reading Accessories',
    subcategories: [
      { value: 'bookmarks', label: 'Bookmarks' },
      { value: 'book-lights', label: 'Book Lights' },
      { value: 'reading-glasses', label: 'Reading Glasses' },
      { value: 'book-stands', label: 'Book Stands & Page Holders' },
      { value: 'reading-pillows', label: 'Reading Pillows' },
    ],
  },
  {
    value: 'book-accessories',
    label: 'Book Accessories',
    subcategories: [
      { value: 'book-covers', label: 'Book Covers & Sleeves' },
      { value: 'bookends', label: 'Bookends' },
      { value: 'book-bags', label: 'Book Bags & Totes' },
      { value: 'book-embossers', label: 'Embossers & Library Stamps' },
    ],
  },
  {
    value: 'book-merchandise',
    label: 'Book Merchandise',
    subcategories: [
      { value: 'apparel', label: 'Apparel' },
      { value: 'mugs-drinkware', label: 'Mugs & Drinkware' },
      { value: 'posters-prints', label: 'Posters & Prints' },
      { value: 'stickers-pins', label: 'Stickers & Pins' },
      { value: 'candles-gifts', label: 'Candles & Gifts' },
    ],
  },
  {
    value: 'storage-organization',
    label: 'Storage & Organization',
    subcategories: [
      { value: 'bookshelves', label: 'Bookshelves' },
      { value: 'storage-boxes', label: 'Storage Boxes' },
      { value: 'display-cases', label: 'Display Cases' },
      { value: 'cataloguing-tools', label: 'Cataloguing Tools' },
    ],
  },
  {
    value: 'writing-editorial',
    label: 'Writing & Editorial',
    subcategories: [
      { value: 'developmental-editing', label: 'Developmental Editing' },
      { value: 'copy-editing', label: 'Copy Editing' },
      { value: 'proofreading', label: 'Proofreading' },
      { value: 'ghostwriting', label: 'Ghostwriting' },
      { value: 'beta-reading', label: 'Beta Reading' },
      { value: 'writing-coaching', label: 'Writing Coaching' },
    ],
  },
  {
    value: 'design-formatting',
    label: 'Design & Formatting',
    subcategories: [
      { value: 'cover-design', label: 'Cover Design' },
      { value: 'interior-formatting', label: 'Interior Formatting' },
      { value: 'illustration', label: 'Illustration' },
      { value: 'ebook-conversion', label: 'eBook Conversion' },
    ],
  },
  {
    value: 'publishing-distribution',
    label: 'Publishing & Distribution',
    subcategories: [
      { value: 'self-publishing-services', label: 'Self-Publishing Services' },
      { value: 'printing', label: 'Printing' },
      { value: 'distribution', label: 'Distribution' },
      { value: 'isbn-services', label: 'ISBN Services' },
      { value: 'translation', label: 'Translation' },
      { value: 'audiobook-production', label: 'Audiobook Production' },
    ],
  },
  {
    value: 'marketing-publicity',
    label: 'Marketing & Publicity',
    subcategories: [
      { value: 'book-promotion', label: 'Book Promotion' },
      { value: 'social-media', label: 'Social Media' },
      { value: 'book-reviews', label: 'Book Reviews' },
      { value: 'author-websites', label: 'Author Websites' },
      { value: 'book-trailers', label: 'Book Trailers' },
      { value: 'press-releases', label: 'Press Releases' },
    ],
  },
  {
    value: 'preservation-care',
    label: 'Preservation & Care',
    subcategories: [
      { value: 'book-repair', label: 'Book Repair' },
      { value: 'rebinding', label: 'Rebinding' },
      { value: 'restoration', label: 'Restoration' },
      { value: 'archival-supplies', label: 'Archival Supplies' },
    ],
  },
  {
    value: 'collector-services',
    label: 'Collector Services',
    subcategories: [
      { value: 'appraisal', label: 'Appraisal' },
      { value: 'authentication', label: 'Authentication' },
      { value: 'book-search', label: 'Book Search' },
      { value: 'consignment', label: 'Consignment' },
    ],
  },
  {
    value: 'experiences-subscriptions',
    label: 'Experiences & Subscriptions',
    subcategories: [
      { value: 'subscription-boxes', label: 'Book Subscription Boxes' },
      { value: 'book-clubs', label: 'Book Clubs' },
      { value: 'literary-events', label: 'Literary Events' },
      { value: 'writing-workshops', label: 'Writing Workshops' },
      { value: 'literary-tours', label: 'Literary Tours' },
    ],
  },
  {
    value: 'books-publications',
    label: 'Books & Publications',
    subcategories: [
      { value: 'new-books', label: 'New Books' },
      { value: 'used-books', label: 'Used Books' },
      { value: 'rare-books', label: 'Rare Books' },
      { value: 'first-editions', label: 'First Editions' },
      { value: 'signed-books', label: 'Signed Books' },
      { value: 'manuscripts', label: 'Manuscripts' },
    ],
  },
  {
    value: 'fiction-books',
    label: 'Fiction Books',
    subcategories: [
      { value: 'literary-fiction', label: 'Literary Fiction' },
      { value: 'mystery-thriller', label: 'Mystery & Thriller' },
      { value: 'romance', label: 'Romance' },
      { value: 'science-fiction', label: 'Science Fiction' },
      { value: 'fantasy', label: 'Fantasy' },
      { value: 'horror', label: 'Horror' },
      { value: 'historical-fiction', label: 'Historical Fiction' },
      { value: 'young-adult', label: 'Young Adult' },
      { value: 'childrens-books', label: "Children's Books" },
    ],
  },
  {
    value: 'non-fiction-books',
    label: 'Non-Fiction Books',
    subcategories: [
      { value: 'biography-memoir', label: 'Biography & Memoir' },
      { value: 'business-economics', label: 'Business & Economics' },
      { value: 'health-fitness', label: 'Health & Fitness' },
      { value: 'history', label: 'History' },
      { value: 'philosophy', label: 'Philosophy' },
      { value: 'psychology', label: 'Psychology' },
      { value: 'religion-spirituality', label: 'Religion & Spirituality' },
      { value: 'science-nature', label: 'Science & Nature' },
      { value: 'self-help', label: 'Self-Help' },
      { value: 'travel', label: 'Travel' },
      { value: 'true-crime', label: 'True Crime' },
      { value: 'politics-social', label: 'Politics & Social Sciences' },
    ],
  },
  {
    value: 'other',
    label: 'Other',
    subcategories: [
      { value: 'wanted', label: 'Wanted' },
      { value: 'swaps-trades', label: 'Swaps & Trades' },
      { value: 'miscellaneous', label: 'Miscellaneous' },
    ],
  },
];

/** The top listing category values. */
export const LISTING_CATEGORY_VALUES = LISTING_CATEGORIES.map((category) => category.value);

/** The label of a listing category or sub-category value, or the value itself when unknown. */
export function categoryLabel(value: string): string {
  for (const category of LISTING_CATEGORIES) {
    if (category.value === value) return category.label;
    const sub = category.subcategories.find((option) => option.value === value);
    if (sub) return sub.label;
  }
  return value;
}

/** The sub-categories of a top listing category (empty when unknown). */
export function subcategoriesOf(category: string): readonly Option[] {
  return LISTING_CATEGORIES.find((option) => option.value === category)?.subcategories ?? [];
}

/** What a products_services item is. */
export const MARKETPLACE_KINDS = ['product', 'service', 'book'] as const;
/** A products_services kind. */
export type MarketplaceKind = (typeof MARKETPLACE_KINDS)[number];
/** Labels of the kinds. */
export const MARKETPLACE_KIND_OPTIONS: readonly Option<MarketplaceKind>[] = [
  { value: 'product', label: 'Product' },
  { value: 'service', label: 'Service' },
  { value: 'book', label: 'Book' },
];

/** Sub-categories the product/service form offers for kinds product and service (kind book offers the genre catalogue instead). */
export const PRODUCT_FORM_SUBCATEGORIES: readonly Option[] = [
  { value: 'electronics', label: 'Electronics' },
  { value: 'clothing', label: 'Clothing' },
  { value: 'home-garden', label: 'Home & Garden' },
  { value: 'sports', label: 'Sports' },
  { value: 'automotive', label: 'Automotive' },
  { value: 'health-beauty', label: 'Health & Beauty' },
  { value: 'toys-games', label: 'Toys & Games' },
  { value: 'business', label: 'Business' },
  { value: 'education', label: 'Education' },
  { value: 'consulting', label: 'Consulting' },
  { value: 'design', label: 'Design' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'legal', label: 'Legal' },
  { value: 'finance', label: 'Finance' },
  { value: 'other', label: 'Other' },
];

/** Marketplace filter sub-categories for products. */
export const MARKETPLACE_PRODUCT_SUBCATEGORIES: readonly Option[] = [
  { value: 'electronics', label: 'Electronics' },
  { value: 'book-accessories', label: 'Book Accessories' },
  { value: 'reading-accessories', label: 'Reading Accessories' },
  { value: 'book-merchandise', label: 'Book Merchandise' },
  { value: 'storage-organization', label: 'Storage & Organization' },
  { value: 'book-care-preservation', label: 'Book Care & Preservation' },
  { value: 'collector-items', label: 'Collector Items' },
  { value: 'stationery', label: 'Stationery' },
  { value: 'technology-ereaders', label: 'Technology & E-Readers' },
  { value: 'other-products', label: 'Other Products' },
];

/** Marketplace filter sub-categories for services. */
export const MARKETPLACE_SERVICE_SUBCATEGORIES: readonly Option[] = [
  { value: 'editing', label: 'Editing' },
  { value: 'writing', label: 'Writing' },
  { value: 'cover-design', label: 'Cover Design' },
  { value: 'formatting', label: 'Formatting' },
  { value: 'publishing', label: 'Publishing' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'translation', label: 'Translation' },
  { value: 'proofreading', label: 'Proofreading' },
  { value: 'beta-reading', label: 'Beta Reading' },
  { value: 'book-reviews', label: 'Book Reviews' },
  { value: 'consultation', label: 'Consultation' },
  { value: 'other-services', label: 'Other Services' },
];

/** Stored item conditions. */
export const CONDITIONS = ['new', 'like-new', 'good', 'fair', 'poor'] as const;
/** Zod enum of CONDITIONS. */
export const conditionSchema = z.enum(CONDITIONS);
/** An item condition. */
export type Condition = z.infer<typeof conditionSchema>;
/** The form's extra choice meaning "not specified"; stored as null. */
export const CONDITION_NOT_SPECIFIED = 'not_specified';

/** Stored conditions with labels. */
export const CONDITION_OPTIONS: readonly Option<Condition>[] = [
  { value: 'new', label: 'New' },
  { value: 'like-new', label: 'Like New' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
  { value: 'poor', label: 'Poor' },
];

/** The forms' condition choices: 'Not specified' first (saved as null), then the stored ones. */
export const CONDITION_FORM_OPTIONS: readonly Option<Condition | typeof CONDITION_NOT_SPECIFIED>[] = [
  { value: CONDITION_NOT_SPECIFIED, label: 'Not specified' },
  ...CONDITION_OPTIONS,
];

/** Maps a form's condition choice to what is stored: a condition, or null for 'not_specified', blank or unknown. */
export function conditionFromForm(value: string | null | undefined): Condition | null {
  const parsed = conditionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The label of a stored condition, or the value itself when unknown. */
export function conditionLabel(value: string): string {
  return CONDITION_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/** How a buyer should reach the seller. */
export const CONTACT_METHODS = ['email', 'phone', 'message', 'website'] as const;
/** Zod enum of CONTACT_METHODS. */
export const contactMethodSchema = z.enum(CONTACT_METHODS);
/** A contact method. */
export type ContactMethod = z.infer<typeof contactMethodSchema>;
/** Contact methods with labels. */
export const CONTACT_METHOD_OPTIONS: readonly Option<ContactMethod>[] = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'message', label: 'Platform Message' },
  { value: 'website', label: 'Website Contact' },
];

/** Accepted currencies; USD is the default. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
/** Zod enum of CURRENCIES. */
export const currencySchema = z.enum(CURRENCIES);
/** A currency code. */
export type Currency = z.infer<typeof currencySchema>;
/** The currency used when none is chosen. */
export const DEFAULT_CURRENCY: Currency = 'USD';

/** One formatter per currency: building an Intl.NumberFormat costs far more than using one. */
const PRICE_FORMATS = new Map<string, Intl.NumberFormat>();

/** Formats an amount in a currency ('$12.50', '€3.00'); unknown codes fall back to USD formatting rules of the en locale. */
export function formatPrice(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const code = (CURRENCIES as readonly string[]).includes(currency) ? currency : DEFAULT_CURRENCY;
  let format = PRICE_FORMATS.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    PRICE_FORMATS.set(code, format);
  }
  return format.format(amount);
}

/** Shown instead of a price when a listing has none. */
export const CONTACT_FOR_PRICING = 'Contact for Pricing';

/** A listing's price line (market card, ad page): 'Free' at 0, the amount in its currency ('£85.00'), or 'Contact for Pricing' without a price. */
export function listingPriceText(listing: { price?: number | null; currency?: string }): string {
  if (listing.price === null || listing.price === undefined) return CONTACT_FOR_PRICING;
  return listing.price === 0 ? 'Free' : formatPrice(listing.price, listing.currency);
}

/** A price-range filter; `matches` decides whether a price belongs to it. */
export interface PriceFilter extends Option {
  /** True when the price is in this range (items without a price only match 'all'). */
  readonly matches: (price: number | null | undefined) => boolean;
}

const priced = (test: (price: number) => boolean) => (price: number | null | undefined) =>
  typeof price === 'number' && test(price);

/** Marketplace price filters. Boundaries: 10 belongs to 10-50, 50 to 10-50, 100 to 50-100. */
export const PRICE_FILTERS: readonly PriceFilter[] = [
  { value: 'all', label: 'All Prices', matches: () => true },
  { value: 'free', label: 'Free', matches: priced((p) => p === 0) },
  { value: 'under-10', label: 'Under $10', matches: priced((p) => p > 0 && p < 10) },
  { value: '10-50', label: '$10 - $50', matches: priced((p) => p >= 10 && p <= 50) },
  { value: '50-100', label: '$50 - $100', matches: priced((p) => p > 50 && p <= 100) },
  { value: 'over-100', label: 'Over $100', matches: priced((p) => p > 100) },
];

/** Marketplace sort orders. */
export const MARKETPLACE_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'featured', label: 'Featured First' },
  { value: 'published', label: 'Publication Date: Newest First' },
] as const;
/** A sort order value. */
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number]['value'];

/** Marketplace item-type filter. */
export const ITEM_TYPES = [
  { value: 'all', label: 'All Items' },
  { value: 'books', label: 'Books' },
  { value: 'products', label: 'Products' },
  { value: 'services', label: 'Services' },
  { value: 'classifieds', label: 'Classifieds' },
] as const;
/** An item-type filter value. */
export type ItemType = (typeof ITEM_TYPES)[number]['value'];

/** The fields the marketplace sorts by, common to books, products/services and ads. */
export interface SortableItem {
  /** Creation time. */
  readonly created_at: Date;
  /** Comparable price, if any. */
  readonly price?: number | null;
  /** View count (books have none). */
  readonly views_count?: number | null;
  /** Featured flag. */
  readonly is_featured?: boolean | null;
  /** Publication date's sort key (catalogue.ts publicationKey); absent or 0 for none. */
  readonly publication_key?: number | null;
}

/** Returns a new array sorted by the chosen order; items without a price go last in both price orders, items without a publication date last in 'published'; ties fall back to newest first. */
export function sortMarketplaceItems<T extends SortableItem>(
  items: readonly T[],
  sort: MarketplaceSort,
): T[] {
  const newest = (a: T, b: T) => b.created_at.getTime() - a.created_at.getTime();
  const byPrice = (direction: 1 | -1) => (a: T, b: T) => {
    const pa = a.price ?? null;
    const pb = b.price ?? null;
    if (pa === null || pb === null) return pa === pb ? newest(a, b) : pa === null ? 1 : -1;
    return (pa - pb) * direction || newest(a, b);
  };
  const compare: Record<MarketplaceSort, (a: T, b: T) => number> = {
    newest,
    oldest: (a, b) => -newest(a, b),
    'price-low': byPrice(1),
    'price-high': byPrice(-1),
    popular: (a, b) => (b.views_count ?? 0) - (a.views_count ?? 0) || newest(a, b),
    featured: (a, b) => Number(b.is_featured ?? false) - Number(a.is_featured ?? false) || newest(a, b),
    published: (a, b) => (b.publication_key ?? 0) - (a.publication_key ?? 0) || newest(a, b),
  };
  return [...items].sort(compare[sort]);
}
