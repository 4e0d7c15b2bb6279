// A local HTTP stand-in for the few Typesense endpoints the adapter uses
// (src/data/server/search/typesense-engine.ts), written from Typesense's API
// reference (typesense.org/docs/…/api): collections (retrieve, create), documents
// (import with action=upsert as JSON lines, delete by filter_by), and
// multi_search (with num_typos, prefix on the last word, min_len_1typo/2typo,
// drop_tokens_threshold and enable_typos_for_numerical_tokens). No Typesense server can run on this machine; this lets the
// adapter's requests and its reading of the answers be tested. It is not
// Typesense: its ranking is a simple weighted score, and it counts typos with
// the site's own rule (a swap of two letters is one typo), which a live server
// may count differently.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { typoDistance } from '../../src/domain/search/site-search.ts';

type Doc = Record<string, unknown> & { id: string };
interface Field {
  name: string;
  type: string;
  facet?: boolean;
  optional?: boolean;
  index?: boolean;
}
interface Collection {
  name: string;
  fields: Field[];
  docs: Map<string, Doc>;
}

/** What a search key may do: search, and nothing else. */
type KeyScope = 'admin' | 'search';

export interface StandIn {
  url: string;
  adminKey: string;
  searchKey: string;
  /** Every request: method, path with its query, and which key sent it. */
  requests: { method: string; url: string; key: string | undefined }[];
  /** Every search of every multi_search, as the adapter sent it. */
  searches: Record<string, unknown>[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': contentType });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a:=b && c:=\`d\``, the only filter forms the adapter writes; values in backticks are literal. */
function parseFilter(filter: string): { field: string; values: string[] }[] {
  if (!filter.trim()) return [];
  const parts: { field: string; values: string[] }[] = [];
  const pattern = /\s*([a-z_]+):(=?)(\[(?:`[^`]*`|[^\]`])*\]|`[^`]*`|[^\s&]+)\s*(?:&&|$)/gy;
  let consumed = 0;
  for (const match of filter.matchAll(pattern)) {
    consumed = (match.index ?? 0) + match[0].length;
    const raw = match[3]!;
    const list = raw.startsWith('[') ? (raw.slice(1, -1).match(/`[^`]*`|[^,]+/g) ?? []) : [raw];
    parts.push({ field: match[1]!, values: list.map((value) => value.trim().replace(/^`|`$/g, '')) });
  }
  if (consumed !== filter.length) throw new Error(`Could not parse the filter: ${filter}`);
  return parts;
}

function matchesFilter(doc: Doc, filters: { field: string; values: string[] }[]): boolean {
  return filters.every(({ field, values }) => {
    const value = doc[field];
    const have = Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];
    return values.some((wanted) => have.includes(wanted));
  });
}

interface Search {
  collection: string;
  q: string;
  query_by?: string;
  query_by_weights?: string;
  prefix?: boolean | string;
  num_typos?: number | string;
  enable_typos_for_numerical_tokens?: boolean | string;
  min_len_1typo?: number;
  min_len_2typo?: number;
  drop_tokens_threshold?: number;
  filter_by?: string;
  facet_by?: string;
  max_facet_values?: number;
  sort_by?: string;
  page?: number;
  per_page?: number;
}

/** How a query token answers a word: 0 typos, 1, 2, or not at all (null). */
function tokenMatch(token: string, word: string, last: boolean, search: Search): number | null {
  if (token === word) return 0;
  if (last && String(search.prefix ?? true) !== 'false' && word.startsWith(token)) return 0;
  // enable_typos_for_numerical_tokens false: no typos in a query word of digits only.
  if (String(search.enable_typos_for_numerical_tokens ?? true) === 'false' && /^\d+$/.test(token))
    return null;
  const maxTypos = Math.min(2, Number(search.num_typos ?? 2));
  const allowed =
    token.length < (search.min_len_1typo ?? 4) ? 0 : token.length < (search.min_len_2typo ?? 7) ? 1 : 2;
  const typos = Math.min(allowed, maxTypos);
  if (typos === 0) return null;
  const distance = typoDistance(token, word, typos);
  return distance <= typos ? distance : null;
}

interface Scored {
  doc: Doc;
  score: number;
  highlights: { field: string; matched_tokens: string[] }[];
}

function runSearch(collection: Collection, search: Search): Scored[] {
  const fields = (search.query_by ?? '').split(',').filter(Boolean);
  const weights = (search.query_by_weights ?? '').split(',').map(Number);
  const filters = parseFilter(search.filter_by ?? '');
  const docs = [...collection.docs.values()].filter((doc) => matchesFilter(doc, filters));
  if (search.q.trim() === '*') return docs.map((doc) => ({ doc, score: 0, highlights: [] }));
  let tokens = search.q.toLowerCase().split(/\s+/).filter(Boolean);
  const threshold = search.drop_tokens_threshold ?? 1;
  for (;;) {
    const found: Scored[] = [];
    for (const doc of docs) {
      let score = 0;
      const matched = new Map<string, Set<string>>();
      const all = tokens.every((token, i) => {
        let best = 0;
        fields.forEach((field, f) => {
          const words = String(doc[field] ?? '')
            .split(' ')
            .filter(Boolean);
          for (const word of words) {
            const typos = tokenMatch(token, word, i === tokens.length - 1, search);
            if (typos === null) continue;
            best = Math.max(best, (weights[f] ?? 1) * (3 - typos));
            if (!matched.has(field)) matched.set(field, new Set());
            matched.get(field)!.add(word);
          }
        });
        score += best;
        return best > 0;
      });
      if (all)
        found.push({
          doc,
          score,
          highlights: [...matched].map(([field, words]) => ({ field, matched_tokens: [...words] })),
        });
    }
    // Typesense drops query words from the right while fewer than the threshold matched.
    if (found.length >= threshold || threshold === 0 || tokens.length <= 1) return found;
    tokens = tokens.slice(0, -1);
  }
}

function searchResponse(collection: Collection, search: Search): Record<string, unknown> {
  const found = runSearch(collection, search);
  const sortBy = search.sort_by ?? '_text_match:desc';
  const keys = sortBy.split(',').map((part) => part.split(':')[0]!);
  found.sort((a, b) => {
    for (const key of keys) {
      const diff =
        key === '_text_match' ? b.score - a.score : Number(b.doc[key] ?? 0) - Number(a.doc[key] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  });
  const facetCounts = (search.facet_by ?? '')
    .split(',')
    .filter(Boolean)
    .map((field) => {
      const counts = new Map<string, number>();
      for (const { doc } of found) {
        const value = doc[field];
        for (const one of Array.isArray(value) ? new Set(value) : value === undefined ? [] : [value])
          counts.set(String(one), (counts.get(String(one)) ?? 0) + 1);
      }
      return {
        field_name: field,
        counts: [...counts]
          .map(([value, count]) => ({ value, count }))
          .sort((a, b) => b.count - a.count)
          .slice(0, search.max_facet_values ?? 10),
      };
    });
  const perPage = search.per_page ?? 10;
  const page = search.page ?? 1;
  return {
    found: found.length,
    page,
    facet_counts: facetCounts,
    hits: found.slice((page - 1) * perPage, page * perPage).map(({ doc, score, highlights }) => ({
      document: doc,
      highlights,
      text_match: score,
    })),
  };
}

function checkDocument(collection: Collection, doc: unknown): string | null {
  if (!doc || typeof doc !== 'object' || typeof (doc as Doc).id !== 'string') return 'Document has no id.';
  for (const field of collection.fields) {
    const value = (doc as Doc)[field.name];
    if (value === undefined || (value === null && field.optional)) {
      if (!field.optional)
        return `Field \`${field.name}\` has been declared in the schema, but is not found in the document.`;
      continue;
    }
    const ok =
      field.type === 'string'
        ? typeof value === 'string'
        : field.type === 'string[]'
          ? Array.isArray(value) && value.every((v) => typeof v === 'string')
          : field.type === 'bool'
            ? typeof value === 'boolean'
            : field.type === 'int32' || field.type === 'float'
              ? typeof value === 'number'
              : true;
    if (!ok) return `Field \`${field.name}\` must be a ${field.type}.`;
  }
  return null;
}

/** Starts the stand-in on a free local port. */
export async function startTypesenseStandIn(): Promise<StandIn> {
  const adminKey = 'stand-in-admin-key';
  const searchKey = 'stand-in-search-only-key';
  const collections = new Map<string, Collection>();
  const requests: StandIn['requests'] = [];
  const searches: StandIn['searches'] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const key = req.headers['x-typesense-api-key'] as string | undefined;
    requests.push({ method: req.method ?? '', url: req.url ?? '', key });
    const scope: KeyScope | null = key === adminKey ? 'admin' : key === searchKey ? 'search' : null;
    if (!scope)
      return send(res, 401, { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' });
    const path = url.pathname.split('/').filter(Boolean);

    if (req.method === 'POST' && url.pathname === '/multi_search') {
      const body = JSON.parse(await bodyOf(req)) as { searches: Search[] };
      searches.push(...(body.searches as unknown as Record<string, unknown>[]));
      const results = body.searches.map((search) => {
        const collection = collections.get(search.collection);
        if (!collection)
          return { code: 404, error: `Could not find a collection named \`${search.collection}\`.` };
        try {
          return searchResponse(collection, search);
        } catch (error) {
          return { code: 400, error: (error as Error).message };
        }
      });
      return send(res, 200, { results });
    }
    if (scope !== 'admin') return send(res, 401, { message: 'Forbidden - this API key may only search.' });

    if (path[0] !== 'collections') return send(res, 404, { message: 'Not Found' });
    if (path.length === 1 && req.method === 'POST') {
      const schema = JSON.parse(await bodyOf(req)) as { name: string; fields: Field[] };
      if (collections.has(schema.name))
        return send(res, 409, { message: `A collection with name \`${schema.name}\` already exists.` });
      collections.set(schema.name, { name: schema.name, fields: schema.fields, docs: new Map() });
      return send(res, 201, { ...schema, num_documents: 0 });
    }
    const collection = collections.get(path[1] ?? '');
    if (!collection) return send(res, 404, { message: 'Not Found' });
    if (path.length === 2 && req.method === 'GET')
      return send(res, 200, {
        name: collection.name,
        fields: collection.fields,
        num_documents: collection.docs.size,
      });
    if (path[2] === 'documents' && path[3] === 'import' && req.method === 'POST') {
      if (url.searchParams.get('action') !== 'upsert')
        return send(res, 400, { message: 'The adapter only upserts.' });
      const lines = (await bodyOf(req)).split('\n').filter((line) => line.trim() !== '');
      const answers = lines.map((line) => {
        let doc: unknown;
        try {
          doc = JSON.parse(line);
        } catch {
          return JSON.stringify({ success: false, error: 'Bad JSON.', document: line });
        }
        const problem = checkDocument(collection, doc);
        if (problem) return JSON.stringify({ success: false, error: problem, document: line });
        collection.docs.set((doc as Doc).id, doc as Doc);
        return JSON.stringify({ success: true });
      });
      return send(res, 200, answers.join('\n'), 'text/plain');
    }
    if (path[2] === 'documents' && path.length === 3 && req.method === 'DELETE') {
      let filters: { field: string; values: string[] }[];
      try {
        filters = parseFilter(url.searchParams.get('filter_by') ?? '');
      } catch (error) {
        return send(res, 400, { message: (error as Error).message });
      }
      if (filters.length === 0) return send(res, 400, { message: 'filter_by is required.' });
      let deleted = 0;
      for (const doc of [...collection.docs.values()])
        if (matchesFilter(doc, filters)) {
          collection.docs.delete(doc.id);
          deleted += 1;
        }
      return send(res, 200, { num_deleted: deleted });
    }
    return send(res, 404, { message: 'Not Found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    adminKey,
    searchKey,
    requests,
    searches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
