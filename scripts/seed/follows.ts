// The demo's follows: the demo reader follows the demo author (instant alerts)
// and the demo publisher (weekly digest), a handful of approved members follow
// the demo author, and one confirmed email follower does too, so /account and
// the profiles' follower counts show the feature.
import { emailHash } from '../../src/data/server/shared/email-hash.ts';
import { emailFollowId, memberFollowId, type AlertMode } from '../../src/domain/follows/follows.ts';
import { daysAgo, type SeedDoc } from './context.ts';
import type { Member } from './members.ts';

/** Members who follow the demo author besides the demo reader. */
const AUTHOR_FANS = 5;

/** The follows documents, deterministic. */
export function generateFollows(members: readonly Member[]): SeedDoc[] {
  const follow = (author: string, uid: string, mode: AlertMode, days: number): SeedDoc => ({
    collection: 'follows',
    id: memberFollowId(author, uid),
    data: { author_uid: author, follower: { kind: 'member', uid }, mode, created_at: daysAgo(days) },
  });
  const fans = members
    .filter((m) => m.approval === 'approved' && m.active && !m.admin && m.uid.startsWith('member-'))
    .slice(0, AUTHOR_FANS);
  const email = 'bookworm.follower@example.com';
  return [
    follow('demo-author', 'demo-reader', 'instant', 30),
    follow('demo-publisher', 'demo-reader', 'weekly', 12),
    ...fans.map((m, i) => follow('demo-author', m.uid, i % 2 === 0 ? 'instant' : 'weekly', 40 + i)),
    {
      collection: 'follows',
      id: emailFollowId('demo-author', emailHash(email)),
      data: {
        author_uid: 'demo-author',
        follower: { kind: 'email', email },
        mode: 'instant',
        created_at: daysAgo(8),
      },
    },
  ];
}

/** follower_count as the followerCount trigger would compute it: the author's follows. */
export function followerCountOf(follows: readonly SeedDoc[], uid: string): number {
  return follows.filter((doc) => doc.data.author_uid === uid).length;
}
