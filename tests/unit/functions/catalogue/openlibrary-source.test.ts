// The Open Library connector against the local stand-in (port 0): search, ISBN-10 and
// ISBN-13 look-ups, batches of at most 50 ISBNs a request, works and authors in
// Shelfmark's shapes; and its manners and failures, read from the stand-in's request
// log: the User-Agent, the rate limit's spacing, the cache, retries with backoff and
// Retry-After, timeouts, and malformed answers as typed errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryCache } from '../../../../functions/src/catalogue/cache.ts';
import {
  ISBN_BATCH_SIZE,
  openLibrarySource,
  type OpenLibrarySourceOptions,
} from '../../../../functions/src/catalogue/connectors/openlibrary.ts';
import { CatalogueError } from '../../../../functions/src/catalogue/errors.ts';
import { isbn13sOf } from '../../../../src/domain/catalogue/openlibrary-mapping.ts';
import { loadSample } from '../../../../scripts/openlibrary-standin/catalogue.ts';
import {
  startOpenLibraryStandin,
  type LoggedRequest,
  type OpenLibraryStandin,
} from '../../../../scripts/openlibrary-standin/index.ts';

const USER_AGENT = 'Shelfmark/1.0 (+https://shelfmark.test; catalogue@shelfmark.test)';
const sample = loadSample();
let standin: OpenLibraryStandin;

beforeAll(async () => {
  standin = await startOpenLibraryStandin({ port: 0 });
});
afterAll(() => standin.close());
beforeEach(() => post('/_standin/reset', {}));

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${standin.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}
const fault = (kind: string, count: number, retryAfter?: number) =>
  post('/_standin/faults', { kind, count, retryAfter });

async function requestLog(): Promise<{
  total: number;
  counts: Record<string, number>;
  requests: LoggedRequest[];
}> {
  return (await fetch(`${standin.url}/_standin/requests`)).json();
}

/** A source on the stand-in, fast by default (tests that need the rate limit or backoff set them). */
function source(options: Partial<OpenLibrarySourceOptions> = {}) {
  return openLibrarySource({
    baseUrl: standin.url,
    coversBaseUrl: standin.coversUrl,
    userAgent: USER_AGENT,
    requestsPerSecond: 1000,
    backoffMs: 5,
    timeoutMs: 2000,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<CatalogueError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogueError);
  return error as CatalogueError;
}

describe('look-ups', () => {
  it('searches, sending its User-Agent', async () => {
    const hits = await source().search('pride and prejudice', { limit: 5 });
    expect(hits[0]).toMatchObject({
      source: 'openlibrary',
      sourceId: 'OL66554W',
      title: 'Pride and Prejudice',
      authors: [{ name: 'Jane Austen', sourceId: 'OL21594A' }],
      firstPublishYear: 1813,
      editionCount: 5,
    });
    expect(hits[0]!.isbn13).toContain('9780141439518');
    const log = await requestLog();
    expect(log.requests.map((r) => r.userAgent)).toEqual([USER_AGENT]);
    expect(log.requests[0]!.path).toContain('limit=5');
    expect(await source().search('   ')).toEqual([]);
  });

  it('finds an edition by ISBN-10 (hyphenated) and by ISBN-13, with its work and named authors', async () => {
    const ol = source();
    const byTen = await ol.byIsbn('0-14-143951-3');
    const byThirteen = await ol.byIsbn('9780141439518');
    expect(byTen).toEqual(byThirteen);
    expect(byTen).toMatchObject({
      workId: 'OL66554W',
      title: 'Pride and Prejudice',
      authors: [{ name: 'Jane Austen', sourceId: 'OL21594A' }],
      edition: { isbn13: ['9780141439518'], publisher: 'Penguin Classics', pages: 480, language: 'eng' },
    });
  });

  it('gives an edition that has only an ISBN-10 its ISBN-13', async () => {
    const edition = sample.editions.find((e) => e.isbn_10 && !e.isbn_13)!;
    const hit = await source().byIsbn(edition.isbn_10![0]!);
    expect(hit.edition.isbn13).toEqual(isbn13sOf(edition.isbn_10!));
    expect(hit.edition.isbn13[0]).toMatch(/^978\d{10}$/);
  });

  it('says not-found for an unknown ISBN, and for a mistyped one without asking', async () => {
    const ol = source();
    expect((await failure(ol.byIsbn('9780000000002'))).kind).toBe('not-found');
    expect((await failure(ol.byIsbn('9780141439519'))).kind).toBe('not-found');
    expect((await requestLog()).total).toBe(1);
  });

  it('looks up many ISBNs in one request per 50, keyed by ISBN-13, leaving unknown ones out', async () => {
    const known = sample.editions.flatMap((e) =>
      isbn13sOf([...(e.isbn_13 ?? []), ...(e.isbn_10 ?? [])]).slice(0, 1),
    );
    expect(known.length).toBeGreaterThan(100);
    const asked = [...known.slice(0, 100), '9780000000002', '0-14-143951-3', 'not an isbn'];
    const found = await source().byIsbns(asked);
    expect(found.size).toBe(100);
    expect([...found.keys()]).toEqual(known.slice(0, 100));
    expect(found.get('9780141439518')).toMatchObject({
      workId: 'OL66554W',
      title: 'Pride and Prejudice',
      authors: [{ name: 'Jane Austen' }],
    });
    const log = await requestLog();
    // 101 distinct valid ISBNs (the hyphenated ISBN-10 is one of the 100): three requests.
    expect(log.counts).toEqual({ 'api-books': 3 });
    for (const request of log.requests) {
      const bibkeys = new URL(request.path, standin.url).searchParams.get('bibkeys')!.split(',');
      expect(bibkeys.length).toBeLessThanOrEqual(ISBN_BATCH_SIZE);
      expect(bibkeys.every((key) => /^ISBN:97[89]\d{10}$/.test(key))).toBe(true);
    }
  });

  it('answers a second batch from its cache, the unknown ISBNs too', async () => {
    const ol = source();
    const isbns = ['9780141439518', '9780142437247', '9780000000002'];
    await ol.byIsbns(isbns);
    expect((await ol.byIsbns(isbns)).size).toBe(2);
    expect((await requestLog()).counts).toEqual({ 'api-books': 1 });
  });

  it('fetches a work with its editions and every author’s name', async () => {
    const seed = sample.works.find((w) => w.title === 'The Federalist Papers')!;
    const work = await source().work(seed.key.split('/').pop()!);
    expect(work.authors.map((a) => a.name)).toEqual(['Alexander Hamilton', 'James Madison', 'John Jay']);
    expect(work.editions.length).toBe(sample.editions.filter((e) => e.works?.[0]?.key === seed.key).length);
    const described = sample.works.find((w) => typeof w.description === 'object')!;
    expect((await source().work(described.key)).description).toBe(
      (described.description as { value: string }).value,
    );
    expect((await failure(source().work('OL1W'))).kind).toBe('not-found');
    expect((await failure(source().work('not-an-id'))).kind).toBe('not-found');
  });

  it('fetches an author, and gives cover URLs the covers service serves', async () => {
    const ol = source();
    expect(await ol.author('OL21594A')).toEqual({
      source: 'openlibrary',
      sourceId: 'OL21594A',
      name: 'Jane Austen',
      bio: 'English novelist known for her six major novels.',
    });
    const hit = await ol.byIsbn('9780141439518');
    const url = ol.coverUrl(hit.edition.coverId!, 'S');
    expect(url).toBe(`${standin.coversUrl}/b/id/${hit.edition.coverId}-S.jpg`);
    const cover = await fetch(url);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('manners and failures', () => {
  it('answers a second look-up from its cache, and asks again once the entry expired', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const ol = source({ now, cache: memoryCache({ now }), cacheTtlMs: 60_000 });
    await ol.work('OL66554W');
    const first = (await requestLog()).total;
    expect(first).toBe(3); // the work, its editions, its author
    await ol.work('OL66554W');
    await ol.author('OL21594A');
    expect((await requestLog()).total).toBe(first);
    clock += 60_001;
    await ol.author('OL21594A');
    expect((await requestLog()).total).toBe(first + 1);
  });

  it('looks up without its cache when the cache fails', async () => {
    const broken = {
      get: () => Promise.reject(new Error('cache down')),
      set: () => Promise.reject(new Error('cache down')),
    };
    const ol = source({ cache: broken });
    expect((await ol.author('OL21594A')).name).toBe('Jane Austen');
    expect((await ol.byIsbns(['9780141439518'])).size).toBe(1);
  });

  it('shares one request between concurrent look-ups of the same record', async () => {
    const ol = source();
    await Promise.all([ol.author('OL21594A'), ol.author('OL21594A'), ol.author('OL21594A')]);
    expect((await requestLog()).counts).toEqual({ authors: 1 });
  });

  it('spaces requests by its rate limit', async () => {
    // When each request is sent, by the clock the limiter reads.
    const sent: number[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(Date.now());
      return fetch(input, init);
    };
    const ol = source({ requestsPerSecond: 10, fetch: recording });
    await Promise.all(['emma', 'persuasion', 'middlemarch', 'dracula', 'ulysses'].map((q) => ol.search(q)));
    expect((await requestLog()).counts).toEqual({ search: 5 });
    // 10 a second: the nth starts no sooner than n × 100 ms after the first (a timer never
    // fires early; a loaded machine can only make a start later).
    expect(sent).toHaveLength(5);
    for (let i = 1; i < sent.length; i += 1) expect(sent[i]! - sent[0]!).toBeGreaterThanOrEqual(i * 100 - 2);
  });

  it('retries a 500 and succeeds; gives up as unavailable after its retries', async () => {
    await fault('500', 2);
    expect((await source({ retries: 2 }).author('OL21594A')).name).toBe('Jane Austen');
    expect((await requestLog()).total).toBe(3);
    await post('/_standin/reset', {});
    await fault('500', 3);
    const error = await failure(source({ retries: 2 }).author('OL21594A'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
    expect((await requestLog()).total).toBe(3);
  });

  it('backs off exponentially between retries', async () => {
    await fault('500', 3);
    const started = performance.now();
    await source({ retries: 3, backoffMs: 50 }).author('OL21594A');
    // 50 + 100 + 200 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(340);
  });

  it('waits as long as a 429’s Retry-After asks before trying again', async () => {
    await fault('429', 1, 1);
    const started = performance.now();
    expect((await source({ backoffMs: 5 }).author('OL21594A')).name).toBe('Jane Austen');
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    const [first, second] = (await requestLog()).requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it('does not wait for a Retry-After longer than it keeps a caller waiting', async () => {
    await fault('429', 1, 120);
    const error = await failure(source({ maxRetryAfterMs: 30_000 }).author('OL21594A'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 429 });
    expect((await requestLog()).total).toBe(1);
  });

  it('times out each try, retries, and says timed-out when every try did', async () => {
    await fault('timeout', 3);
    const error = await failure(source({ timeoutMs: 150, retries: 2 }).author('OL21594A'));
    expect(error.kind).toBe('timed-out');
    expect((await requestLog()).total).toBe(3);
  });

  it('succeeds when a try after a time-out is answered', async () => {
    await fault('timeout', 1);
    expect((await source({ timeoutMs: 1000 }).byIsbn('9780142437247')).title).toBe('Moby-Dick');
  });

  it('says malformed for an answer that is not JSON, without retrying', async () => {
    await fault('garbage', 1);
    const error = await failure(source().search('emma'));
    expect(error.kind).toBe('malformed');
    expect((await requestLog()).total).toBe(1);
  });

  it('says malformed for JSON of the wrong shape', async () => {
    const wrong: typeof fetch = async () => Response.json({ numFound: 'many', docs: {} });
    expect((await failure(source({ fetch: wrong }).search('emma'))).kind).toBe('malformed');
  });

  it('says unavailable when the source cannot be reached', async () => {
    const closed = await startOpenLibraryStandin({ port: 0 });
    await closed.close();
    const ol = openLibrarySource({
      baseUrl: closed.url,
      coversBaseUrl: closed.coversUrl,
      userAgent: USER_AGENT,
      retries: 1,
      backoffMs: 1,
    });
    expect((await failure(ol.author('OL21594A'))).kind).toBe('unavailable');
  });
});
