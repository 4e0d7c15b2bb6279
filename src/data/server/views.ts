// Counting views of products/services and classified ads (Admin SDK): the one
// module that writes `views_count`, and the one the analytics of later work
// reads from. The rule is in src/domain/views.ts: one view per visitor per item
// per UTC day, a visitor being the client address hashed with the day's salt,
// and a per-visitor request limit. Everything it keeps is in Firestore, so
// every server instance counts against the same marks and limits:
// - view_salts/{YYYY-MM-DD} = { salt, expires_at }: the day's random salt,
//   created by whichever instance needs it first;
// - view_visitors/{day}-{visitor} = { attempts, expires_at }: the visitor's
//   recent request times, for the per-minute limit;
// - view_marks/{day}-{visitor}-{collection}-{id} = { expires_at }: this visitor
//   has been counted for this item today.
// Firestore's TTL policy on `expires_at` removes them after two days
// (firestore.indexes.json). firestore.rules has no match for these
// collections, so no client can read or write them.
import { createHmac, randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { decideAttempt } from '../../domain/throttle.ts';
import {
  utcDay,
  VIEW_LIMITS_PER_CLIENT,
  viewMarkId,
  viewRecordExpiry,
  type ViewCollection,
} from '../../domain/views.ts';

export const VIEW_SALTS = 'view_salts';
export const VIEW_VISITORS = 'view_visitors';
export const VIEW_MARKS = 'view_marks';

/** What one request to count a view came to. */
export type CountOutcome = 'counted' | 'alreadyCounted' | 'notFound' | 'tooMany';

/** One request to count a view. */
export interface ViewRequest {
  collection: ViewCollection;
  id: string;
  /** The client's address, from src/security/client-address.ts. */
  clientAddress: string;
  /** The request's time (ms since epoch). */
  now: number;
}

/** The counter of one server instance: it caches the day's salt, and keeps everything else in Firestore. */
export interface ViewCounter {
  /** Counts one view, once per visitor per item per day, within the per-visitor limit. */
  count(request: ViewRequest): Promise<CountOutcome>;
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

/** A counter over `db`. Each server process makes one; any number of them share the marks and limits. */
export function createViewCounter(db: Firestore): ViewCounter {
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

  return {
    async count({ collection, id, clientAddress, now }) {
      const day = utcDay(now);
      const visitor = visitorId(await saltOf(day, now), clientAddress);
      const expires_at = Timestamp.fromDate(viewRecordExpiry(now));
      const itemRef = db.collection(collection).doc(id);
      const visitorRef = db.collection(VIEW_VISITORS).doc(`${day}-${visitor}`);
      const markRef = db.collection(VIEW_MARKS).doc(viewMarkId(day, visitor, collection, id));
      // One transaction: the limit, the mark and the count move together, so
      // concurrent requests from one visitor count at most once.
      return db.runTransaction(async (tx): Promise<CountOutcome> => {
        const [visitorDoc, markDoc, itemDoc] = await tx.getAll(visitorRef, markRef, itemRef);
        const decision = decideAttempt(
          storedAttempts(visitorDoc?.get('attempts')),
          now,
          VIEW_LIMITS_PER_CLIENT,
        );
        if (!decision.allowed) return 'tooMany';
        tx.set(visitorRef, { attempts: decision.attempts, expires_at });
        if (!itemDoc?.exists || itemDoc.get('is_active') !== true) return 'notFound';
        if (markDoc?.exists) return 'alreadyCounted';
        tx.create(markRef, { expires_at });
        tx.update(itemRef, { views_count: FieldValue.increment(1) });
        return 'counted';
      });
    },
  };
}
