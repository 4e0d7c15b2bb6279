/**
 * Site settings for the admin dashboard: the stored record (site_settings/main is
 * public) and the adminSiteSettings callable. Loaded lazily by the Site Settings tab.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import type { AdminSiteSettingsRequest } from '../../../domain/admin/admin-site-settings.ts';
import { siteSettingsSchema, type SiteSettings } from '../../../domain/site/site-settings.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';
import { SITE_SETTINGS_DOC_ID } from '../../../domain/shared/collections.ts';

/** The stored settings, or null when none are stored yet (or the record is unreadable: the defaults apply). */
export async function loadSiteSettings(): Promise<SiteSettings | null> {
  const snapshot = await getDoc(doc(db(), 'site_settings', SITE_SETTINGS_DOC_ID));
  return snapshot.exists() ? tryParseDoc(siteSettingsSchema, snapshot) : null;
}

/** Runs one settings change; never throws. */
export function adminSiteSettings(
  request: AdminSiteSettingsRequest,
): Promise<CallOutcome<Record<string, unknown>>> {
  return callFunction('adminSiteSettings', request);
}
