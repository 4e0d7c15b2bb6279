/**
 * The contact details of an ad, for a signed-in member on its page. The page's
 * cached HTML never carries an email address or phone number; only a member
 * whose session Auth confirms fetches them, with Firestore Lite.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { currentAccount } from './auth.ts';
import { db } from './profiles.ts';

/** The ad's contact details, or null when nobody is signed in or the ad has none. */
export async function contactDetailsFor(adId: string): Promise<string | null> {
  if (!(await currentAccount())) return null;
  const snapshot = await getDoc(doc(db(), 'classified_ads', adId));
  const info = snapshot.exists() ? snapshot.get('contact_info') : null;
  return typeof info === 'string' && info.trim() !== '' ? info.trim() : null;
}
