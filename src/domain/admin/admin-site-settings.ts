/**
 * Site settings as the dashboard changes them: the adminSiteSettings callable's
 * requests (shared by the dashboard and the function) and the menu editor's pure moves.
 */
import { z } from 'zod';
import { DEFAULT_FREE_PREVIEW_TITLE, LEGACY_DEFAULT_FREE_PREVIEW_TITLE } from '../books/book.ts';
import { TEXT_LIMITS } from '../shared/common.ts';
import { MAX_MENU_ITEMS, siteSettingsWriteSchema, type MenuItem } from '../site/site-settings.ts';

/** The fields of the Site Settings tab's Logo & Branding section. */
export const BRANDING_FIELDS = {
  logo_url: true,
  site_title: true,
  header_description: true,
  hero_description: true,
  website_url: true,
} as const;

/** The fields the Site Settings tab edits (each optional: a section saves only its own). */
export const siteSettingsEditSchema = siteSettingsWriteSchema
  .pick({
    ...BRANDING_FIELDS,
    menu_items: true,
    social_links: true,
    promotion_code: true,
    early_access: true,
    author_update_limits: true,
    moderation_hold_days: true,
  })
  .partial()
  .strict();
/** A Site Settings save. */
export type SiteSettingsEdit = z.infer<typeof siteSettingsEditSchema>;

/** The global free-preview title: required, at most a title's length. */
export const freePreviewTitleSchema = z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title);
/** The admin's form for the global free-preview title (Book Management), checked with the same rule the callable applies. */
export const freePreviewTitleFormSchema = z.object({ title: freePreviewTitleSchema });
/** The form's values as validated. */
export type FreePreviewTitleForm = z.infer<typeof freePreviewTitleFormSchema>;

/** Every request of adminSiteSettings. */
export const adminSiteSettingsRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('save-settings'), settings: siteSettingsEditSchema }),
  z.strictObject({ action: z.literal('set-free-preview-title'), title: freePreviewTitleSchema }),
]);
/** A request as validated. */
export type AdminSiteSettingsRequest = z.infer<typeof adminSiteSettingsRequestSchema>;

/**
 * The stored book titles that follow the global one when it changes: empty, either
 * spelling of the default, or the global title being replaced. A book whose owner
 * chose another title keeps it.
 */
export function titlesFollowingGlobal(previousGlobal: string | null | undefined): string[] {
  return [
    ...new Set([
      '',
      DEFAULT_FREE_PREVIEW_TITLE,
      LEGACY_DEFAULT_FREE_PREVIEW_TITLE,
      ...(previousGlobal ? [previousGlobal] : []),
    ]),
  ];
}

/** The menu with item `index` moved by `offset` (−1 up, +1 down); unchanged at the ends. */
export function moveMenuItem(items: readonly MenuItem[], index: number, offset: -1 | 1): MenuItem[] {
  const target = index + offset;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** True when another item may be added. */
export function canAddMenuItem(items: readonly unknown[]): boolean {
  return items.length < MAX_MENU_ITEMS;
}
