// The Open Library stand-in answers Open Library's URLs in its shapes: every route's JSON
// passes the schema the connector validates it with (src/domain/catalogue/openlibrary-records.ts),
// unknown records are 404 as on openlibrary.org, covers are real JPEGs (a blank image or 404
// for a missing one, as `default=false` asks), and the /_standin controls inject latency and
// faults and count requests per route. Its bundled sample holds what tests need to find.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseIsbn } from '../../../src/domain/books/isbn.ts';
import {
  olAuthorSchema,
  olBooksDataSchema,
  olBooksDetailsSchema,
  olEditionSchema,
  olSearchSchema,
  olWorkEditionsSchema,
  olWorkSchema,
} from '../../../src/domain/catalogue/openlibrary-records.ts';
import { loadSample } from '../../../scripts/openlibrary-standin/catalogue.ts';
import { sampleText } from '../../../scripts/openlibrary-standin/generate-sample.ts';
import {
  startOpenLibraryStandin,
  type OpenLibraryStandin,
} from '../../../scripts/openlibrary-standin/index.ts';

const sample = loadSample();
let standin: OpenLibraryStandin;
const logged: string[] = [];

beforeAll(async () => {
  standin = await startOpenLibraryStandin({ port: 0, log: (line) => logged.push(line) });
});
afterAll(() => standin.close());
beforeEach(() => control('/_standin/reset'));

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${standin.url}${path}`, {
    method: body === undefined && path !== '/_standin/reset' ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function json(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${standin.url}${path}`);
  return { status: response.status, body: await response.json() };
}

const isJpeg = (bytes: Uint8Array) =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

describe('the bundled sample', () => {
  it('stays small and holds what the tests and the e2e search need', () => {
    expect(
      statSync(join(import.meta.dirname, '../../../scripts/openlibrary-standin/sample.json')).size,
    ).toBeLessThan(300_000);
    expect(sample.works.length + sample.editions.length + sample.authors.length).toBeGreaterThan(250);
    const titles = sample.works.map((work) => work.title);
    for (const title of [
      'Pride and Prejudice',
      'Moby-Dick',
      'Middlemarch',
      '吾輩は猫である',
      'Οδύσσεια',
      'Война и мир',
      'بين القصرين',
    ])
      expect(titles).toContain(title);
    const editions = sample.editions;
    expect(editions.some((e) => e.isbn_10 && !e.isbn_13)).toBe(true);
    expect(editions.some((e) => e.isbn_13 && !e.isbn_10)).toBe(true);
    expect(editions.some((e) => !e.isbn_10 && !e.isbn_13)).toBe(true);
    expect(editions.some((e) => !e.covers)).toBe(true);
    expect(sample.works.some((w) => (w.authors?.length ?? 0) > 1)).toBe(true);
    expect(sample.works.some((w) => typeof w.description === 'string')).toBe(true);
    expect(sample.works.some((w) => typeof w.description === 'object')).toBe(true);
    const editionsPerWork = new Map<string, number>();
    for (const e of editions)
      editionsPerWork.set(e.works![0]!.key, (editionsPerWork.get(e.works![0]!.key) ?? 0) + 1);
    expect(Math.max(...editionsPerWork.values())).toBeGreaterThan(3);
  });

  it('carries only ISBNs with valid check digits, each on one edition', () => {
    const isbns = sample.editions.flatMap((e) => [...(e.isbn_10 ?? []), ...(e.isbn_13 ?? [])]);
    expect(isbns.filter((isbn) => !parseIsbn(isbn).ok)).toEqual([]);
    const thirteens = sample.editions.flatMap((e) => [
      ...new Set(
        [...(e.isbn_10 ?? []), ...(e.isbn_13 ?? [])].map(
          (isbn) => (parseIsbn(isbn) as { isbn13: string }).isbn13,
        ),
      ),
    ]);
    expect(new Set(thirteens).size).toBe(thirteens.length);
  });
});

describe('the API routes, in Open Library’s shapes', () => {
  it('searches by q, title, author and isbn, with limit, page and fields', async () => {
    const q = await json('/search.json?q=pride+and+prejudice');
    expect(q.status).toBe(200);
    const found = olSearchSchema.parse(q.body);
    expect(found.docs[0]).toMatchObject({
      key: '/works/OL66554W',
      title: 'Pride and Prejudice',
      author_name: ['Jane Austen'],
    });
    expect(found.docs[0]!.isbn).toContain('9780141439518');

    expect(
      olSearchSchema.parse((await json('/search.json?title=moby-dick')).body).docs.map((d) => d.title),
    ).toEqual(['Moby-Dick']);
    expect(olSearchSchema.parse((await json('/search.json?q=Les+Miserables')).body).numFound).toBe(1);
    expect(
      olSearchSchema.parse((await json(`/search.json?title=${encodeURIComponent('吾輩は猫である')}`)).body)
        .numFound,
    ).toBe(1);
    expect(olSearchSchema.parse((await json('/search.json?isbn=0141439548')).body).docs[0]!.title).toBe(
      'Middlemarch',
    );

    const austen = olSearchSchema.parse((await json('/search.json?author=austen&limit=2&page=2')).body);
    expect(austen).toMatchObject({ numFound: 4, start: 2 });
    expect(austen.docs).toHaveLength(2);

    const narrow = (await json('/search.json?q=middlemarch&fields=key,title')).body as { docs: object[] };
    expect(Object.keys(narrow.docs[0]!).sort()).toEqual(['key', 'title']);
    expect(olSearchSchema.parse((await json('/search.json?q=zzzunknownzzz')).body)).toMatchObject({
      numFound: 0,
      docs: [],
    });
  });

  it('finds an edition by ISBN-10 or ISBN-13 through the redirect to /books, and 404s an unknown one', async () => {
    const byTen = await json('/isbn/0141439513.json');
    const byThirteen = await json('/isbn/9780141439518.json');
    expect(byTen.status).toBe(200);
    expect(olEditionSchema.parse(byTen.body)).toEqual(olEditionSchema.parse(byThirteen.body));
    const redirect = await fetch(`${standin.url}/isbn/9780141439518.json`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(/\/books\/OL\d+M\.json$/);
    expect(await json('/isbn/9780000000002.json')).toEqual({
      status: 404,
      body: { error: 'notfound', key: '/isbn/9780000000002' },
    });
  });

  it('answers editions, works (descriptions of both shapes), a work’s editions and authors; 404 for unknown ids', async () => {
    for (const edition of sample.editions.slice(0, 20))
      expect(olEditionSchema.safeParse((await json(`${edition.key}.json`)).body).success).toBe(true);
    for (const work of sample.works) {
      const answer = await json(`${work.key}.json`);
      expect(olWorkSchema.safeParse(answer.body).success).toBe(true);
      const editions = olWorkEditionsSchema.parse((await json(`${work.key}/editions.json`)).body);
      expect(editions.entries.every((entry) => entry.works?.[0]?.key === work.key)).toBe(true);
      expect(editions.size).toBe(editions.entries.length);
    }
    for (const author of sample.authors)
      expect(olAuthorSchema.safeParse((await json(`${author.key}.json`)).body).success).toBe(true);
    const paged = olWorkEditionsSchema.parse(
      (await json('/works/OL66554W/editions.json?limit=2&offset=2')).body,
    );
    expect(paged).toMatchObject({
      size: 5,
      links: { next: '/works/OL66554W/editions.json?limit=2&offset=4' },
    });
    expect(paged.entries).toHaveLength(2);
    for (const path of [
      '/books/OL1M.json',
      '/works/OL1W.json',
      '/works/OL1W/editions.json',
      '/authors/OL1A.json',
    ])
      expect((await json(path)).status).toBe(404);
  });

  it('looks many ISBNs up at once, keyed by the bibkeys asked, leaving unknown ones out', async () => {
    const answer = await json(
      '/api/books?bibkeys=ISBN:9780141439518,ISBN:0142437247,ISBN:9780000000002&format=json&jscmd=data',
    );
    const books = olBooksDataSchema.parse(answer.body);
    expect(Object.keys(books).sort()).toEqual(['ISBN:0142437247', 'ISBN:9780141439518']);
    expect(books['ISBN:9780141439518']).toMatchObject({
      title: 'Pride and Prejudice',
      authors: [{ name: 'Jane Austen' }],
      identifiers: { isbn_13: ['9780141439518'] },
      publishers: [{ name: 'Penguin Classics' }],
    });
    const script = await fetch(`${standin.url}/api/books?bibkeys=ISBN:9780141439518&jscmd=data`);
    expect(await script.text()).toMatch(/^var _OLBookInfo = \{"ISBN:9780141439518":/);
  });

  it('answers jscmd=details with each edition record, its work and its authors named', async () => {
    const answer = await json(
      '/api/books?bibkeys=ISBN:9780141439518,ISBN:9780000000002&format=json&jscmd=details',
    );
    const books = olBooksDetailsSchema.parse(answer.body);
    expect(Object.keys(books)).toEqual(['ISBN:9780141439518']);
    expect(books['ISBN:9780141439518']).toMatchObject({
      bib_key: 'ISBN:9780141439518',
      preview: 'noview',
      details: {
        key: '/books/OL3000013M',
        title: 'Pride and Prejudice',
        works: [{ key: '/works/OL66554W' }],
        authors: [{ key: '/authors/OL21594A', name: 'Jane Austen' }],
        isbn_13: ['9780141439518'],
      },
    });
  });

  it('serves covers as JPEGs by id and ISBN; a missing one is a blank image, or 404 with default=false', async () => {
    const edition = sample.editions.find((e) => e.covers && e.isbn_13)!;
    for (const path of [
      `/b/id/${edition.covers![0]}-S.jpg`,
      `/b/id/${edition.covers![0]}-L.jpg`,
      `/b/isbn/${edition.isbn_13![0]}-M.jpg`,
    ]) {
      const response = await fetch(`${standin.coversUrl}${path}`);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(isJpeg(new Uint8Array(await response.arrayBuffer()))).toBe(true);
    }
    const blank = await fetch(`${standin.coversUrl}/b/id/1-M.jpg`);
    expect(blank.status).toBe(200);
    expect(isJpeg(new Uint8Array(await blank.arrayBuffer()))).toBe(true);
    expect((await fetch(`${standin.coversUrl}/b/id/1-M.jpg?default=false`)).status).toBe(404);
  });
});

describe('the test controls', () => {
  it('count requests per route with their User-Agent', async () => {
    await fetch(`${standin.url}/search.json?q=emma`, { headers: { 'user-agent': 'Probe/1' } });
    await fetch(`${standin.url}/works/OL66554W.json`);
    await fetch(`${standin.url}/works/OL66554W.json`);
    const log = (await control('/_standin/requests')) as {
      total: number;
      counts: object;
      requests: { userAgent: string }[];
    };
    expect(log.total).toBe(3);
    expect(log.counts).toEqual({ search: 1, works: 2 });
    expect(log.requests[0]!.userAgent).toBe('Probe/1');
  });

  it('answer the next requests with 500, garbage or 429 with Retry-After, then normally', async () => {
    await control('/_standin/faults', { kind: '500', count: 1 });
    await control('/_standin/faults', { kind: 'garbage' });
    await control('/_standin/faults', { kind: '429', retryAfter: 7 });
    expect((await fetch(`${standin.url}/works/OL66554W.json`)).status).toBe(500);
    const garbage = await fetch(`${standin.url}/works/OL66554W.json`);
    expect(garbage.status).toBe(200);
    await expect(garbage.json()).rejects.toThrow();
    const limited = await fetch(`${standin.url}/works/OL66554W.json`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await fetch(`${standin.url}/works/OL66554W.json`)).status).toBe(200);
  });

  it('hold a timed-out request unanswered, and add latency', async () => {
    await control('/_standin/faults', { kind: 'timeout' });
    await expect(
      fetch(`${standin.url}/works/OL66554W.json`, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    await control('/_standin/latency', { ms: 150 });
    const started = performance.now();
    expect((await fetch(`${standin.url}/works/OL66554W.json`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('logs an unplanned request and answers it 404', async () => {
    expect((await fetch(`${standin.url}/subjects/love.json`)).status).toBe(404);
    expect(logged.at(-1)).toBe('unplanned request GET /subjects/love.json');
  });
});

describe('the sample’s generator', () => {
  it('writes exactly the committed sample.json (edit the generator, not the JSON)', () => {
    const committed = readFileSync(
      join(import.meta.dirname, '../../../scripts/openlibrary-standin/sample.json'),
      'utf8',
    );
    expect(sampleText()).toBe(committed);
    expect(sampleText()).toBe(committed);
  });
});
