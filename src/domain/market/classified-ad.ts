import { z } from 'zod';
import {
  TEXT_LIMITS,
  moneySchema,
  nonNegativeInt,
  optionalMediaPathOrHttpsUrl,
  optionalText,
  timestampSchema,
} from '../shared/common.ts';
import {
  CONDITION_NOT_SPECIFIED,
  CONTACT_METHODS,
  DEFAULT_CURRENCY,
  conditionFromForm,
  conditionSchema,
  contactMethodSchema,
  currencySchema,
} from '../items/marketplace.ts';
import { parseUploadUrl, uploadFolderOf } from '../media/media-image.ts';
import { parseTags, tagsSchema } from '../shared/tags.ts';
import { ownedItemSchema } from '../items/owned-item.ts';

/** Title length bounds. */
export const CLASSIFIED_TITLE_MAX = 100;
/** Description length bounds. */
export const CLASSIFIED_DESCRIPTION_MIN = 10;
/** Longest description. */
export const CLASSIFIED_DESCRIPTION_MAX = 2000;
/** The form's sub-category choice meaning "none"; stored as null. */
export const SUBCATEGORY_NONE = 'none';

/** The spec's validation messages for the classified form, in the order the form checks them. */
export const CLASSIFIED_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 100 characters or less',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'Description must be 2000 characters or less',
  categoryRequired: 'Category is required',
  contactMethodRequired: 'Contact method is required',
  pricePositive: 'Price must be a positive number',
} as const;

const M = CLASSIFIED_MESSAGES;

/** A classified ad, document `classified_ads/{autoId}` (owned-item.ts adds the seller, the admin switches, the moderation flag and times). */
export const classifiedAdSchema = ownedItemSchema(
  'classified_ads',
  {
    /** Ad title, 1 to 100 characters. */
    title: z.string().trim().min(1).max(CLASSIFIED_TITLE_MAX),
    /** Ad text, 10 to 2000 characters. */
    description: z.string().trim().min(CLASSIFIED_DESCRIPTION_MIN).max(CLASSIFIED_DESCRIPTION_MAX),
    /** Top listing category value (marketplace.ts LISTING_CATEGORIES; unknown values are shown as-is). */
    category: z.string().min(1).max(60),
    /** Sub-category value, or null. */
    subcategory: optionalText(60),
    /** Asking price; null means 'Contact for Pricing'. */
    price: moneySchema.nullish(),
    /** Currency of price. */
    currency: currencySchema.default(DEFAULT_CURRENCY),
    /** Item condition, or null when not specified. */
    condition: conditionSchema.nullish(),
    /** Where the item is. */
    location: optionalText(120),
    /** How buyers should reach the seller. */
    contact_method: contactMethodSchema,
    /** True when the ad offers a service rather than an item. */
    is_service: z.boolean().default(false),
    /** Search tags. */
    tags: tagsSchema.default([]),
    /** Photo of the item, uploaded through the image pipeline (a /media/ path or an https URL); beyond the spec. */
    image_url: optionalMediaPathOrHttpsUrl,
  },
  {
    /** Incremented once per detail view. */
    views_count: nonNegativeInt.default(0),
    /**
     * True while it waits for a moderator: saved (new, or its fields edited) by a
     * seller under a standing decision (src/domain/shared/moderation-standing.ts);
     * off the market, search and its page until released. Only the functions write it.
     */
    moderation_held: z.boolean().default(false),
    /** When a held ad is released on its own (the standing decision's end); null when not held. */
    held_until: timestampSchema.nullish(),
  },
);

/** A classified ad. */
export type ClassifiedAd = z.infer<typeof classifiedAdSchema>;

/** Where an ad's contact details live, under the ad: `classified_ads/{id}/private/contact`. */
export const AD_CONTACT_PATH = { collection: 'private', doc: 'contact' } as const;

/**
 * An ad's contact details (phone number, email or website for its contact
 * method), document `classified_ads/{id}/private/contact`. They are kept out
 * of the ad itself, which anyone may read, so that only signed-in members in
 * good standing (and the seller and admins) can read them; the seller writes
 * them with the ad.
 */
export const adContactSchema = z
  .object({
    /** Phone number, email or URL for the contact method, or null. */
    contact_info: optionalText(TEXT_LIMITS.short),
  })
  .describe('classified_ads/private/contact');

/** An ad's contact details. */
export type AdContactDetails = z.infer<typeof adContactSchema>;

/** The contact details as shown: trimmed, or null when there are none. */
export function contactInfoOf(details: { contact_info?: unknown } | null | undefined): string | null {
  const info = details?.contact_info;
  return typeof info === 'string' && info.trim() !== '' ? info.trim() : null;
}

/** Fields as written to Firestore. */
export const classifiedAdWriteSchema = classifiedAdSchema.omit({ id: true });
/** Classified ad as written. */
export type ClassifiedAdWrite = z.infer<typeof classifiedAdWriteSchema>;

/** '' / null / undefined → null, so blank optional inputs are stored as null. */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The create/edit form. Keys are in the form's check order, so the first issue
 * is the message the form shows first. 'none' and 'not_specified' become null,
 * a blank price becomes null, and tags may be the raw comma-separated text.
 */
export const classifiedAdFormSchema = z.object({
  /** 1 to 100 characters. */
  title: z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, M.titleRequired)
    .max(CLASSIFIED_TITLE_MAX, M.titleTooLong),
  /** 10 to 2000 characters. */
  description: z
    .string({ error: M.descriptionTooShort })
    .trim()
    .min(CLASSIFIED_DESCRIPTION_MIN, M.descriptionTooShort)
    .max(CLASSIFIED_DESCRIPTION_MAX, M.descriptionTooLong),
  /** Required top category. */
  category: z.string({ error: M.categoryRequired }).trim().min(1, M.categoryRequired).max(60),
  /** Required contact method. */
  contact_method: z.enum(CONTACT_METHODS, { error: M.contactMethodRequired }),
  /** Optional sub-category; 'none' is stored as null. */
  subcategory: z
    .string()
    .max(60)
    .nullish()
    .transform((value) => (!value || value === SUBCATEGORY_NONE ? null : value)),
  /** Optional price, typed as text or number; must be 0 or more. */
  price: z.preprocess(
    (value) => {
      const blank = blankToNull(typeof value === 'string' ? value.trim() : value);
      return typeof blank === 'string' ? Number(blank) : blank;
    },
    z
      .number({ error: M.pricePositive })
      .min(0, M.pricePositive)
      .max(1_000_000_000, M.pricePositive)
      // At most two decimals (cents), as the input's step of 0.01 offers.
      .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, M.pricePositive)
      .nullable(),
  ),
  /** Currency code; defaults to USD. */
  currency: currencySchema.default(DEFAULT_CURRENCY),
  /** Optional condition; 'not_specified' is stored as null. */
  condition: z
    .string()
    .nullish()
    .transform((value) => (value === CONDITION_NOT_SPECIFIED ? null : conditionFromForm(value))),
  /** Optional location. */
  location: z.preprocess(blankToNull, optionalText(120)),
  /** Optional contact details, trimmed (blank is none). */
  contact_info: z.preprocess(
    (value) => blankToNull(typeof value === 'string' ? value.trim() : value),
    optionalText(TEXT_LIMITS.short),
  ),
  /** Service rather than an item. */
  is_service: z.boolean().default(false),
  /** Uploaded photo, or blank for none. */
  image_url: z.preprocess(blankToNull, optionalMediaPathOrHttpsUrl),
  /** Tags as comma-separated text or a list. */
  tags: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((value) => parseTags(value)),
});

/** Form values as typed (before parsing). */
export type ClassifiedAdFormInput = z.input<typeof classifiedAdFormSchema>;
/** Parsed form values, ready to merge into a ClassifiedAdWrite. */
export type ClassifiedAdForm = z.output<typeof classifiedAdFormSchema>;

/** The upload kind of ad photos (POST /api/uploads/ad-images). */
export const AD_IMAGE_KIND = 'ad-images';

/**
 * The media folder of an ad photo that an edit replaced or removed, or a
 * deletion left behind, for removal; null when the photo is unchanged or is not
 * the seller's own ad-photo upload (a seeded file, an https URL, another
 * member's or another kind's upload is never removed).
 */
export function replacedAdPhotoFolder(
  before: { user_id?: unknown; image_url?: unknown } | undefined,
  after: { image_url?: unknown } | undefined,
): string | null {
  const old = typeof before?.image_url === 'string' ? before.image_url : null;
  if (!old || (after && after.image_url === old) || typeof before?.user_id !== 'string') return null;
  if (parseUploadUrl(old)?.kind !== AD_IMAGE_KIND) return null;
  return uploadFolderOf(old, before.user_id);
}
