/**
 * A member's own classified ads, written with the web SDK (Firestore Lite).
 * firestore.rules decides: only members in good standing create ads, in
 * their own name; only the seller edits or deletes; views and the featured
 * flag are never written here.
 */
import { addDoc, collection, deleteDoc, doc, getDoc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { classifiedAdSchema, type ClassifiedAd, type ClassifiedAdForm } from '../../domain/classified-ad.ts';
import { parseDoc } from '../firestore-convert.ts';
import { db } from './profiles.ts';

const ads = () => collection(db(), 'classified_ads');

/** The ad `id` when it exists and belongs to `uid`, else null (editing loads only one's own ads). */
export async function getOwnAd(id: string, uid: string): Promise<ClassifiedAd | null> {
  const snapshot = await getDoc(doc(ads(), id));
  if (!snapshot.exists()) return null;
  const ad = parseDoc(classifiedAdSchema, snapshot.id, snapshot.data(), 'classified_ads');
  return ad.user_id === uid ? ad : null;
}

/** Posts a new ad for `uid`: active, not featured, no views; returns its id. */
export async function createAd(uid: string, form: ClassifiedAdForm): Promise<string> {
  const ref = await addDoc(ads(), {
    ...form,
    user_id: uid,
    is_active: true,
    is_featured: false,
    views_count: 0,
    created_at: serverTimestamp(),
  });
  return ref.id;
}

/** Saves the seller's edit of the ad's content. */
export async function updateAd(id: string, form: ClassifiedAdForm): Promise<void> {
  await updateDoc(doc(ads(), id), { ...form, updated_at: serverTimestamp() });
}

/** Deletes the ad. */
export async function deleteAd(id: string): Promise<void> {
  await deleteDoc(doc(ads(), id));
}
