// The site's name and logo, the part of Site Settings (site_settings/main) that every
// area speaking as the site reads: the header, the home page and each mail's heading.
// They sit below the areas so a mail or a page can brand itself without reading the
// whole settings document, whose other fields belong to higher areas
// (src/domain/site/site-settings.ts builds on this).
import { z } from 'zod';
import { TEXT_LIMITS, hasText, optionalSitePathOrUrl, optionalText } from './common.ts';

/** The site's name when none is stored. */
export const DEFAULT_SITE_TITLE = 'Shelfmark';

/** The brand's fields of site_settings/main; empty values fall back to the built-in ones (resolveSiteBrand). */
export const siteBrandSchema = z.object({
  /** Header logo (Storage site-assets/logos/...); a default icon shows when empty. */
  logo_url: optionalSitePathOrUrl,
  /** Site title in the header and hero. */
  site_title: optionalText(TEXT_LIMITS.name),
});

/** The brand as stored (any field may be missing). */
export type StoredSiteBrand = Partial<z.infer<typeof siteBrandSchema>>;

/** The brand with its fallbacks applied. */
export interface SiteBrand {
  /** Header logo, or null when the default icon should show. */
  logo_url: string | null;
  /** Site title, never empty. */
  site_title: string;
}

/** Applies the built-in fallbacks to a stored brand (or to none at all). */
export function resolveSiteBrand(stored: StoredSiteBrand | null | undefined): SiteBrand {
  const s = stored ?? {};
  return {
    logo_url: hasText(s.logo_url) ? s.logo_url : null,
    site_title: hasText(s.site_title) ? s.site_title.trim() : DEFAULT_SITE_TITLE,
  };
}
