// Where the search index's documents come from: the items themselves, read
// with the Admin SDK. Shared by the site (an instance with no snapshot yet
// builds its index from here) and Cloud Functions (the change log and the
// snapshot job), so an item is turned into a SearchDocument in one place.
import type { Firestore } from 'firebase-admin/firestore';
import { blogPostSchema } from '../../../domain/editorial/blog-post.ts';
import { bookSchema } from '../../../domain/books/book.ts';
import { catalogueBookSchema } from '../../../domain/books/catalogue-book.ts';
import { bookKindOf } from '../../../domain/accounts/visibility.ts';
import { classifiedAdSchema } from '../../../domain/market/classified-ad.ts';
import { newsletterSchema } from '../../../domain/editorial/newsletter.ts';
import { productServiceSchema } from '../../../domain/items/product-service.ts';
import { profileSchema } from '../../../domain/accounts/profile.ts';
import {
  adSearchDocument,
  blogPostSearchDocument,
  bookSearchDocument,
  catalogueBookSearchDocument,
  newsletterSearchDocument,
  productSearchDocument,
  profileSearchDocument,
  type SellerForSearch,
} from '../../../domain/search/search-documents.ts';
import {
  searchDocumentId,
  type SearchDocument,
  type SearchKind,
} from '../../../domain/search/site-search.ts';
import { parseDoc } from '../../firestore-convert.ts';

/** The collections whose documents the search box finds, with the kind each becomes. */
export const SEARCHED_COLLECTIONS = {
  books: 'book',
  profiles: 'author',
  products_services: 'product',
  classified_ads: 'ad',
  blog_posts: 'post',
  newsletters: 'post',
} as const satisfies Record<string, SearchKind>;
export type SearchedCollection = keyof typeof SEARCHED_COLLECTIONS;

/** The index id of a document of a searched collection. */
export function searchIdOf(collection: SearchedCollection, id: string): string {
  if (collection === 'blog_posts') return searchDocumentId('post', `blog_${id}`);
  if (collection === 'newsletters') return searchDocumentId('post', `newsletter_${id}`);
  return searchDocumentId(SEARCHED_COLLECTIONS[collection], id);
}

/** The seller fields a product's or ad's document needs. */
export const sellerSchema = profileSchema.pick({
  is_active: true,
  approval_status: true,
  display_name: true,
  page_slug: true,
});

/** True when collection's documents name a seller whose profile decides them. */
export function hasSeller(collection: SearchedCollection): boolean {
  return collection === 'products_services' || collection === 'classified_ads';
}

/**
 * What search should find for a stored document: its SearchDocument, or null
 * when it is not public. Throws on a malformed document (the caller logs and
 * leaves it out). `seller` is the owner's profile for products and ads.
 */
export function toSearchDocument(
  collection: SearchedCollection,
  id: string,
  data: Record<string, unknown>,
  seller: Record<string, unknown> | undefined,
): SearchDocument | null {
  const item = { ...data, id };
  const sellerOf = (): SellerForSearch | null =>
    seller ? parseDoc(sellerSchema, String(data.user_id), seller, 'profiles') : null;
  switch (collection) {
    case 'books':
      return bookKindOf(data) === 'catalogue'
        ? catalogueBookSearchDocument(parseDoc(catalogueBookSchema, id, item, collection))
        : bookSearchDocument(parseDoc(bookSchema, id, item, collection));
    case 'profiles':
      return profileSearchDocument(parseDoc(profileSchema, id, item, collection));
    case 'blog_posts':
      return blogPostSearchDocument(parseDoc(blogPostSchema, id, item, collection));
    case 'newsletters':
      return newsletterSearchDocument(parseDoc(newsletterSchema, id, item, collection));
    case 'products_services':
      return productSearchDocument(parseDoc(productServiceSchema, id, item, collection), sellerOf());
    case 'classified_ads':
      return adSearchDocument(parseDoc(classifiedAdSchema, id, item, collection), sellerOf());
  }
}

/** Reports a document left out of search (malformed); the default writes to the console. */
export type LeftOut = (collection: SearchedCollection, id: string, error: unknown) => void;

const warn: LeftOut = (collection, id, error) =>
  console.warn(
    `search: ${collection}/${id} left out: ${error instanceof Error ? error.message : String(error)}`,
  );

/**
 * Every public item's SearchDocument, read from Firestore: each searched
 * collection once (books only where public), profiles once for members and
 * sellers alike. What an index starts from before any snapshot exists.
 */
export async function readAllSearchDocuments(
  firestore: Firestore,
  leftOut: LeftOut = warn,
): Promise<SearchDocument[]> {
  const profiles = await firestore.collection('profiles').get();
  const profileData = new Map(profiles.docs.map((doc) => [doc.id, doc.data()]));
  const documents: SearchDocument[] = [];
  for (const collection of Object.keys(SEARCHED_COLLECTIONS) as SearchedCollection[]) {
    const docs =
      collection === 'profiles'
        ? profiles.docs
        : collection === 'books'
          ? [
              ...(await firestore.collection('books').where('is_public', '==', true).get()).docs,
              ...(await firestore.collection('books').where('kind', '==', 'catalogue').get()).docs,
            ]
          : (await firestore.collection(collection).get()).docs;
    for (const doc of docs) {
      const data = doc.data();
      try {
        const seller = hasSeller(collection) ? profileData.get(String(data.user_id)) : undefined;
        const document = toSearchDocument(collection, doc.id, data, seller);
        if (document) documents.push(document);
      } catch (error) {
        leftOut(collection, doc.id, error);
      }
    }
  }
  return documents;
}
