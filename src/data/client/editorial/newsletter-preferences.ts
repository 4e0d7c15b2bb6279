/**
 * A member's newsletter choice (`newsletter_preferences/{uid}`): read and set by
 * the member from the profile editor; the unsubscribe link's function sets it
 * too. No document means subscribed.
 */
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { db } from '../shared/firestore.ts';
import { writeWithSession } from '../shared/session-guard.ts';

/** True unless the member turned newsletters off. */
export async function isSubscribed(uid: string): Promise<boolean> {
  const snap = await getDoc(doc(db(), 'newsletter_preferences', uid));
  return !(snap.exists() && snap.get('unsubscribed') === true);
}

/** Turns newsletters on or off for the member. */
export async function setSubscribed(uid: string, subscribed: boolean): Promise<void> {
  await writeWithSession(() =>
    setDoc(doc(db(), 'newsletter_preferences', uid), {
      unsubscribed: !subscribed,
      updated_at: serverTimestamp(),
    }),
  );
}
