// The demo data (`npm start` seeds it) is what an instance's index starts from
// before any snapshot (SiteIndex reads every item on the first search): every
// seeded item must become a SearchDocument or be left out because it is not
// public, never fail, and every kind must be there for the demo to show it.
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/seed/generate.ts';
import { validateDocs } from '../../../scripts/seed/validate.ts';
import { EmbeddedSearchEngine } from '../../../src/data/server/search/embedded-engine.ts';
import {
  hasSeller,
  SEARCHED_COLLECTIONS,
  toSearchDocument,
  type SearchedCollection,
} from '../../../src/data/server/search/search-source.ts';
import { parseSiteSearchParams, SEARCH_KINDS, type SearchDocument } from '../../../src/domain/site-search.ts';

const docs = validateDocs(generate({ mediaUrl: (path: string) => `/media/${path}` }).docs);

export function seedSearchDocuments(): SearchDocument[] {
  const profiles = new Map(docs.filter((d) => d.collection === 'profiles').map((d) => [d.id, d.data]));
  const documents: SearchDocument[] = [];
  for (const collection of Object.keys(SEARCHED_COLLECTIONS) as SearchedCollection[]) {
    for (const doc of docs.filter((d) => d.collection === collection)) {
      if (collection === 'books' && doc.data.is_public !== true) continue;
      const seller = hasSeller(collection) ? profiles.get(String(doc.data.user_id)) : undefined;
      const document = toSearchDocument(collection, doc.id, doc.data as Record<string, unknown>, seller);
      if (document) documents.push(document);
    }
  }
  return documents;
}

describe('the demo data in the search index', () => {
  const documents = seedSearchDocuments();

  it('turns every seeded item into a document or leaves it out as not public, and has every kind', () => {
    const kinds = new Set(documents.map((document) => document.kind));
    expect([...kinds].sort()).toEqual([...SEARCH_KINDS].sort());
  });

  it('finds a seeded book by a misspelled title word', async () => {
    const engine = new EmbeddedSearchEngine();
    await engine.upsert(documents);
    const book = documents.find(
      (document) => document.kind === 'book' && document.title.split(' ')[0]!.length >= 6,
    )!;
    const word = book.title.split(' ')[0]!;
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    const results = await engine.search(parseSiteSearchParams(new URLSearchParams({ q: typo })));
    expect(results.hits.map((hit) => hit.document.id)).toContain(book.id);
  });
});
