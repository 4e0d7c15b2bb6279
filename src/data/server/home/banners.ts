import type { Firestore } from 'firebase-admin/firestore';
import {
  advertisementBannerSchema,
  type AdvertisementBanner,
} from '../../../domain/home/advertisement-banner.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

/**
 * The first `limit` active banners by position (the home page has three boxes).
 * A load error is only logged and the boxes show their placeholders; a banner
 * that fails the schema is left out (and logged).
 */
export async function getActiveBanners(
  limit: number,
  db: Firestore = getDb(),
): Promise<AdvertisementBanner[]> {
  try {
    const snap = await db
      .collection('advertisement_banners')
      .where('is_active', '==', true)
      .orderBy('position')
      .limit(limit)
      .get();
    meterQuery(snap);
    return parseDocs(advertisementBannerSchema, snap.docs);
  } catch (error) {
    console.error('Failed to load the advertisement banners.', error);
    return [];
  }
}
