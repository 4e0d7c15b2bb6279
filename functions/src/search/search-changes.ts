// Records what the search box should now find for an item whose document (or
// whose seller's profile) was written: its SearchDocument, or null when it
// must not be found, in the change log every server instance applies
// (src/domain/search/search-sync.ts). The collections' triggers run these handlers;
// nothing else writes the log directly.
import * as logger from 'firebase-functions/logger';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  SEARCH_CHANGE_RETENTION_MS,
  SEARCH_CHANGES,
  SEARCH_STATE,
  searchFingerprint,
} from '../../../src/domain/search/search-sync';
import type { SearchDocument } from '../../../src/domain/search/site-search';
import {
  hasSeller,
  searchIdOf,
  toSearchDocument,
  type SearchedCollection,
} from '../../../src/data/server/search/search-source';
import { db } from '../shared/firestore';
import type { DocChange, Handler } from '../shared/collection-trigger';

/**
 * What search should find for collection/id now, read inside `tx`: the item's
 * document, or null when it is gone, not public, or malformed (logged; it
 * could not be shown correctly anyway).
 */
export async function currentSearchDocument(
  firestore: Firestore,
  tx: Transaction,
  collection: SearchedCollection,
  id: string,
): Promise<SearchDocument | null> {
  const snap = await tx.get(firestore.collection(collection).doc(id));
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  try {
    const uid = data.user_id;
    const seller =
      hasSeller(collection) && typeof uid === 'string' && uid !== ''
        ? (await tx.get(firestore.collection('profiles').doc(uid))).data()
        : undefined;
    return toSearchDocument(collection, id, data, seller);
  } catch (error) {
    logger.error('search: item left out', {
      collection,
      id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/** What recordSearchChange did. */
export type SearchChangeResult = 'recorded' | 'unchanged';

/**
 * Records collection/id's current state in the change log when it differs from
 * the state last recorded. The item's reads, the fingerprint's read and both
 * writes share a transaction, so of two quick edits the later one is recorded
 * last, and a retried event records nothing twice.
 */
export async function recordSearchChange(
  firestore: Firestore,
  collection: SearchedCollection,
  id: string,
  now: Date = new Date(),
): Promise<SearchChangeResult> {
  const docId = searchIdOf(collection, id);
  const stateRef = firestore.collection(SEARCH_STATE).doc(docId);
  return firestore.runTransaction(async (tx) => {
    const document = await currentSearchDocument(firestore, tx, collection, id);
    const state = await tx.get(stateRef);
    const fingerprint = searchFingerprint(document);
    if ((state.exists ? state.get('fingerprint') : searchFingerprint(null)) === fingerprint)
      return 'unchanged';
    tx.set(stateRef, { fingerprint });
    tx.create(firestore.collection(SEARCH_CHANGES).doc(), {
      doc_id: docId,
      document,
      changed_at: FieldValue.serverTimestamp(),
      expires_at: new Date(now.getTime() + SEARCH_CHANGE_RETENTION_MS),
    });
    return 'recorded';
  });
}

function searchHandler(collection: SearchedCollection): Handler {
  return {
    name: 'search',
    async run({ id, before, after }: DocChange) {
      const firestore = db();
      const result = await recordSearchChange(firestore, collection, id);
      logger.debug('search change', { collection, id, result });
      if (collection !== 'profiles') return;
      // A member's products and ads name them and show only while they are public:
      // when the profile changed, so may they. (Their books follow through their own
      // visibility and author fields, which the books trigger keeps.)
      const sellerFields = (data: Record<string, unknown> | undefined) =>
        data ? JSON.stringify([data.is_active, data.approval_status, data.display_name, data.page_slug]) : '';
      if (sellerFields(before) === sellerFields(after)) return;
      for (const owned of ['products_services', 'classified_ads'] as const) {
        const items = await firestore.collection(owned).where('user_id', '==', id).select().get();
        for (const item of items.docs) await recordSearchChange(firestore, owned, item.id);
      }
    },
  };
}

/** Books handler: records search changes of books. */
export const searchBooks = searchHandler('books');
/** Profiles handler: records search changes of members (and of their products and ads when they change as sellers). */
export const searchProfiles = searchHandler('profiles');
/** Products/services handler: records search changes of products and services. */
export const searchProducts = searchHandler('products_services');
/** Classified ads handler: records search changes of classified ads. */
export const searchAds = searchHandler('classified_ads');
/** Blog posts handler: records search changes of blog posts. */
export const searchBlogPosts = searchHandler('blog_posts');
/** Newsletters handler: records search changes of newsletters. */
export const searchNewsletters = searchHandler('newsletters');
