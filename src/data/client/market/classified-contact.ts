/**
 * The contact details of an ad, for a signed-in member on its page. The page's
 * cached HTML never carries an email address or phone number, and they are not
 * on the ad document either: they live in `classified_ads/{id}/private/contact`,
 * which firestore.rules lets only members in good standing (and admins) read.
 * Only a member whose session Auth confirms fetches them, with Firestore Lite.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { AD_CONTACT_PATH, contactInfoOf } from '../../../domain/market/classified-ad.ts';
import { currentAccount } from '../shared/auth.ts';
import { db } from '../shared/firestore.ts';

/** The ad's contact details, or null when nobody is signed in or the ad has none. */
export async function contactDetailsFor(adId: string): Promise<string | null> {
  if (!(await currentAccount())) return null;
  const snapshot = await getDoc(
    doc(db(), 'classified_ads', adId, AD_CONTACT_PATH.collection, AD_CONTACT_PATH.doc),
  );
  return snapshot.exists() ? contactInfoOf(snapshot.data()) : null;
}
