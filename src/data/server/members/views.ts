// Counting views of member pages (profiles, books, products/services, classified
// ads) and clicks on books' purchase links (Admin SDK): the one module that
// writes `views_count` and the members' analytics (member_stats, see
// src/domain/members/member-stats.ts). The rule is in src/domain/items/views.ts: one view per visitor per item
// per UTC day, a visitor being the client address hashed with the day's salt,
// and a per-visitor request limit. Everything it keeps is in Firestore, so
// every server instance counts against the same marks and limits:
// - view_salts/{YYYY-MM-DD} = { salt, expires_at }: the day's random salt,
//   created by whichever instance needs it first;
// - view_visitors/{day}-{visitor} = { attempts, expires_at }: the visitor's
//   recent request times, for the per-minute limit;
// - view_marks/{day}-{visitor}-{collection}-{id} = { expires_at }: this visitor
//   has been counted for this item today.
// - view_marks/{day}-{visitor}-click-{bookId}-{index}: likewise for a click on
//   a purchase link.
// Firestore's TTL policy on `expires_at` removes them after two days
// (firestore.indexes.json). firestore.rules has no match for these
// collections, so no client can read or write them.
//
// No document is hot: the per-view transaction touches only the visitor's own
// documents (limit and mark); the counted view's increments of the item's
// `views_count` and of the owner's day document go through a write-behind
// buffer (write-behind.ts) that writes each document at most once a second per
// server process, and the request is answered once the write carrying its
// increment is stored. Requests from bots (a maintained User-Agent list, the
// `isbot` package) get the same answer and write nothing.
import { createHmac, randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { isbot } from 'isbot';
import { purchaseLinkTarget, type BookLink } from '../../../domain/books/book-links.ts';
import {
  clickPatch,
  MEMBER_STATS,
  MEMBER_STATS_DAYS,
  viewPatch,
} from '../../../domain/members/member-stats.ts';
import type { DayPatch } from '../../../domain/shared/patch.ts';
import { decideAttempt } from '../../../domain/shared/throttle.ts';
import {
  clickMarkId,
  countedItem,
  viewNeedsOwner,
  keepsViewsCount,
  utcDay,
  VIEW_LIMITS_PER_CLIENT,
  viewMarkId,
  viewRecordExpiry,
  type ViewCollection,
} from '../../../domain/items/views.ts';
import { createWriteBehind, type WriteBehind } from '../shared/write-behind.ts';

export const VIEW_SALTS = 'view_salts';
export const VIEW_VISITORS = 'view_visitors';
export const VIEW_MARKS = 'view_marks';

/** What one request to count a view came to. 'bot' is answered as a count and writes nothing. */
export type CountOutcome = 'counted' | 'alreadyCounted' | 'notFound' | 'tooMany' | 'bot';

/** Who sent a request, as the counter sees it. */
interface Visit {
  /** The client's address, from src/security/client-address.ts. */
  clientAddress: string;
  /** The request's User-Agent header (null when absent). */
  userAgent: string | null;
  /** The request's time (ms since epoch). */
  now: number;
}

/** One request to count a view. */
export interface ViewRequest extends Visit {
  collection: ViewCollection;
  id: string;
}

/** One click on link `index` of book `bookId` (/go/{bookId}/{index}). */
export interface ClickRequest extends Visit {
  bookId: string;
  index: string;
}

/** Where a click goes, and whether it was counted. */
export interface ClickOutcome {
  /** The saved link to send the reader to; null when the book is not public or has no such link. */
  target: BookLink | null;
  /** 'counted', 'alreadyCounted', 'tooMany', 'bot', 'failed' (logged), or 'notFound' with no target. */
  counted: CountOutcome | 'failed';
}

/** The counter of one server instance: it caches the day's salt and buffers the counters' writes; marks and limits are in Firestore. */
export interface ViewCounter {
  /** Counts one view, once per visitor per item per day, within the per-visitor limit. */
  count(request: ViewRequest): Promise<CountOutcome>;
  /** Finds where a purchase-link click goes and counts it, once per visitor per link per day. */
  click(request: ClickRequest): Promise<ClickOutcome>;
}

/**
 * Whether a request comes from a crawler or other bot, by its User-Agent
 * (isbot's maintained list). A missing header counts as a bot: every browser sends one.
 */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

/** A visitor's id for the day: an HMAC of the address under the day's salt (32 hex characters). */
export function visitorId(salt: Buffer, clientAddress: string): string {
  return createHmac('sha256', salt).update(clientAddress).digest('hex').slice(0, 32);
}

/** The day's salt: read, or created (32 random bytes) when this is the day's first view anywhere. */
async function loadDaySalt(db: Firestore, day: string, now: number): Promise<Buffer> {
  const ref = db.collection(VIEW_SALTS).doc(day);
  return db.runTransaction(async (tx) => {
    const stored: unknown = (await tx.get(ref)).get('salt');
    if (typeof stored === 'string' && stored !== '') return Buffer.from(stored, 'base64');
    const salt = randomBytes(32);
    tx.create(ref, { salt: salt.toString('base64'), expires_at: Timestamp.fromDate(viewRecordExpiry(now)) });
    return salt;
  });
}

function storedAttempts(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((time): time is number => typeof time === 'number') : [];
}

/** A patch as Firestore writes it: numbers become increments, strings stay, maps recurse. */
function firestorePatch(patch: DayPatch): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(patch).map(([field, value]) => [
      field,
      typeof value === 'number'
        ? FieldValue.increment(value)
        : typeof value === 'string'
          ? value
          : firestorePatch(value),
    ]),
  );
}

/** gRPC status NOT_FOUND, raised by update() on a missing document. */
const NOT_FOUND = 5;

/** The path of a member's day document. */
export function statsDayPath(uid: string, day: string): string {
  return `${MEMBER_STATS}/${uid}/${MEMBER_STATS_DAYS}/${day}`;
}

/**
 * A counter over `db`. Each server process makes one; any number of them share
 * the marks and limits. `buffer` is the write-behind of the counters (one a
 * second per document unless given).
 */
export function createViewCounter(db: Firestore, buffer: WriteBehind = createWriteBehind()): ViewCounter {
  const salts = new Map<string, Promise<Buffer>>();
  const saltOf = (day: string, now: number): Promise<Buffer> => {
    let salt = salts.get(day);
    if (!salt) {
      // Only today's (and at midnight yesterday's) salt is ever needed.
      for (const old of salts.keys()) if (old < day) salts.delete(old);
      salt = loadDaySalt(db, day, now);
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    return salt;
  };

  // An item may be deleted between the view and the write: its count goes with it.
  const addToViewsCount = async (path: string, patch: DayPatch) => {
    try {
      await db.doc(path).update(firestorePatch(patch));
    } catch (error) {
      if ((error as { code?: unknown }).code !== NOT_FOUND) throw error;
    }
  };
  const addToDay = async (path: string, patch: DayPatch) => {
    await db.doc(path).set(firestorePatch(patch), { merge: true });
  };

  /**
   * The per-visitor transaction: the limit, then (when `countable`) the mark.
   * One transaction, so concurrent requests from one visitor count at most once.
   */
  async function mark(visit: Visit, markOf: (day: string, visitor: string) => string, countable: boolean) {
    const day = utcDay(visit.now);
    const visitor = visitorId(await saltOf(day, visit.now), visit.clientAddress);
    const expires_at = Timestamp.fromDate(viewRecordExpiry(visit.now));
    const visitorRef = db.collection(VIEW_VISITORS).doc(`${day}-${visitor}`);
    const markRef = db.collection(VIEW_MARKS).doc(markOf(day, visitor));
    const outcome = await db.runTransaction(async (tx): Promise<CountOutcome> => {
      const [visitorDoc, markDoc] = await tx.getAll(visitorRef, markRef);
      const decision = decideAttempt(
        storedAttempts(visitorDoc?.get('attempts')),
        visit.now,
        VIEW_LIMITS_PER_CLIENT,
      );
      if (!decision.allowed) return 'tooMany';
      tx.set(visitorRef, { attempts: decision.attempts, expires_at });
      if (!countable) return 'notFound';
      if (markDoc?.exists) return 'alreadyCounted';
      tx.create(markRef, { expires_at });
      return 'counted';
    });
    return { outcome, day };
  }

  return {
    async count(request) {
      if (isBotAgent(request.userAgent)) return 'bot';
      const { collection, id } = request;
      // The item is read outside the transaction: whether it counts needs no
      // lock, and a lock on a page many people open would serialise them.
      const data = (await db.collection(collection).doc(id).get()).data();
      // A product's or ad's owner is read as well (one more read): an item of a member
      // who is not public has a 404 page, so its views do not count.
      const ownerUid = viewNeedsOwner(collection) ? data?.user_id : undefined;
      const owner =
        typeof ownerUid === 'string' && ownerUid !== ''
          ? (await db.collection('profiles').doc(ownerUid).get()).data()
          : undefined;
      const item = countedItem(collection, id, data, owner);
      const { outcome, day } = await mark(
        request,
        (day, visitor) => viewMarkId(day, visitor, collection, id),
        !!item,
      );
      if (outcome !== 'counted' || !item) return outcome;
      await Promise.all([
        keepsViewsCount(collection)
          ? buffer.add(`${collection}/${id}`, { views_count: 1 }, addToViewsCount)
          : undefined,
        buffer.add(statsDayPath(item.owner, day), viewPatch(day, collection, id, item.title), addToDay),
      ]);
      return 'counted';
    },

    async click(request) {
      const { bookId, index } = request;
      const data = (await db.collection('books').doc(bookId).get()).data();
      const book = countedItem('books', bookId, data);
      const target = book ? purchaseLinkTarget(data, index) : null;
      if (!book || !target) return { target: null, counted: 'notFound' };
      if (isBotAgent(request.userAgent)) return { target, counted: 'bot' };
      const position = Number(index);
      // A click that cannot be counted still sends the reader to the shop.
      try {
        const { outcome, day } = await mark(
          request,
          (day, visitor) => clickMarkId(day, visitor, bookId, position),
          true,
        );
        if (outcome === 'counted')
          await buffer.add(
            statsDayPath(book.owner, day),
            clickPatch(day, bookId, book.title, position, target.label),
            addToDay,
          );
        return { target, counted: outcome };
      } catch (error) {
        console.error(`A click on link ${position} of book ${bookId} could not be counted:`, error);
        return { target, counted: 'failed' };
      }
    },
  };
}

let shared: ViewCounter | undefined;

/**
 * The counter of this server process, shared by the view endpoint and /go, so
 * one write-behind buffer spaces every write to a member's day document.
 */
export function sharedViewCounter(db: Firestore): ViewCounter {
  shared ??= createViewCounter(db);
  return shared;
}
