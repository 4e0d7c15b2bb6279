// The Open Library stand-in's HTTP server (node:http only): the read-only API calls
// Shelfmark makes, in Open Library's URLs and shapes, the covers service under
// /covers, and test controls under /_standin (latency, faults, the request log). See
// docs/notes/catalogue.md. Any other request is answered 404 and logged, so a call
// the stand-in was not built for shows up instead of passing silently.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Catalogue, loadSample, type Sample } from './catalogue.ts';
import { blankJpeg, coverJpeg, type CoverSize } from './covers.ts';

export interface OpenLibraryStandinOptions {
  /** 0 picks a free port (see `url`). */
  port: number;
  /** Added before every answer (not the controls), in milliseconds; 0 by default. */
  latencyMs?: number;
  /** Where the stand-in reports unplanned requests; console.log by default. */
  log?: (line: string) => void;
  /** The records to serve; the bundled sample.json by default. */
  sample?: Sample;
}

export interface OpenLibraryStandin {
  /** http://127.0.0.1:<port>, with no trailing slash: the API's base URL. */
  url: string;
  /** `${url}/covers`: the covers service's base URL. */
  coversUrl: string;
  close(): Promise<void>;
}

/** What the next requests are answered with instead of their answer (POST /_standin/faults). */
export type FaultKind = 'timeout' | '500' | 'garbage' | '429';
interface Fault {
  kind: FaultKind;
  retryAfter: number;
}

/** One request to the API or the covers, as the log keeps it. */
export interface LoggedRequest {
  route: string;
  path: string;
  userAgent: string;
  /** Milliseconds since the epoch when it arrived. */
  at: number;
}

/** A timed-out request is held this long at most, then its socket is dropped. */
const HOLD_MS = 60_000;

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

const notFound = (key: string) => new HttpAnswer(404, { error: 'notfound', key });

export async function startOpenLibraryStandin(
  options: OpenLibraryStandinOptions,
): Promise<OpenLibraryStandin> {
  const log = options.log ?? ((line: string) => console.log(`[openlibrary-standin] ${line}`));
  const catalogue = new Catalogue(options.sample ?? loadSample());
  let latencyMs = options.latencyMs ?? 0;
  let faults: Fault[] = [];
  let requests: LoggedRequest[] = [];
  const held = new Set<ServerResponse>();
  let base = '';

  /** The route a path belongs to, for the log's counts; null for none. */
  function routeOf(path: string): string | null {
    if (path === '/search.json') return 'search';
    if (/^\/isbn\/[^/]+\.json$/.test(path)) return 'isbn';
    if (/^\/books\/[^/]+\.json$/.test(path)) return 'books';
    if (/^\/works\/[^/]+\/editions\.json$/.test(path)) return 'editions';
    if (/^\/works\/[^/]+\.json$/.test(path)) return 'works';
    if (/^\/authors\/[^/]+\.json$/.test(path)) return 'authors';
    if (path === '/api/books') return 'api-books';
    if (path.startsWith('/covers/')) return 'covers';
    return null;
  }

  async function control(method: string, path: string, req: IncomingMessage): Promise<HttpAnswer> {
    const body = method === 'POST' ? await readJson(req) : {};
    if (path === '/_standin/latency' && method === 'POST') {
      latencyMs = nonNegative(body.ms, 'ms');
      return new HttpAnswer(200, { latencyMs });
    }
    if (path === '/_standin/faults' && method === 'POST') {
      const kind = body.kind;
      if (kind !== 'timeout' && kind !== '500' && kind !== 'garbage' && kind !== '429')
        return new HttpAnswer(400, { error: 'kind is one of timeout, 500, garbage, 429' });
      const count = body.count === undefined ? 1 : nonNegative(body.count, 'count');
      const retryAfter = body.retryAfter === undefined ? 1 : nonNegative(body.retryAfter, 'retryAfter');
      for (let i = 0; i < count; i += 1) faults.push({ kind, retryAfter });
      return new HttpAnswer(200, { pending: faults.length });
    }
    if (path === '/_standin/requests' && method === 'GET') {
      const counts: Record<string, number> = {};
      for (const request of requests) counts[request.route] = (counts[request.route] ?? 0) + 1;
      return new HttpAnswer(200, { total: requests.length, counts, requests });
    }
    if (path === '/_standin/reset' && method === 'POST') {
      latencyMs = options.latencyMs ?? 0;
      faults = [];
      requests = [];
      return new HttpAnswer(200, { ok: true });
    }
    return new HttpAnswer(404, { error: `no control ${method} ${path}` });
  }

  async function api(url: URL): Promise<HttpAnswer | Buffer> {
    const path = url.pathname;
    const query = url.searchParams;
    let match: RegExpExecArray | null;
    if (path === '/search.json') {
      const text = (name: string) => query.get(name)?.trim() || undefined;
      const q = text('q');
      const title = text('title');
      const author = text('author');
      const isbn = text('isbn');
      if (!q && !title && !author && !isbn) return new HttpAnswer(422, { error: 'no query given' });
      const limit = Math.min(positiveInt(query.get('limit'), 100), 1000);
      const offset = query.has('offset') ? positiveInt(query.get('offset'), 0) : undefined;
      const fields = query
        .get('fields')
        ?.split(',')
        .map((field) => field.trim())
        .filter(Boolean);
      return new HttpAnswer(
        200,
        catalogue.search({
          q,
          title,
          author,
          isbn,
          limit,
          page: positiveInt(query.get('page'), 1),
          offset,
          fields,
        }),
      );
    }
    if ((match = /^\/isbn\/([^/]+)\.json$/.exec(path))) {
      // Open Library redirects an ISBN to its edition's record.
      const edition = catalogue.editionByIsbn(decodeURIComponent(match[1]!));
      if (!edition) return notFound(`/isbn/${match[1]}`);
      return new HttpAnswer(
        302,
        { location: `${edition.key}.json` },
        { location: `${base}${edition.key}.json` },
      );
    }
    if ((match = /^\/books\/([^/]+)\.json$/.exec(path))) {
      const edition = catalogue.editions.get(match[1]!);
      return edition ? new HttpAnswer(200, edition) : notFound(`/books/${match[1]}`);
    }
    if ((match = /^\/works\/([^/]+)\/editions\.json$/.exec(path))) {
      if (!catalogue.works.has(match[1]!)) return notFound(`/works/${match[1]}`);
      const limit = Math.min(positiveInt(query.get('limit'), 50), 1000);
      return new HttpAnswer(
        200,
        catalogue.workEditions(match[1]!, limit, positiveInt(query.get('offset'), 0)),
      );
    }
    if ((match = /^\/works\/([^/]+)\.json$/.exec(path))) {
      const work = catalogue.works.get(match[1]!);
      return work ? new HttpAnswer(200, work) : notFound(`/works/${match[1]}`);
    }
    if ((match = /^\/authors\/([^/]+)\.json$/.exec(path))) {
      const author = catalogue.authors.get(match[1]!);
      return author ? new HttpAnswer(200, author) : notFound(`/authors/${match[1]}`);
    }
    if (path === '/api/books') {
      const found: Record<string, unknown> = {};
      for (const bibkey of (query.get('bibkeys') ?? '').split(',').filter(Boolean)) {
        const isbn = /^ISBN:(.+)$/i.exec(bibkey)?.[1];
        const olid = /^OLID:(OL\d+M)$/i.exec(bibkey)?.[1];
        const edition = isbn
          ? catalogue.editionByIsbn(isbn)
          : olid
            ? catalogue.editions.get(olid)
            : undefined;
        if (edition)
          found[bibkey] =
            query.get('jscmd') === 'details'
              ? catalogue.booksDetailsEntry(edition, bibkey, base, `${base}/covers`)
              : catalogue.booksDataEntry(edition, base, `${base}/covers`);
      }
      // Without format=json Open Library answers a script that assigns the object.
      if (query.get('format') !== 'json') return Buffer.from(`var _OLBookInfo = ${JSON.stringify(found)};`);
      return new HttpAnswer(200, found);
    }
    if ((match = /^\/covers\/b\/(id|isbn)\/([^/]+)-([SML])\.jpg$/.exec(path))) {
      const id =
        match[1] === 'id'
          ? Number(match[2]) > 0 && catalogue.coverIds.has(Number(match[2]))
            ? Number(match[2])
            : undefined
          : catalogue.coverByIsbn.get(match[2]!.replace(/-/g, '').toUpperCase());
      if (id === undefined) {
        // Open Library answers a 1x1 image for a cover it lacks, and 404 when asked not to.
        if (query.get('default') === 'false') return new HttpAnswer(404, 'Not Found');
        return blankJpeg();
      }
      return coverJpeg(id, match[3] as CoverSize);
    }
    log(`unplanned request GET ${path}`);
    return new HttpAnswer(404, { error: 'notfound', key: path });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://standin');
    if (url.pathname.startsWith('/_standin/')) return send(res, await control(method, url.pathname, req));
    const route = routeOf(url.pathname) ?? 'other';
    requests.push({
      route,
      path: `${url.pathname}${url.search}`,
      userAgent: req.headers['user-agent'] ?? '',
      at: Date.now(),
    });
    if (latencyMs > 0) await sleep(latencyMs);
    const fault = faults.shift();
    if (fault?.kind === 'timeout') {
      // Never answered: the client's timeout has to end it.
      held.add(res);
      const timer = setTimeout(() => res.destroy(), HOLD_MS);
      res.on('close', () => {
        clearTimeout(timer);
        held.delete(res);
      });
      return;
    }
    if (fault?.kind === '500') return send(res, new HttpAnswer(500, { error: 'Internal Server Error' }));
    if (fault?.kind === '429')
      return send(
        res,
        new HttpAnswer(429, { error: 'Too Many Requests' }, { 'retry-after': String(fault.retryAfter) }),
      );
    if (fault?.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html><body>Bad gateway, or half a {"docs": [');
      return;
    }
    if (method !== 'GET' && method !== 'HEAD')
      return send(res, new HttpAnswer(405, { error: 'method not allowed' }));
    const answer = await api(url);
    if (!(answer instanceof HttpAnswer)) {
      const isJpeg = answer[0] === 0xff && answer[1] === 0xd8;
      res.writeHead(200, { 'content-type': isJpeg ? 'image/jpeg' : 'application/javascript' });
      res.end(answer);
      return;
    }
    send(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpAnswer ? error.status : 500;
      if (!(error instanceof HttpAnswer)) log(`failed: ${String(error)}`);
      if (!res.headersSent)
        send(
          res,
          error instanceof HttpAnswer ? error : new HttpAnswer(status, { error: 'stand-in failure' }),
        );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    coversUrl: `${base}/covers`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of held) res.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, answer: HttpAnswer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
    ...answer.headers,
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpAnswer(400, { error: 'the body is a JSON object' });
}

function nonNegative(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new HttpAnswer(400, { error: `${name} is a number of 0 or more` });
  return value;
}

/** A whole number of 0 or more from a query parameter, or `fallback`. */
function positiveInt(text: string | null, fallback: number): number {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
