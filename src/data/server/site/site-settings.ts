import type { Firestore } from 'firebase-admin/firestore';
import { tryParseDoc } from '../../firestore-convert.ts';
import {
  resolveSiteSettings,
  siteSettingsSchema,
  type ResolvedSiteSettings,
} from '../../../domain/site/site-settings.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';
import { SITE_SETTINGS_DOC_ID } from '../../../domain/shared/collections.ts';

// Every page shows the settings in its header. A build pre-renders many pages in a
// few seconds and an on-demand server renders many requests, so one read is shared
// for a minute: the same staleness the CDN allows on-demand pages (src/config.ts).
const TTL_MS = 60_000;
let cache: { at: number; value: Promise<ResolvedSiteSettings> } | undefined;

/**
 * The site settings with their built-in fallbacks. A failed or invalid read is
 * logged and the defaults are used: a broken settings document must not take
 * the whole site down (settings load errors are only logged).
 */
export function getSiteSettings(
  db: Firestore = getDb(),
  { fresh = false } = {},
): Promise<ResolvedSiteSettings> {
  if (!fresh && cache && Date.now() - cache.at < TTL_MS) return cache.value;
  const value = readSettings(db);
  if (!fresh) cache = { at: Date.now(), value };
  return value;
}

async function readSettings(db: Firestore): Promise<ResolvedSiteSettings> {
  try {
    const snap = await db.collection('site_settings').doc(SITE_SETTINGS_DOC_ID).get();
    meterReads(1);
    return resolveSiteSettings(snap.exists ? tryParseDoc(siteSettingsSchema, snap) : null);
  } catch (error) {
    console.error('Failed to load site settings; using the defaults.', error);
    return resolveSiteSettings(null);
  }
}
