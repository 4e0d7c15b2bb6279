/**
 * Classified ads for the admin dashboard: a page of every ad, newest first,
 * hidden ones too (firestore.rules let admins list every ad), with each seller's
 * name, and the admin's Active switch, which saves through the saveClassifiedAd
 * callable with only `admin: { is_active }` (the function refuses anyone but an
 * admin and records the change in the audit log). Loaded lazily.
 */
import { collection, doc, getDoc, getDocs, limit, orderBy, query, startAfter } from 'firebase/firestore/lite';
import { classifiedAdSchema } from '../../../domain/market/classified-ad.ts';
import type { SaveItemResponse } from '../../../domain/items/item-save.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { parsedSave } from '../items/item-save.ts';
import { db } from '../shared/firestore.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** An ad as the dashboard lists it. */
export interface AdminAdItem {
  id: string;
  title: string;
  /** The seller's uid and display name ('' when their profile is gone). */
  sellerUid: string;
  sellerName: string;
  is_active: boolean;
  is_featured: boolean;
  /** Hidden by a moderator (the Reports section restores it). */
  moderation_hidden: boolean;
  created_at: Date;
}

/** Rows per page. */
export const ADMIN_ADS_PAGE_SIZE = 20;

/** The sellers' display names, one read per distinct seller (an admin reads every profile). */
async function sellerNames(uids: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(uids)];
  const profiles = await Promise.all(distinct.map((uid) => getDoc(doc(db(), 'profiles', uid))));
  return new Map(
    profiles.map((profile) => {
      const name: unknown = profile.get('display_name');
      return [profile.id, typeof name === 'string' ? name : ''];
    }),
  );
}

/** A page of every ad, newest first, after the ad `after` (a malformed ad is left out and logged). */
export async function listAdminAds(
  after: string | null,
): Promise<{ items: AdminAdItem[]; next: string | null }> {
  const ads = collection(db(), 'classified_ads');
  const cursor = after ? [startAfter(await getDoc(doc(ads, after)))] : [];
  const snapshot = await getDocs(
    query(ads, orderBy('created_at', 'desc'), ...cursor, limit(ADMIN_ADS_PAGE_SIZE)),
  );
  const parsed = parseDocs(classifiedAdSchema, snapshot.docs);
  const names = await sellerNames(parsed.map((ad) => ad.user_id));
  return {
    items: parsed.map((ad) => ({
      id: ad.id,
      title: ad.title,
      sellerUid: ad.user_id,
      sellerName: names.get(ad.user_id) ?? '',
      is_active: ad.is_active,
      is_featured: ad.is_featured,
      moderation_hidden: ad.moderation_hidden,
      created_at: ad.created_at,
    })),
    next: snapshot.size === ADMIN_ADS_PAGE_SIZE ? (snapshot.docs.at(-1)?.id ?? null) : null,
  };
}

/** An admin switches the ad on or off (hidden from the marketplace, search and its page while off). */
export async function setAdActive(id: string, active: boolean): Promise<CallOutcome<SaveItemResponse>> {
  return parsedSave(await callFunction('saveClassifiedAd', { adId: id, admin: { is_active: active } }));
}
