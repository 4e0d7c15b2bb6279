import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { resolveSiteBrand, siteBrandSchema } from '../../../src/domain/shared/site-brand';
import { defaultBrand, type MailBrand } from './templates';
import { siteUrl } from './settings';
import { COLLECTIONS, SITE_SETTINGS_DOC_ID } from '../../../src/domain/shared/collections';

/** The logo as an absolute address a mail client can load ('/media/…' lives on the site), or null. */
export function absoluteLogoUrl(logo: string | null, origin: string): string | null {
  if (!logo) return null;
  try {
    const url = new URL(logo, `${origin}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The site's title and logo from site_settings/main for the mail heading. A
 * missing document or a broken brand field gives the built-in branding (a broken
 * field elsewhere in the settings does not matter here): a mail is never held back for it.
 */
export async function mailBrand(firestore: Firestore): Promise<MailBrand> {
  try {
    const snapshot = await firestore.collection(COLLECTIONS.siteSettings).doc(SITE_SETTINGS_DOC_ID).get();
    const parsed = snapshot.exists ? siteBrandSchema.partial().safeParse(snapshot.data()) : undefined;
    const settings = resolveSiteBrand(parsed?.success ? parsed.data : null);
    const origin = siteUrl();
    return {
      title: settings.site_title,
      logoUrl: absoluteLogoUrl(settings.logo_url, origin),
      siteUrl: origin,
    };
  } catch (error) {
    logger.warn('mail brand: the site settings could not be read; using the defaults', { error });
    return defaultBrand();
  }
}
