// One classified ad with its seller, for /classifieds/{id}: two gets by id.
// An ad is public only while it is active and its seller is active and
// approved; otherwise the page answers as if it did not exist.
import type { Firestore } from 'firebase-admin/firestore';
import { classifiedAdSchema, type ClassifiedAd } from '../../domain/classified-ad.ts';
import { cursorSchema } from '../../domain/book-listing.ts';
import { isPubliclyListed, profileSchema, type Profile } from '../../domain/profile.ts';
import { tryParseDoc } from '../firestore-convert.ts';
import { getDb } from './firestore.ts';
import { meterReads } from './read-meter.ts';

/** A public ad and its seller. */
export interface PublicAd {
  /** The ad (contact_info included: the page decides what to show). */
  ad: ClassifiedAd;
  /** The seller's public profile. */
  seller: Profile;
}

/** The ad `id` and its seller when both are public, else null (unknown id, malformed document, hidden ad or seller). */
export async function getPublicAd(id: string, db: Firestore = getDb()): Promise<PublicAd | null> {
  if (!cursorSchema.safeParse(id).success) return null;
  const snap = await db.collection('classified_ads').doc(id).get();
  meterReads(1);
  if (!snap.exists) return null;
  const ad = tryParseDoc(classifiedAdSchema, snap);
  if (!ad || !ad.is_active) return null;
  const sellerSnap = await db.collection('profiles').doc(ad.user_id).get();
  meterReads(1);
  const seller = sellerSnap.exists ? tryParseDoc(profileSchema, sellerSnap) : null;
  if (!seller || !isPubliclyListed(seller)) return null;
  return { ad, seller };
}
