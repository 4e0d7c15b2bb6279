/**
 * Open Library (openlibrary.org) as a catalogue source. It asks API users to send a
 * User-Agent that names the application and a contact, and to keep their request rate
 * low; it has no API key. Answers are validated by src/domain/catalogue/openlibrary-records.ts
 * and mapped by src/domain/catalogue/openlibrary-mapping.ts. What was fetched is cached
 * (by URL, and per ISBN for batch look-ups) for `cacheTtlMs`; an ISBN a batch did not
 * find is remembered as unknown for `missTtlMs`. Concurrent look-ups of the same URL
 * share one request. The defaults are for the real site: 3 requests a second, a 10 s
 * timeout, 3 retries from 500 ms, Retry-After waited up to 30 s.
 */
import type { z } from 'zod';
import type { CatalogueEditionHit, CatalogueWork } from '../../../../src/domain/catalogue/catalogue-work.ts';
import {
  isOlid,
  mapOlAuthor,
  mapOlBooksDetailsEntry,
  mapOlSearchDoc,
  mapOlWork,
  olidOf,
} from '../../../../src/domain/catalogue/openlibrary-mapping.ts';
import {
  olAuthorSchema,
  olBooksDetailsEntrySchema,
  olBooksDetailsSchema,
  olSearchSchema,
  olWorkEditionsSchema,
  olWorkSchema,
  type OlAuthor,
} from '../../../../src/domain/catalogue/openlibrary-records.ts';
import { parseIsbn } from '../../../../src/domain/books/isbn.ts';
import { memoryCache, type CatalogueCache } from '../cache.ts';
import { CatalogueError, isCatalogueError } from '../errors.ts';
import { getJson, type HttpOptions } from '../http.ts';
import { rateLimiter } from '../rate-limit.ts';
import type { CatalogueSource, CoverSize } from '../source.ts';

/** Open Library's batch look-up takes many bibkeys; we send at most this many per request. */
export const ISBN_BATCH_SIZE = 50;
/** The editions of a work fetched with it (Open Library's page size for /editions.json). */
export const WORK_EDITIONS_LIMIT = 50;
/** The fields a search asks for: what mapOlSearchDoc reads, nothing more. */
const SEARCH_FIELDS =
  'key,title,author_name,author_key,first_publish_year,edition_count,edition_key,isbn,cover_i';

export interface OpenLibrarySourceOptions {
  /** The API's origin, e.g. https://openlibrary.org (no trailing slash needed). */
  baseUrl: string;
  /** The covers service's origin, e.g. https://covers.openlibrary.org. */
  coversBaseUrl: string;
  /** "Shelfmark/1.0 (+https://site; contact)": who is asking, as Open Library asks. */
  userAgent: string;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** 3 by default (the real site); the local stand-in can take more. */
  requestsPerSecond?: number;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  maxRetryAfterMs?: number;
  cache?: CatalogueCache;
  cacheTtlMs?: number;
  missTtlMs?: number;
}

export const OPEN_LIBRARY_DEFAULTS = {
  requestsPerSecond: 3,
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  missTtlMs: 60 * 60 * 1000,
} as const;

/** The marker a batch look-up caches for an ISBN Open Library does not know. */
const MISSING = { missing: true } as const;

export function openLibrarySource(options: OpenLibrarySourceOptions): CatalogueSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const coversBase = options.coversBaseUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const settings = { ...OPEN_LIBRARY_DEFAULTS, ...definedOnly(options) };
  const http: HttpOptions = {
    fetch: options.fetch ?? globalThis.fetch,
    userAgent: options.userAgent,
    limiter: rateLimiter({ requestsPerSecond: settings.requestsPerSecond, now, sleep }),
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    maxRetryAfterMs: settings.maxRetryAfterMs,
    now,
    sleep,
  };
  const cache = forgiving(options.cache ?? memoryCache({ now }));
  const inFlight = new Map<string, Promise<unknown>>();

  /** The answer at `path`, from the cache when it holds it, else fetched once (shared by concurrent callers) and cached. */
  async function cachedGet<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const key = `openlibrary:${path}`;
    const cached = await cache.get(key);
    if (cached !== undefined) {
      const parsed = schema.safeParse(cached);
      if (parsed.success) return parsed.data;
    }
    let pending = inFlight.get(key) as Promise<z.infer<S>> | undefined;
    if (pending === undefined) {
      pending = getJson(`${base}${path}`, schema, http).then(async (value) => {
        await cache.set(key, value, settings.cacheTtlMs);
        return value;
      });
      inFlight.set(key, pending);
      pending.finally(() => inFlight.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  /** The author records of `keys` that exist; an author Open Library lacks is left out (the mapping keeps their id). */
  async function authorsOf(keys: readonly string[]): Promise<OlAuthor[]> {
    const found = await Promise.all(
      keys.map(async (key) => {
        const id = olidOf(key);
        if (id === null) return null;
        try {
          return await cachedGet(`/authors/${id}.json`, olAuthorSchema);
        } catch (error) {
          if (isCatalogueError(error, 'not-found')) return null;
          throw error;
        }
      }),
    );
    return found.filter((author) => author !== null);
  }

  function isbn13Of(isbn: string): string {
    const parsed = parseIsbn(isbn);
    if (!parsed.ok) throw new CatalogueError('not-found', `${isbn} is not an ISBN: ${parsed.message}`);
    return parsed.isbn13;
  }

  function idOf(id: string, kind: 'W' | 'A'): string {
    const olid = olidOf(id) ?? id;
    if (!isOlid(olid, kind))
      throw new CatalogueError(
        'not-found',
        `${id} is not an Open Library ${kind === 'W' ? 'work' : 'author'} id`,
      );
    return olid;
  }

  const api: CatalogueSource = {
    name: 'openlibrary',

    async search(query, { limit = 20 } = {}) {
      const q = query.trim();
      if (q === '') return [];
      const params = new URLSearchParams({
        q,
        limit: String(Math.max(1, Math.min(limit, 100))),
        fields: SEARCH_FIELDS,
      });
      const answer = await cachedGet(`/search.json?${params}`, olSearchSchema);
      return answer.docs.map(mapOlSearchDoc);
    },

    // One /api/books request (its details name the work and the authors), where /isbn/{isbn}.json
    // is a redirect and then a request per author: one round trip instead of three, and
    // the same cache entry as the import's batches.
    async byIsbn(isbn) {
      const isbn13 = isbn13Of(isbn);
      const hit = (await api.byIsbns([isbn13])).get(isbn13);
      if (!hit) throw new CatalogueError('not-found', `Open Library has no edition of ISBN ${isbn13}`);
      return hit;
    },

    async byIsbns(isbns) {
      const wanted = [
        ...new Set(isbns.map((isbn) => parseIsbn(isbn)).flatMap((p) => (p.ok ? [p.isbn13] : []))),
      ];
      const found = new Map<string, CatalogueEditionHit>();
      const toFetch: string[] = [];
      for (const isbn of wanted) {
        const cached = await cache.get(`openlibrary:isbn-details:${isbn}`);
        const entry = olBooksDetailsEntrySchema.safeParse(cached);
        if (entry.success) found.set(isbn, mapOlBooksDetailsEntry(entry.data));
        else if (cached === undefined || !isMissing(cached)) toFetch.push(isbn);
      }
      const batches: string[][] = [];
      for (let i = 0; i < toFetch.length; i += ISBN_BATCH_SIZE)
        batches.push(toFetch.slice(i, i + ISBN_BATCH_SIZE));
      await Promise.all(
        batches.map(async (batch) => {
          const params = new URLSearchParams({
            bibkeys: batch.map((isbn) => `ISBN:${isbn}`).join(','),
            format: 'json',
            // details, not data: the edition record names its work, so editions found together group into works.
            jscmd: 'details',
          });
          const answer = await getJson(`${base}/api/books?${params}`, olBooksDetailsSchema, http);
          for (const isbn of batch) {
            const entry = answer[`ISBN:${isbn}`];
            if (entry === undefined)
              await cache.set(`openlibrary:isbn-details:${isbn}`, MISSING, settings.missTtlMs);
            else {
              await cache.set(`openlibrary:isbn-details:${isbn}`, entry, settings.cacheTtlMs);
              found.set(isbn, mapOlBooksDetailsEntry(entry));
            }
          }
        }),
      );
      // In the order asked, whichever request answered.
      return new Map(wanted.flatMap((isbn) => (found.has(isbn) ? [[isbn, found.get(isbn)!] as const] : [])));
    },

    async work(id): Promise<CatalogueWork> {
      const olid = idOf(id, 'W');
      const [work, editions] = await Promise.all([
        cachedGet(`/works/${olid}.json`, olWorkSchema),
        cachedGet(`/works/${olid}/editions.json?limit=${WORK_EDITIONS_LIMIT}`, olWorkEditionsSchema),
      ]);
      const authors = await authorsOf((work.authors ?? []).map((role) => role.author.key));
      return mapOlWork(work, editions, authors);
    },

    async author(id) {
      return mapOlAuthor(await cachedGet(`/authors/${idOf(id, 'A')}.json`, olAuthorSchema));
    },

    coverUrl(coverId, size: CoverSize = 'M') {
      return `${coversBase}/b/id/${coverId}-${size}.jpg`;
    },
  };
  return api;
}

/**
 * The cache, with its failures taken as misses: a cache that cannot be read or written
 * (a Firestore cache during an outage) costs a request, never the look-up.
 */
function forgiving(cache: CatalogueCache): CatalogueCache {
  return {
    get: (key) => cache.get(key).catch(() => undefined),
    set: (key, value, ttlMs) => cache.set(key, value, ttlMs).catch(() => undefined),
  };
}

function isMissing(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { missing?: unknown }).missing === true;
}

/** The options given a value (an explicit undefined does not replace a default). */
function definedOnly(options: OpenLibrarySourceOptions) {
  const { requestsPerSecond, timeoutMs, retries, backoffMs, maxRetryAfterMs, cacheTtlMs, missTtlMs } =
    options;
  return Object.fromEntries(
    Object.entries({
      requestsPerSecond,
      timeoutMs,
      retries,
      backoffMs,
      maxRetryAfterMs,
      cacheTtlMs,
      missTtlMs,
    }).filter(([, value]) => value !== undefined),
  ) as Partial<typeof OPEN_LIBRARY_DEFAULTS>;
}
