// The follow triggers: on each follow made or ended, recount the author's followers
// (functions/src/follows/follower-count.ts) and count the change in the author's
// analytics day (member_stats/{uid}/days, src/domain/members/member-stats.ts), once per
// event. They compose the follows' count with the members' analytics, so they sit with
// the analytics. member_stats has no client access at all.
import { onDocumentCreated, onDocumentDeleted } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { FOLLOWS } from '../../../src/domain/follows/follows';
import {
  MEMBER_STATS,
  MEMBER_STATS_DAYS,
  MEMBER_STATS_FOLLOW_EVENTS,
  followPatch,
} from '../../../src/domain/members/member-stats';
import { db, readAll } from '../shared/firestore';
import { recountFollowers } from '../follows/follower-count';

/**
 * How long a counted follow event's mark is kept (a TTL policy on expires_at removes
 * it): far longer than Cloud Functions retries an event (7 days at most).
 */
export const FOLLOW_EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Adds one follow made (`follow`) or ended (`unfollow`) to the author's analytics day
 * of `at` (UTC), once per event: the event's id is marked in the same transaction,
 * so a redelivered event (the same id) adds nothing. Only the counts are kept,
 * never who followed. Returns false when the event was already counted or the
 * author's profile is gone.
 */
export async function countFollowChange(
  firestore: Firestore,
  authorUid: string,
  change: 'follow' | 'unfollow',
  eventId: string,
  at: Date,
): Promise<boolean> {
  const stats = firestore.collection(MEMBER_STATS).doc(authorUid);
  const mark = stats.collection(MEMBER_STATS_FOLLOW_EVENTS).doc(eventId);
  const day = at.toISOString().slice(0, 10);
  const dayRef = stats.collection(MEMBER_STATS_DAYS).doc(day);
  const profileRef = firestore.collection('profiles').doc(authorUid);
  return firestore.runTransaction(async (tx) => {
    const [marked, profile] = await readAll(tx, mark, profileRef);
    // An author whose account is gone (their follows are deleted with it) gets no figures back.
    if (marked.exists || !profile.exists) return false;
    tx.create(mark, {
      change,
      day,
      expires_at: Timestamp.fromMillis(at.getTime() + FOLLOW_EVENT_MEMORY_MS),
    });
    const patch = followPatch(day, change);
    tx.set(
      dayRef,
      Object.fromEntries(
        Object.entries(patch).map(([field, value]) => [
          field,
          typeof value === 'number' ? FieldValue.increment(value) : value,
        ]),
      ),
      { merge: true },
    );
    return true;
  });
}

/** A follow event as the handlers below need it. */
interface FollowEvent {
  id: string;
  time: string;
  params: { followId: string };
}

/**
 * Recounts the followers of the author a created or deleted follow names, and
 * counts the change in the author's analytics day.
 */
async function followChanged(
  authorUid: unknown,
  change: 'follow' | 'unfollow',
  event: FollowEvent,
): Promise<void> {
  if (typeof authorUid !== 'string' || authorUid === '') return;
  const firestore = db();
  const [count, counted] = await Promise.all([
    recountFollowers(firestore, authorUid),
    countFollowChange(firestore, authorUid, change, event.id, new Date(event.time)),
  ]);
  logger.debug('follower_count', {
    author: authorUid,
    count,
    counted,
    change,
    follow: event.params.followId,
  });
}

// Created and deleted, never written: the count changes only when a follow comes or
// goes, and a follow is updated often for nothing the count cares about (its mode, the
// daily alert cap's last_alert, books waiting for the digest), which would otherwise
// wake a function each time.
/** On every follow created: recount the author's followers and count a new follower that day. */
export const followerCountOnCreate = onDocumentCreated(`${FOLLOWS}/{followId}`, (event) =>
  followChanged(event.data?.get('author_uid'), 'follow', event),
);

/** On every follow deleted: recount the author's followers and count an unfollow that day. */
export const followerCountOnDelete = onDocumentDeleted(`${FOLLOWS}/{followId}`, (event) =>
  followChanged(event.data?.get('author_uid'), 'unfollow', event),
);
