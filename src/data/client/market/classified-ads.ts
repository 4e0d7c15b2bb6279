/**
 * A member's own classified ads, written with the web SDK (Firestore Lite).
 * firestore.rules decides: only members in good standing create ads, in
 * their own name; only the seller edits or deletes; views are never written
 * here, and the featured flag only by an admin (setAdFeatured). The contact details live in the ad's member-only
 * subdocument (AD_CONTACT_PATH) and are written in the same batch as the ad.
 * A write refused because the session was ended elsewhere opens the sign-in
 * screen (writeWithSession).
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import {
  AD_CONTACT_PATH,
  classifiedAdSchema,
  contactInfoOf,
  splitAdForm,
  type ClassifiedAd,
  type ClassifiedAdForm,
} from '../../../domain/market/classified-ad.ts';
import { parseDoc, parseDocs } from '../../firestore-convert.ts';
import { db } from '../members/profiles.ts';
import { writeWithSession } from '../accounts/session-guard.ts';

const ads = () => collection(db(), 'classified_ads');
const contactDoc = (id: string) =>
  doc(db(), 'classified_ads', id, AD_CONTACT_PATH.collection, AD_CONTACT_PATH.doc);

/** A seller's ad with its contact details, for the edit form. */
export interface OwnAd {
  ad: ClassifiedAd;
  contactInfo: string | null;
}

/** The ad `id` and its contact details when it exists and belongs to `uid`, else null (editing loads only one's own ads). */
export async function getOwnAd(id: string, uid: string): Promise<OwnAd | null> {
  const snapshot = await getDoc(doc(ads(), id));
  if (!snapshot.exists()) return null;
  const ad = parseDoc(classifiedAdSchema, snapshot.id, snapshot.data(), 'classified_ads');
  if (ad.user_id !== uid) return null;
  const contact = await getDoc(contactDoc(id));
  return { ad, contactInfo: contact.exists() ? contactInfoOf(contact.data()) : null };
}

/** How many of a seller's own ads their profile lists. */
export const OWN_ADS_LIMIT = 50;

/**
 * The seller's own ads (hidden ones too), newest first, at most OWN_ADS_LIMIT:
 * one equality query (its single-field index), sorted here.
 */
export async function listOwnAds(uid: string): Promise<ClassifiedAd[]> {
  const snapshot = await getDocs(query(ads(), where('user_id', '==', uid), limit(OWN_ADS_LIMIT)));
  return parseDocs(classifiedAdSchema, snapshot.docs).sort(
    (a, b) => b.created_at.getTime() - a.created_at.getTime(),
  );
}

/** Posts a new ad for `uid` (active, not featured, no views) with its contact details, in one batch; returns its id. */
export async function createAd(uid: string, form: ClassifiedAdForm): Promise<string> {
  const { ad, contact } = splitAdForm(form);
  const ref = doc(ads());
  const batch = writeBatch(db());
  batch.set(ref, {
    ...ad,
    user_id: uid,
    is_active: true,
    is_featured: false,
    views_count: 0,
    created_at: serverTimestamp(),
  });
  batch.set(contactDoc(ref.id), contact);
  await writeWithSession(() => batch.commit());
  return ref.id;
}

/** Saves the seller's edit of the ad's content and contact details, in one batch. */
export async function updateAd(id: string, form: ClassifiedAdForm): Promise<void> {
  const { ad, contact } = splitAdForm(form);
  const batch = writeBatch(db());
  batch.update(doc(ads(), id), { ...ad, updated_at: serverTimestamp() });
  batch.set(contactDoc(id), contact);
  await writeWithSession(() => batch.commit());
}

/** Deletes the ad and its contact details, in one batch. */
export async function deleteAd(id: string): Promise<void> {
  const batch = writeBatch(db());
  batch.delete(contactDoc(id));
  batch.delete(doc(ads(), id));
  await writeWithSession(() => batch.commit());
}

/** Whether the ad is featured now (for the admin's switch; the cached page may be older). */
export async function isAdFeatured(id: string): Promise<boolean> {
  const snapshot = await getDoc(doc(ads(), id));
  return snapshot.get('is_featured') === true;
}

/** An admin features the ad (listed first under 'Featured First') or stops featuring it; the rules refuse anyone else. */
export async function setAdFeatured(id: string, featured: boolean): Promise<void> {
  await writeWithSession(() =>
    updateDoc(doc(ads(), id), { is_featured: featured, updated_at: serverTimestamp() }),
  );
}
