import { z } from 'zod';
import { moderationHoldDaysSchema } from '../shared/moderation-standing.ts';
import {
  DEFAULT_SITE_TITLE,
  resolveSiteBrand,
  siteBrandSchema,
  type SiteBrand,
} from '../shared/site-brand.ts';
import {
  TEXT_LIMITS,
  hasText,
  idSchema,
  sitePathOrUrlSchema,
  optionalText,
  optionalUrl,
  timestampSchema,
} from '../shared/common.ts';
import { DEFAULT_FREE_PREVIEW_TITLE } from '../books/book.ts';
import {
  canUseFeature,
  earlyAccessOf,
  earlyAccessSettingsSchema,
  featurePosition,
} from '../billing/early-access.ts';
import { SOCIAL_NETWORKS, socialLinksSchema, type SocialNetwork } from '../accounts/profile.ts';
import { updateLimitsOf, updateLimitsSchema, type UpdateLimits } from '../updates/author-update.ts';

/** Most menu entries; bounded so the rules can bound the list. */
export const MAX_MENU_ITEMS = 20;

/** A menu link target: a site path ('/blog') or an absolute http(s) URL. */
export const menuUrlSchema = sitePathOrUrlSchema;

/** Longest promotion code the settings accept (Stripe allows more; a card must stay readable). */
export const PROMOTION_CODE_MAX = 40;
/**
 * A stored promotion code: 3 to 40 of A–Z, 0–9 and '-', upper case. Stripe's
 * customer-facing codes are letters, digits and dashes and match regardless of
 * case, so the code is kept upper case, as the home card shows it.
 */
export const PROMOTION_CODE_PATTERN_SOURCE = `^[A-Z0-9-]{3,${PROMOTION_CODE_MAX}}$`;
/** The message under the field when the code has another shape. */
export const PROMOTION_CODE_MESSAGE = `Use 3 to ${PROMOTION_CODE_MAX} letters, digits or dashes`;

/**
 * The holiday promotion's code as an admin types it: trimmed, upper-cased, and
 * either empty (no promotion: the home card is not shown) or a Stripe
 * promotion-code shape. Empty is stored as null.
 */
export const promotionCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (code) => code === '' || new RegExp(PROMOTION_CODE_PATTERN_SOURCE).test(code),
    PROMOTION_CODE_MESSAGE,
  )
  .transform((code) => (code === '' ? null : code))
  .nullable();

/** One header menu entry. */
export const menuItemSchema = z.object({
  /** Text of the link. */
  label: z.string().trim().min(1, 'Label is required').max(60),
  /** Where it goes. */
  url: menuUrlSchema,
});
/** A menu entry. */
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Branding and navigation, document `site_settings/main`. Empty values fall back to built-in defaults (resolveSiteSettings). */
export const siteSettingsSchema = z
  .object({
    /** Always 'main'. */
    id: idSchema,
    /** The logo and the site title (src/domain/shared/site-brand.ts). */
    ...siteBrandSchema.shape,
    /** Line under the title in the header. */
    header_description: optionalText(TEXT_LIMITS.line),
    /** Hero paragraph on the home page. */
    hero_description: optionalText(TEXT_LIMITS.short),
    /** Site address shown in the hero. */
    website_url: optionalUrl,
    /** Header menu; empty means the default ten items. */
    menu_items: z.array(menuItemSchema).max(MAX_MENU_ITEMS).default([]),
    /** Header social links. */
    social_links: socialLinksSchema.default({}),
    /** Free-preview heading for books without their own. */
    global_free_preview_title: optionalText(TEXT_LIMITS.title),
    /**
     * The holiday promotion's Stripe promotion code; null or absent: no promotion,
     * and the home page shows no promotion card. The same code must exist in Stripe.
     */
    promotion_code: promotionCodeSchema.optional(),
    /**
     * The early-access switches, feature → position (src/domain/billing/early-access.ts);
     * read through `earlyAccessOf`, never through resolveSiteSettings.
     */
    early_access: earlyAccessSettingsSchema.optional(),
    /** How many updates to their followers Free and Premium members may post (src/domain/updates/author-update.ts); absent: the defaults. */
    author_update_limits: updateLimitsSchema.optional(),
    /**
     * Days a moderator's hide of an update or ad holds the member's next ones for
     * moderation (src/domain/shared/moderation-standing.ts); absent: 30. Read
     * through moderationHoldDaysOf.
     */
    moderation_hold_days: moderationHoldDaysSchema.optional(),
    /** uid of the admin who last saved. */
    updated_by: idSchema.nullish(),
    /** Last save. */
    updated_at: timestampSchema.nullish(),
  })
  .describe('site_settings');

/** Stored site settings. */
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Fields as written to Firestore. */
export const siteSettingsWriteSchema = siteSettingsSchema.omit({ id: true });
/** Site settings as written. */
export type SiteSettingsWrite = z.infer<typeof siteSettingsWriteSchema>;

/** The default header menu: the ten items every new site starts with, in order. */
export const DEFAULT_MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Home', url: '/' },
  { label: 'About Shelfmark', url: '/about' },
  { label: 'Book Categories', url: '/categories' },
  { label: 'Free eBooks Downloads or Read Online', url: '/free-books' },
  { label: 'Books Marketplace', url: '/classifieds' },
  { label: 'Directory of Book-Related Communities', url: '/book-communities' },
  { label: 'Membership', url: '/membership' },
  { label: 'Blog', url: '/blog' },
  { label: 'Newsletters', url: '/newsletters' },
  { label: 'Directory', url: '/directory' },
];

/** Labels of the social networks, in the order the header shows them. */
export const SOCIAL_LINK_LABELS: Readonly<Record<SocialNetwork, string>> = {
  website: 'Website',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  github: 'GitHub',
  tiktok: 'TikTok',
  medium: 'Medium',
  goodreads: 'Goodreads',
  substack: 'Substack',
  pinterest: 'Pinterest',
};

/** Built-in values used when the stored ones are empty. */
export const DEFAULT_SITE_SETTINGS = {
  site_title: DEFAULT_SITE_TITLE,
  header_description: 'A community for book authors, readers and publishers',
  hero_description:
    'Discover books and their authors, read free eBooks, listen to audiobooks and find book services in our marketplace. Join a community that loves books as much as you do.',
  website_url: 'https://shelfmark.example',
  global_free_preview_title: DEFAULT_FREE_PREVIEW_TITLE,
} as const;

/** Settings with every fallback applied: texts are never empty; logo_url is null when the default icon should show. */
export interface ResolvedSiteSettings extends SiteBrand {
  /** Header description. */
  header_description: string;
  /** Hero paragraph. */
  hero_description: string;
  /** Site address. */
  website_url: string;
  /** Menu (the default ten when none is stored). */
  menu_items: MenuItem[];
  /** Non-empty social links in header order. */
  social_links: { network: SocialNetwork; label: string; url: string }[];
  /** Free-preview heading for books without their own. */
  global_free_preview_title: string;
  /** The holiday promotion's code, or null when no promotion runs (no card). */
  promotion_code: string | null;
  /** How many updates to their followers each plan may post (the membership page lists them). */
  author_update_limits: UpdateLimits;
  /**
   * The header shows the search box: while the 'search' switch lets a visitor use
   * search (every page is cached for everyone; a malformed switch map is off).
   */
  search_in_header: boolean;
  /**
   * The 'search' switch is on 'Premium members': the header carries the box
   * hidden, and a signed-in Premium member's browser shows it (the server checks
   * each of their searches).
   */
  search_for_members: boolean;
}

const orDefault = (value: string | null | undefined, fallback: string) =>
  hasText(value) ? value.trim() : fallback;

/** Applies the built-in fallbacks to stored settings (or to none at all). */
export function resolveSiteSettings(stored: Partial<SiteSettings> | null | undefined): ResolvedSiteSettings {
  const s = stored ?? {};
  const links = s.social_links ?? {};
  return {
    ...resolveSiteBrand(s),
    header_description: orDefault(s.header_description, DEFAULT_SITE_SETTINGS.header_description),
    hero_description: orDefault(s.hero_description, DEFAULT_SITE_SETTINGS.hero_description),
    website_url: orDefault(s.website_url, DEFAULT_SITE_SETTINGS.website_url),
    menu_items: s.menu_items && s.menu_items.length > 0 ? [...s.menu_items] : [...DEFAULT_MENU_ITEMS],
    social_links: SOCIAL_NETWORKS.flatMap((network) => {
      const url = links[network];
      return hasText(url) ? [{ network, label: SOCIAL_LINK_LABELS[network], url }] : [];
    }),
    global_free_preview_title: orDefault(
      s.global_free_preview_title,
      DEFAULT_SITE_SETTINGS.global_free_preview_title,
    ),
    promotion_code: s.promotion_code ?? null,
    search_in_header: canUseFeature(earlyAccessOf(s.early_access).settings, 'search', null),
    search_for_members: featurePosition(earlyAccessOf(s.early_access).settings, 'search') === 'premium',
    author_update_limits: updateLimitsOf(s.author_update_limits),
  };
}
