// The demo data's search documents (scripts/seed, as `npm start` seeds it): what
// an instance's index starts from before any snapshot, made in memory without
// the emulators. Each seeded item goes through the same toSearchDocument the
// site uses; items that are not public are left out (null).
import { generate } from '../seed/generate.ts';
import { validateDocs } from '../seed/validate.ts';
import {
  hasSeller,
  SEARCHED_COLLECTIONS,
  toSearchDocument,
  type SearchedCollection,
} from '../../src/data/server/search/search-source.ts';
import type { SearchDocument } from '../../src/domain/search/site-search.ts';

/** Every public demo item as a search document (throws on one the site could not index). */
export function demoSearchDocuments(): SearchDocument[] {
  const docs = validateDocs(generate({ mediaUrl: (path: string) => `/media/${path}` }).docs);
  const profiles = new Map(docs.filter((d) => d.collection === 'profiles').map((d) => [d.id, d.data]));
  const documents: SearchDocument[] = [];
  for (const collection of Object.keys(SEARCHED_COLLECTIONS) as SearchedCollection[]) {
    for (const doc of docs.filter((d) => d.collection === collection)) {
      // The site reads only public books (readAllSearchDocuments).
      if (collection === 'books' && doc.data.is_public !== true) continue;
      const seller = hasSeller(collection) ? profiles.get(String(doc.data.user_id)) : undefined;
      const document = toSearchDocument(collection, doc.id, doc.data as Record<string, unknown>, seller);
      if (document) documents.push(document);
    }
  }
  return documents;
}
