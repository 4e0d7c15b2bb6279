// The community's count of books finished in a year (src/domain/shelves/reading.ts),
// for the home page's Reading Challenges card, read at build time: one query of
// the year's shards (at most READING_STATS_SHARDS documents), summed. The reading
// functions keep the shards; nothing here scans read-throughs.
import type { Firestore } from 'firebase-admin/firestore';
import { READING_STATS, readingStatsSchema } from '../../../domain/shelves/reading.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

/** Read-throughs finished in `year` by the whole community (0 when none, never below). */
export async function getCommunityFinished(year: number, db: Firestore = getDb()): Promise<number> {
  const snap = await db.collection(READING_STATS).where('year', '==', year).get();
  meterQuery(snap);
  const sum = parseDocs(readingStatsSchema, snap.docs).reduce((total, shard) => total + shard.finished, 0);
  return Math.max(0, sum);
}
