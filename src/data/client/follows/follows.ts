/**
 * The signed-in member's follows (follows/{followId}, src/domain/follows/follows.ts):
 * read with the web SDK (the rules let a member read only their own), changed
 * only through the updateFollow callable.
 */
import { collection, doc, getDoc, getDocs, limit, query, where } from 'firebase/firestore/lite';
import type { CallOutcome } from '../shared/callable.ts';
import {
  FOLLOWS,
  followSchema,
  memberFollowId,
  type Follow,
  type FollowRequest,
  type FollowResult,
} from '../../../domain/follows/follows.ts';
import { reportInvalidDoc, toPlainData } from '../../firestore-convert.ts';
import { memberDb } from '../shared/firestore.ts';

/** At most this many follows are listed on /account. */
export const OWN_FOLLOWS_LIMIT = 200;

/** The member's follow of `authorUid`, or null when they do not follow them. */
export async function ownFollow(uid: string, authorUid: string): Promise<Follow | null> {
  const firestore = await memberDb();
  const snap = await getDoc(doc(firestore, FOLLOWS, memberFollowId(authorUid, uid)));
  return snap.exists() ? parseFollow(snap) : null;
}

/** A stored follow (its id is its name, not a field), or null when malformed (logged once). */
function parseFollow(snap: { ref: { path: string }; data(): unknown }): Follow | null {
  const parsed = followSchema.safeParse(toPlainData(snap.data()));
  if (parsed.success) return parsed.data;
  reportInvalidDoc(snap.ref.path, parsed.error.message);
  return null;
}

/** A follow as /account lists it: the follow with the author's name and page, when the author is public. */
export interface OwnFollow {
  follow: Follow;
  /** The author's display name and page slug; null when the author's profile is not public now. */
  author: { name: string; slug: string } | null;
}

/** The member's follows, newest first, each with its author's public name and page. */
export async function listOwnFollows(uid: string): Promise<OwnFollow[]> {
  const firestore = await memberDb();
  // Both filters: the rules allow only a query that can return nothing but the member's own follows.
  const snaps = await getDocs(
    query(
      collection(firestore, FOLLOWS),
      where('follower.kind', '==', 'member'),
      where('follower.uid', '==', uid),
      limit(OWN_FOLLOWS_LIMIT),
    ),
  );
  const follows = snaps.docs.flatMap((snap) => {
    const follow = parseFollow(snap);
    return follow ? [follow] : [];
  });
  follows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  return Promise.all(
    follows.map(async (follow) => {
      // A profile that is not public is refused by the rules: listed without a name, still unfollowable.
      const profile = await getDoc(doc(firestore, 'profiles', follow.author_uid)).catch(() => null);
      const name = profile?.get('display_name');
      const slug = profile?.get('page_slug');
      return {
        follow,
        author: typeof name === 'string' && typeof slug === 'string' ? { name, slug } : null,
      };
    }),
  );
}

/** Follows, changes the mode of, or unfollows an author (the updateFollow callable). */
export async function updateFollow(request: FollowRequest): Promise<CallOutcome<FollowResult>> {
  const { callFunction } = await import('../shared/callable.ts');
  return callFunction('updateFollow', request);
}
