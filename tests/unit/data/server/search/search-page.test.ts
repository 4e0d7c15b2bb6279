import { describe, expect, it, vi } from 'vitest';
import { EmbeddedSearchEngine } from '../../../../../src/data/server/search/embedded-engine.ts';
import {
  answerSiteSearch,
  type SearchAccess,
  type SiteSearchDeps,
} from '../../../../../src/data/server/search/search-page.ts';
import {
  pageHref,
  searchSuggestionsSchema,
  snippetOf,
  suggestionsOf,
  toggleFilterHref,
} from '../../../../../src/domain/search/search-page.ts';
import { parseSiteSearchParams } from '../../../../../src/domain/search/site-search.ts';
import { LIBRARY } from './engine-contract.ts';

async function deps(access: SearchAccess = 'yes'): Promise<SiteSearchDeps> {
  const engine = new EmbeddedSearchEngine();
  await engine.upsert(LIBRARY);
  return { access: async () => access, index: () => engine };
}

const answer = async (query: string, access: SearchAccess = 'yes') =>
  answerSiteSearch(new URLSearchParams(query), await deps(access));

describe('the search page answer', () => {
  it('finds a misspelled author and counts facets', async () => {
    const result = await answer('q=octavia+buttler');
    expect(result.state).toBe('ok');
    if (result.state !== 'ok') return;
    expect(result.results.hits.map((hit) => hit.document.id)).toContain('book_kindred');
    expect(result.results.facets.kind.length).toBeGreaterThan(0);
  });

  it('is not offered (a 404) while the search switch is off', async () => {
    expect(await answer('q=kindred', 'no')).toEqual({ state: 'unavailable' });
  });

  it('says search is for Premium members, with no results, to anyone else while the switch is there', async () => {
    expect(await answer('q=kindred', 'members')).toEqual({ state: 'members' });
  });

  it('answers an empty search without asking the engine', async () => {
    const index = vi.fn();
    const result = await answerSiteSearch(new URLSearchParams('q=+'), { access: async () => 'yes', index });
    expect(result.state).toBe('ok');
    expect(index).not.toHaveBeenCalled();
  });

  it('answers a failed engine as failed, never by throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await answerSiteSearch(new URLSearchParams('q=kindred'), {
      access: async () => 'yes',
      index: () => ({ search: async () => Promise.reject(new Error('down')) }),
    });
    expect(result.state).toBe('failed');
    error.mockRestore();
  });

  it('answers a 10,000-character search as a normal page, cut with a note', async () => {
    const result = await answer(`q=${'kindred '.repeat(1250)}`);
    expect(result.state).toBe('ok');
    if (result.state !== 'ok') return;
    expect(result.params.text.length).toBeLessThanOrEqual(100);
    expect(result.params.notes.length).toBeGreaterThan(0);
  });

  it.each([
    ['zero-width and direction marks', 'q=kin\u200Bdred\u202E\u2066'],
    ['bytes that are not UTF-8 and a lone surrogate', 'q=%ED%A0%80kindred%FF%C0'],
    ['emoji and combining marks', `q=${encodeURIComponent('📚 Kindréd̸̢ 𝕂𝕚𝕟𝕕')}`],
    ['NUL and control characters', `q=${encodeURIComponent('\u0000kindred\u0007\u001b[31m')}`],
    [
      'MiniSearch and Typesense operators',
      `q=${encodeURIComponent('title:kindred* -wolves "cozy" (a OR b) ~2 && || filter_by:=[1..2] \\')}`,
    ],
    ['only operators', `q=${encodeURIComponent('* ? : () [] {} ~ ^ - + && ||')}`],
    [
      'repeated and odd parameters',
      'q=a&q=b&kind=book&kind=<script>&page=-1&page=1e309&price=__proto__&category=%00',
    ],
  ])('answers %s as a normal page', async (_name, query) => {
    const result = await answer(query);
    expect(result.state).toBe('ok');
  });
});

describe('the results page links', () => {
  const params = parseSiteSearchParams(new URLSearchParams('q=cozy&kind=book&page=3'));

  it('sets a filter and starts again at page 1, keeping the others', () => {
    expect(toggleFilterHref(params, 'genre', 'Mystery')).toBe('/search?q=cozy&kind=book&genre=Mystery');
  });

  it('clears a filter that is set', () => {
    expect(toggleFilterHref(params, 'kind', 'book')).toBe('/search?q=cozy');
    const free = parseSiteSearchParams(new URLSearchParams('q=cozy&free=1'));
    expect(toggleFilterHref(free, 'freeReading', true)).toBe('/search?q=cozy');
  });

  it('pages keep the filters', () => {
    expect(pageHref(params, 4)).toBe('/search?q=cozy&kind=book&page=4');
  });
});

describe('snippets and suggestions', () => {
  it('keeps a short description whole, matched words marked', () => {
    expect(snippetOf('A village and a bakery', ['bakery'])).toEqual([
      { text: 'A village and a ', match: false },
      { text: 'bakery', match: true },
    ]);
  });

  it('cuts a long description around its first match', () => {
    const long = `${'word '.repeat(100)}bakery ${'more '.repeat(100)}`;
    const text = snippetOf(long, ['bakery'])
      .map((segment) => segment.text)
      .join('');
    expect(text.length).toBeLessThanOrEqual(202);
    expect(text).toContain('bakery');
    expect(text.startsWith('…')).toBe(true);
  });

  it('suggestions carry the title in segments and pass the shared schema', async () => {
    const result = await answer('q=kindr');
    if (result.state !== 'ok') throw new Error('not ok');
    const suggestions = suggestionsOf(result.results.hits);
    expect(searchSuggestionsSchema.parse(suggestions)).toEqual(suggestions);
    expect(suggestions.suggestions[0]).toMatchObject({ kind: 'book', url: '/book/kindred' });
  });

  it('keeps markup in a title as text', () => {
    const [hit] = suggestionsOf([
      {
        document: { ...LIBRARY[0]!, title: '<img src=x onerror=alert(1)> Kindred' },
        matched: ['kindred'],
      },
    ]).suggestions;
    expect(hit!.title.map((segment) => segment.text).join('')).toBe('<img src=x onerror=alert(1)> Kindred');
  });
});
