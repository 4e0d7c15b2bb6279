import { z } from 'zod';
import {
  TEXT_LIMITS,
  sitePathOrUrlSchema,
  idSchema,
  optionalText,
  optionalSitePathOrUrl,
  timestampSchema,
} from '../shared/common.ts';

/** Highest banner position accepted; positions only order banners, so a bound just keeps input sane. */
export const BANNER_POSITION_MAX = 100;

/** An advertisement banner, document `advertisement_banners/{autoId}`. Only admins write banners. */
export const advertisementBannerSchema = z
  .object({
    /** Document id. */
    id: idSchema,
    /** Name of the banner (alt text of the image). */
    title: z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
    /** Banner image (Storage site-assets/banners/...). */
    image_url: sitePathOrUrlSchema,
    /** Where a click goes. */
    link_url: optionalSitePathOrUrl,
    /** Optional caption. */
    description: optionalText(TEXT_LIMITS.line),
    /** Display order, 1 first (integer, at least 1). */
    position: z
      .number({ error: 'Position must be a whole number of at least 1' })
      .int('Position must be a whole number of at least 1')
      .min(1, 'Position must be a whole number of at least 1')
      .max(BANNER_POSITION_MAX),
    /** Inactive banners are not shown. */
    is_active: z.boolean().default(true),
    /** uid of the admin who created it. */
    created_by: idSchema.nullish(),
    /** Creation time. */
    created_at: timestampSchema.nullish(),
  })
  .describe('advertisement_banners');

/** An advertisement banner. */
export type AdvertisementBanner = z.infer<typeof advertisementBannerSchema>;

/** Fields as written to Firestore. */
export const advertisementBannerWriteSchema = advertisementBannerSchema.omit({ id: true });
/** Banner as written. */
export type AdvertisementBannerWrite = z.infer<typeof advertisementBannerWriteSchema>;

/** Active banners in position order. */
export function activeBanners<T extends Pick<AdvertisementBanner, 'is_active' | 'position'>>(
  banners: readonly T[],
): T[] {
  return banners.filter((banner) => banner.is_active).sort((a, b) => a.position - b.position);
}
