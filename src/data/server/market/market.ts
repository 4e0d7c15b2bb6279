// The market (/classifieds) and the home page's marketplace block, read from
// the market index (market_listings, src/domain/market/market-entry.ts). A view is
// one indexed query planned by src/domain/market/market.ts, read a page at a time
// with a cursor (an entry id), plus one count() when the count is exact. The
// composite indexes are in firestore.indexes.json.
import type { Firestore, Query } from 'firebase-admin/firestore';
import { scanPage } from '../../../domain/books/book-listing.ts';
import {
  MARKET_COLLECTION,
  marketEntrySchema,
  type MarketEntry,
} from '../../../domain/market/market-entry.ts';
import {
  MARKET_COUNT_CAP,
  MARKET_MAX_SCAN,
  MARKET_PAGE_SIZE,
  MARKET_SCAN_BATCH,
  isExactPlan,
  matchesMarketResidual,
  planMarket,
  type MarketFilters,
  type MarketPlan,
  type MarketRequest,
} from '../../../domain/market/market.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { cursorBatches } from '../shared/cursor-pages.ts';
import { getDb } from '../shared/firestore.ts';
import { plannedQuery } from '../shared/planned-query.ts';
import { meterCount } from '../shared/read-meter.ts';

/** One page of the market. */
export interface MarketPage {
  /** The entries of this page, in the sort's order. */
  entries: MarketEntry[];
  /** Entry id for the 'Load more' link, when more may follow. */
  next?: string;
  /** Number of matching listings, or null when part of the filter runs in memory. */
  total: number | null;
  /** False when the `after` cursor named no entry (the first page is shown instead). */
  cursorFound: boolean;
}

function planQuery(plan: MarketPlan, db: Firestore): Query {
  return plannedQuery(db.collection(MARKET_COLLECTION), plan);
}

interface Scanned {
  id: string;
  entry: MarketEntry | null;
}

/**
 * One page of the market after the entry `after`. Costs the page's entries
 * (MARKET_PAGE_SIZE + 1, or at most MARKET_MAX_SCAN when a filter runs in
 * memory), one read for the cursor and one count() when exact: bounded by the
 * page size however many listings exist.
 */
export async function listMarket(
  filters: MarketFilters,
  after: string | undefined,
  db: Firestore = getDb(),
): Promise<MarketPage> {
  const plan = planMarket(filters);
  const query = planQuery(plan, db);
  const { cursorFound, fetchBatch } = await cursorBatches<Scanned>(
    db,
    MARKET_COLLECTION,
    query,
    after,
    // An entry lacking an ordered field (not yet backfilled) cannot start the query: the first page is shown.
    (cursor) => plan.orderBy.every(([field]) => cursor.get(field) !== undefined),
    (doc) => ({ id: doc.id, entry: tryParseDoc(marketEntrySchema, doc) }),
  );
  const exact = isExactPlan(plan);
  const options = exact
    ? { pageSize: MARKET_PAGE_SIZE, batchSize: MARKET_PAGE_SIZE + 1, maxScan: MARKET_PAGE_SIZE + 1 }
    : { pageSize: MARKET_PAGE_SIZE, batchSize: MARKET_SCAN_BATCH, maxScan: MARKET_MAX_SCAN };
  const accept = (item: Scanned) => item.entry !== null && matchesMarketResidual(item.entry, plan.residual);
  const [page, total] = await Promise.all([
    scanPage(fetchBatch, accept, options, cursorFound ? after : undefined),
    exact && !(after && cursorFound) ? countQuery(query) : Promise.resolve(null),
  ]);
  return {
    entries: page.items.map((item) => item.entry as MarketEntry),
    next: page.next,
    total,
    cursorFound,
  };
}

/**
 * The number of matches, counted up to MARKET_COUNT_CAP: a count() is billed one
 * read per 1,000 index entries it passes, so an uncapped count would make a view
 * cost more as the market grows. At the cap the page says "1000+ listings".
 */
async function countQuery(query: Query): Promise<number> {
  const count = (await query.limit(MARKET_COUNT_CAP).count().get()).data().count;
  meterCount(count);
  return count;
}

/** What the market page renders. */
export interface LoadedMarket {
  /** Filters in effect. */
  filters: MarketFilters;
  /** The page of listings. */
  page: MarketPage;
  /** Visible notes about ignored parameters. */
  notes: string[];
  /** True when this is a later page. */
  continued: boolean;
  /** True when the market could not be read ('Failed to load classified ads.'). */
  failed: boolean;
}

/** Loads the view a parsed request asks for; a read error is logged and shows the error state, never a 500. */
export async function loadMarket(request: MarketRequest, db: Firestore = getDb()): Promise<LoadedMarket> {
  const notes = [...request.notes];
  let page: MarketPage = { entries: [], total: 0, cursorFound: true };
  let failed = false;
  try {
    page = await listMarket(request.filters, request.after, db);
  } catch (error) {
    failed = true;
    console.error('Failed to load classified ads.', error);
  }
  if (!page.cursorFound) notes.push('That page link has expired, so the first page is shown.');
  return {
    filters: request.filters,
    page,
    notes,
    continued: request.after !== undefined && page.cursorFound,
    failed,
  };
}
