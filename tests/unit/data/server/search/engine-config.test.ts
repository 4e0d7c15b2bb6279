import { describe, expect, it } from 'vitest';
import { searchBackend } from '../../../../../src/data/server/search/engine-config.ts';

describe('search engine configuration', () => {
  it('is the embedded engine unless Typesense is chosen', () => {
    expect(searchBackend('site', {})).toEqual({ kind: 'embedded' });
    expect(searchBackend('indexer', { SEARCH_ENGINE: ' Embedded ' })).toEqual({ kind: 'embedded' });
  });

  it('gives the site the search-only key and the functions the admin key', () => {
    const env = {
      SEARCH_ENGINE: 'typesense',
      TYPESENSE_URL: 'https://search.example.com:443',
      TYPESENSE_SEARCH_API_KEY: 'search-only',
      TYPESENSE_ADMIN_API_KEY: 'admin',
    };
    expect(searchBackend('site', env)).toEqual({
      kind: 'typesense',
      config: { url: 'https://search.example.com:443', apiKey: 'search-only', collection: 'shelfmark' },
    });
    expect(searchBackend('indexer', { ...env, TYPESENSE_COLLECTION: 'books_v2' })).toMatchObject({
      config: { apiKey: 'admin', collection: 'books_v2' },
    });
  });

  it('names what is missing or wrong', () => {
    expect(() => searchBackend('site', { SEARCH_ENGINE: 'elastic' })).toThrow(/must be "embedded"/);
    expect(() =>
      searchBackend('site', {
        SEARCH_ENGINE: 'typesense',
        TYPESENSE_URL: 'https://s.example.com',
        TYPESENSE_ADMIN_API_KEY: 'admin',
      }),
    ).toThrow('SEARCH_ENGINE is "typesense" but TYPESENSE_SEARCH_API_KEY is not set.');
    expect(() =>
      searchBackend('indexer', {
        SEARCH_ENGINE: 'typesense',
        TYPESENSE_URL: 'ftp://x',
        TYPESENSE_ADMIN_API_KEY: 'a',
      }),
    ).toThrow(/must start with http/);
  });
});
