// Counts the Firestore document reads a server render costs, so `npm run bench`
// can report reads per page view (Firestore bills per document read). Every
// repository function reports what it read through `meter*`; src/middleware.ts
// opens one meter per request and, when READ_METER=1, returns the total in the
// X-Firestore-Reads response header. Pre-rendered pages cost nothing per view.
import { AsyncLocalStorage } from 'node:async_hooks';

interface Meter {
  reads: number;
}

const storage = new AsyncLocalStorage<Meter>();

/** Runs `fn` with a fresh meter and returns its result and the reads it cost. */
export async function withReadMeter<T>(fn: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const meter: Meter = { reads: 0 };
  const result = await storage.run(meter, fn);
  return { result, reads: meter.reads };
}

/** Records `count` document reads against the current request (no-op outside one). */
export function meterReads(count: number): void {
  const meter = storage.getStore();
  if (meter) meter.reads += count;
}

/** Records a query: Firestore bills one read per returned document, and at least one per query. */
export function meterQuery(snapshot: { size: number }): void {
  meterReads(Math.max(1, snapshot.size));
}

/** Records an aggregation (count()): one read per started batch of 1000 index entries. */
export function meterCount(count: number): void {
  meterReads(Math.max(1, Math.ceil(count / 1000)));
}
