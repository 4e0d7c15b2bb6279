// The admin second factor as the caller guard sees it: does this sign-in hold
// a live second-factor session? (src/domain/accounts/second-factor.ts; the
// record is written only by functions/src/accounts/second-factor.ts.)
import {
  ADMIN_SECOND_FACTORS,
  secondFactorSessionLive,
} from '../../../src/domain/shared/second-factor-session';
import { db } from './firestore';

/**
 * Whether admin powers need the second factor: the one switch, repeated by
 * firestore.rules' adminSecondFactorRequired() (a unit test holds them equal).
 * Off, the guard and the rules behave as before the second factor existed.
 */
export const ADMIN_SECOND_FACTOR_REQUIRED = true;

/** Where an admin's sign-in stands with the second factor (one read). */
export async function secondFactorOf(
  uid: string,
  authTime: number,
  now = Date.now(),
): Promise<{ enrolled: boolean; live: boolean }> {
  const snapshot = await db().collection(ADMIN_SECOND_FACTORS).doc(uid).get();
  const data = snapshot.data();
  const enrolled = data?.enrolled === true;
  const sessions = (data?.sessions ?? undefined) as Record<string, number> | undefined;
  return { enrolled, live: enrolled && secondFactorSessionLive(sessions, authTime, now) };
}
