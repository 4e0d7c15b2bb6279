// The admin second factor for the site's own endpoints (uploads): whether a
// sign-in holds a live second-factor session, the rule the functions' guard and
// firestore.rules apply (src/domain/accounts/second-factor.ts).
import type { Firestore } from 'firebase-admin/firestore';
import {
  ADMIN_SECOND_FACTORS,
  secondFactorSessionLive,
} from '../../../domain/shared/second-factor-session.ts';
import { getDb } from '../shared/firestore.ts';

/** True when the sign-in at `authTime` (seconds) entered the admin's second factor and it has not ended (one read). */
export async function adminSecondFactorLive(
  uid: string,
  authTime: number,
  db: Firestore = getDb(),
  now = Date.now(),
): Promise<boolean> {
  const data = (await db.collection(ADMIN_SECOND_FACTORS).doc(uid).get()).data();
  return data?.enrolled === true && secondFactorSessionLive(data.sessions, authTime, now);
}
