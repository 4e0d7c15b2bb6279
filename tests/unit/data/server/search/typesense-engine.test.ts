// The Typesense adapter against a local HTTP stand-in for its endpoints
// (typesense-stand-in.ts): the port's contract, and what only a search server
// has: keys with scopes, a collection to create, an engine that can fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterBy,
  toTypesenseDocument,
  TypesenseSearchEngine,
} from '../../../../../src/data/server/search/typesense-engine.ts';
import { parseSiteSearchParams } from '../../../../../src/domain/search/site-search.ts';
import { doc, LIBRARY, searchEngineContract } from './engine-contract.ts';
import { startTypesenseStandIn, type StandIn } from '../../../../shared/typesense-stand-in.ts';

let standIn: StandIn;
let collections = 0;

beforeAll(async () => {
  standIn = await startTypesenseStandIn();
});
afterAll(async () => {
  await standIn.close();
});

/** An engine on a collection of its own, with the admin key (as Cloud Functions index). */
function adminEngine(collection = `test_${++collections}`): TypesenseSearchEngine {
  return new TypesenseSearchEngine({ url: standIn.url, apiKey: standIn.adminKey, collection });
}

const params = (query: string) => parseSiteSearchParams(new URLSearchParams(query));

searchEngineContract('Typesense (against the local stand-in)', async () => adminEngine());

describe('the Typesense adapter', () => {
  it('creates its collection once, then indexes folded words and searches with the search-only key', async () => {
    const name = `keys_${++collections}`;
    const indexer = adminEngine(name);
    await indexer.upsert(LIBRARY);
    await indexer.upsert([LIBRARY[0]!]);
    const creations = standIn.requests.filter((r) => r.method === 'POST' && r.url === '/collections');
    expect(creations.length).toBeGreaterThanOrEqual(1);

    const site = new TypesenseSearchEngine({ url: standIn.url, apiKey: standIn.searchKey, collection: name });
    const found = await site.search(params('q=helene+dubois'));
    expect(found.hits[0]?.document.id).toBe('book_mystery');
    expect(found.hits[0]?.matched).toEqual(expect.arrayContaining(['helene', 'dubois']));
    // A search-only key cannot write.
    await expect(site.upsert([LIBRARY[1]!])).rejects.toThrow();
    await expect(site.remove(['book_kindred'])).rejects.toThrow();
    expect(await site.size()).toBe(LIBRARY.length);
  });

  it('sends the key in a header, never in a URL', async () => {
    const engine = adminEngine();
    await engine.upsert(LIBRARY);
    await engine.search(params('q=kindred&kind=book'));
    for (const request of standIn.requests) {
      expect(request.url).not.toContain(standIn.adminKey);
      expect(request.url).not.toContain(standIn.searchKey);
    }
  });

  it('stores every searched field as the site’s folded words, descriptions without stop words', () => {
    expect(toTypesenseDocument(LIBRARY[2]!)).toMatchObject({
      title_words: 'the cozy mystery club',
      author_words: 'helene dubois',
      genres_words: 'mystery',
      price_range: '10-50',
      featured_rank: 1,
    });
    expect(toTypesenseDocument(LIBRARY[0]!).description_words).toBe('a woman pulled back time');
    const post = toTypesenseDocument(LIBRARY.at(-1)!);
    expect(post).not.toHaveProperty('price');
    expect(post).not.toHaveProperty('price_range');
  });

  it('keeps filter values literal, whatever they hold', async () => {
    const engine = adminEngine();
    const odd = 'Sci-Fi && kind:=ad, `x`';
    await engine.upsert([
      doc({ id: 'book_odd', kind: 'book', title: 'Odd shelf', category: odd, url: '/book/odd' }),
      doc({ id: 'ad_odd', kind: 'ad', title: 'Odd shelf', category: 'Other', url: '/classifieds/odd' }),
    ]);
    expect(filterBy(params(`q=odd&category=${encodeURIComponent(odd)}`))).toBe(
      'category:=`Sci-Fi && kind:=ad, x`',
    );
    // The backticks a value held are dropped, so the stored category no longer equals the filter.
    const answer = await engine.search(params('q=odd&kind=ad'));
    expect(answer.hits.map((hit) => hit.document.id)).toEqual(['ad_odd']);
    expect(answer.facets.kind).toEqual([
      { value: 'book', count: 1 },
      { value: 'ad', count: 1 },
    ]);
  });

  it('asks for an ISBN and any number with no typos and no prefix, and for words beside them with both', async () => {
    const name = `isbn_${++collections}`;
    const engine = adminEngine(name);
    await engine.upsert(LIBRARY);
    const sent = (from: number) =>
      standIn.searches.slice(from).filter((search) => search.collection === name);

    let from = standIn.searches.length;
    await engine.search(params('q=0-306-40615-2&kind=book'));
    // The main search and the count of kinds without the kind filter, both exact; no suggestions asked.
    expect(sent(from)).toHaveLength(2);
    for (const search of sent(from))
      expect(search).toMatchObject({
        q: '9780306406157',
        prefix: false,
        enable_typos_for_numerical_tokens: false,
      });

    // Typesense takes typos from every all-digit word alone (enable_typos_for_numerical_tokens),
    // so the words keep theirs; the ISBN goes first, since only the last word is a prefix.
    from = standIn.searches.length;
    await engine.search(params('q=salt+9780306406158'));
    expect(sent(from)[0]).toMatchObject({
      q: '9780306406158 salt',
      num_typos: 2,
      prefix: true,
      enable_typos_for_numerical_tokens: false,
    });
    // Nothing found: suggestions are asked for the words only, never for a neighbour of the ISBN.
    expect(sent(from)).toHaveLength(2);
    expect(sent(from)[1]).toMatchObject({ q: 'salt' });

    // Ten characters ending in an X that is no ISBN-10 are not all digits: the whole search is exact.
    from = standIn.searches.length;
    await engine.search(params('q=salt+123456788x'));
    expect(sent(from)[0]).toMatchObject({ q: '123456788x salt', num_typos: 0, prefix: false });

    from = standIn.searches.length;
    await engine.search(params('q=kindrd'));
    expect(sent(from)[0]).toMatchObject({
      q: 'kindrd',
      num_typos: 2,
      prefix: true,
      enable_typos_for_numerical_tokens: false,
    });
  });

  it('fails loudly when the server refuses, so the page can say search is unavailable', async () => {
    const wrongKey = new TypesenseSearchEngine({ url: standIn.url, apiKey: 'not-a-key', collection: 'x' });
    await expect(wrongKey.search(params('q=kindred'))).rejects.toThrow();
    const missing = new TypesenseSearchEngine({
      url: standIn.url,
      apiKey: standIn.searchKey,
      collection: 'no_such_collection',
    });
    await expect(missing.search(params('q=kindred'))).rejects.toThrow(/404/);
  });
});
