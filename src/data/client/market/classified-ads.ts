/**
 * A member's own classified ads: read with the web SDK (Firestore Lite; the
 * rules let the seller read their hidden ads and the ad's member-only contact
 * details, AD_CONTACT_PATH), written through the saveClassifiedAd and
 * deleteClassifiedAd callables like every item a member owns (the function
 * decides: only members in good standing post ads, in their own name; only the
 * seller or an admin edits or deletes; the featured flag only an admin sets).
 * An answer that the session was ended elsewhere opens the sign-in screen
 * (callFunction).
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  AD_CONTACT_PATH,
  classifiedAdSchema,
  contactInfoOf,
  type ClassifiedAd,
  type ClassifiedAdForm,
} from '../../../domain/market/classified-ad.ts';
import type { SaveItemResponse } from '../../../domain/items/item-save.ts';
import { parseDoc, parseDocs } from '../../firestore-convert.ts';
import { parsedSave } from '../items/item-save.ts';
import { memberDb } from '../shared/firestore.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

const ads = (firestore: Firestore) => collection(firestore, 'classified_ads');
const contactDoc = (firestore: Firestore, id: string) =>
  doc(firestore, 'classified_ads', id, AD_CONTACT_PATH.collection, AD_CONTACT_PATH.doc);

/** A seller's ad with its contact details, for the edit form. */
export interface OwnAd {
  ad: ClassifiedAd;
  contactInfo: string | null;
}

/** The ad `id` and its contact details when it exists and belongs to `uid`, else null (editing loads only one's own ads). */
export async function getOwnAd(id: string, uid: string): Promise<OwnAd | null> {
  const firestore = await memberDb();
  const snapshot = await getDoc(doc(ads(firestore), id));
  if (!snapshot.exists()) return null;
  const ad = parseDoc(classifiedAdSchema, snapshot.id, snapshot.data(), 'classified_ads');
  if (ad.user_id !== uid) return null;
  const contact = await getDoc(contactDoc(firestore, id));
  return { ad, contactInfo: contact.exists() ? contactInfoOf(contact.data()) : null };
}

/** How many of a seller's own ads their profile lists. */
export const OWN_ADS_LIMIT = 50;

/**
 * The seller's own ads (hidden ones too), newest first, at most OWN_ADS_LIMIT:
 * one equality query (its single-field index), sorted here.
 */
export async function listOwnAds(uid: string): Promise<ClassifiedAd[]> {
  const firestore = await memberDb();
  const snapshot = await getDocs(query(ads(firestore), where('user_id', '==', uid), limit(OWN_ADS_LIMIT)));
  return parseDocs(classifiedAdSchema, snapshot.docs).sort(
    (a, b) => b.created_at.getTime() - a.created_at.getTime(),
  );
}

/** Posts a new ad for `uid` (active, not featured, no views) with its contact details, through saveClassifiedAd. */
export async function createAd(uid: string, form: ClassifiedAdForm): Promise<CallOutcome<SaveItemResponse>> {
  return parsedSave(await callFunction('saveClassifiedAd', { userId: uid, ad: form }));
}

/** Saves the seller's (or an admin's) edit of the ad's content and contact details. */
export async function updateAd(id: string, form: ClassifiedAdForm): Promise<CallOutcome<SaveItemResponse>> {
  return parsedSave(await callFunction('saveClassifiedAd', { adId: id, ad: form }));
}

/** Deletes the ad and its contact details. */
export async function deleteAd(id: string): Promise<CallOutcome<unknown>> {
  return callFunction('deleteClassifiedAd', { id });
}

/** Whether the ad is featured now (for the admin's switch; the cached page may be older). */
export async function isAdFeatured(id: string): Promise<boolean> {
  // Read as the admin: a hidden ad is refused to a visitor's read.
  const snapshot = await getDoc(doc(ads(await memberDb()), id));
  return snapshot.get('is_featured') === true;
}

/** An admin features the ad (listed first under 'Featured First') or stops featuring it; the function refuses anyone else. */
export async function setAdFeatured(id: string, featured: boolean): Promise<CallOutcome<SaveItemResponse>> {
  return parsedSave(await callFunction('saveClassifiedAd', { adId: id, admin: { is_featured: featured } }));
}
