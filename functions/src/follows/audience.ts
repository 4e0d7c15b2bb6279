// Who may receive new-book alerts and digests now: the 'follows' switch's
// position, applied to each follower when the mail is about to go (not when the
// book was released): on 'everyone' every follower, on 'Premium members' only
// followers who are Premium members (an email follower has no plan), on 'off'
// nobody. A switch moved while a release waits takes effect on its mails.
import type { Firestore } from 'firebase-admin/firestore';
import { canUseFeature, featurePosition } from '../../../src/domain/billing/early-access';
import type { Follow } from '../../../src/domain/follows/follows';
import { planSources } from '../billing/record';
import { readEarlyAccess } from '../billing/early-access';

/** For each follow, whether its follower may be mailed now (one settings read; on 'premium', their billing records). */
export function alertAudience(firestore: Firestore) {
  return async (follows: readonly Follow[]): Promise<boolean[]> => {
    const settings = await readEarlyAccess(firestore);
    const members = follows.flatMap((f) => (f.follower.kind === 'member' ? [f.follower.uid] : []));
    const sources =
      featurePosition(settings, 'follows') === 'premium' && members.length > 0
        ? await planSources(firestore, [...new Set(members)])
        : new Map<string, unknown>();
    return follows.map((f) =>
      canUseFeature(
        settings,
        'follows',
        f.follower.kind === 'member'
          ? { plan: (sources.get(f.follower.uid) ?? null) !== null ? 'premium' : 'free' }
          : null,
      ),
    );
  };
}
