/**
 * The signed-in member's own profile, read with the web SDK. Firestore Lite
 * (plain REST gets, no realtime listeners or offline cache) is a quarter of the
 * full SDK, and this read runs on every page a member opens.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { profileSchema, type Profile } from '../../../domain/accounts/profile.ts';
import { parseDoc } from '../../firestore-convert.ts';
import { memberDb } from '../shared/firestore.ts';

/**
 * The member's profile, or null when none exists. A get by id, never a query by
 * user_id: rules let owners get their own profile in any approval state, but a
 * list query could match profiles they may not read and is refused as a whole.
 */
export async function getOwnProfile(uid: string): Promise<Profile | null> {
  const firestore = await memberDb();
  const snapshot = await getDoc(doc(firestore, 'profiles', uid));
  return snapshot.exists() ? parseDoc(profileSchema, snapshot.id, snapshot.data()) : null;
}

/** How often pollOwnPlan reads the profile. */
const PLAN_POLL_MS = 1500;
/** Reads pollOwnPlan makes at most: 10 minutes, so a tab left open does not read for ever. */
const PLAN_POLL_LIMIT = 400;

/**
 * Reads the member's profile now and every 1.5 s, for at most 10 minutes,
 * passing each to `onProfile` (its subscription_status is the plan), until the
 * returned stop is called. A read that fails is skipped: the next one tries
 * again. Polling, not a listener: Firestore Lite has none, and a page waits for
 * one change only.
 */
export function pollOwnPlan(uid: string, onProfile: (profile: Profile) => void): () => void {
  let stopped = false;
  let reads = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = async () => {
    reads += 1;
    const profile = await getOwnProfile(uid).catch(() => undefined);
    if (stopped) return;
    if (profile) onProfile(profile);
    if (!stopped && reads < PLAN_POLL_LIMIT) timer = setTimeout(() => void read(), PLAN_POLL_MS);
  };
  void read();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
