// One classified ad with its seller, for /classifieds/{id}: three gets by id
// (the ad, then its seller and its contact details together).
// An ad is public only while it is active, not hidden by moderation and its
// seller is active and approved (isItemPublic, src/domain/accounts/visibility.ts);
// otherwise the page answers as if it did not exist.
import type { Firestore } from 'firebase-admin/firestore';
import {
  AD_CONTACT_PATH,
  classifiedAdSchema,
  contactInfoOf,
  type ClassifiedAd,
} from '../../../domain/market/classified-ad.ts';
import { cursorSchema } from '../../../domain/books/book-listing.ts';
import { profileSchema, type Profile } from '../../../domain/accounts/profile.ts';
import { isItemPublic, isItemShown } from '../../../domain/accounts/visibility.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';

/** A public ad and its seller. */
export interface PublicAd {
  /** The ad. */
  ad: ClassifiedAd;
  /**
   * The ad's contact details (members-only subdocument), for the page to decide
   * how contact is offered: it links a website, and never writes an email
   * address or phone number into its HTML.
   */
  contactInfo: string | null;
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
  if (!ad || !isItemShown(ad)) return null;
  const [sellerSnap, contactSnap] = await Promise.all([
    db.collection('profiles').doc(ad.user_id).get(),
    snap.ref.collection(AD_CONTACT_PATH.collection).doc(AD_CONTACT_PATH.doc).get(),
  ]);
  meterReads(2);
  const seller = sellerSnap.exists ? tryParseDoc(profileSchema, sellerSnap) : null;
  if (!seller || !isItemPublic(ad, seller)) return null;
  return { ad, seller, contactInfo: contactSnap.exists ? contactInfoOf(contactSnap.data()) : null };
}
