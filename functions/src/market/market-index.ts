import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../../src/domain/books/book';
import {
  AD_CONTACT_PATH,
  classifiedAdSchema,
  replacedAdPhotoFolder,
} from '../../../src/domain/market/classified-ad';
import {
  MARKET_COLLECTION,
  entryFromAd,
  entryFromBook,
  entryFromProduct,
  marketEntryId,
  sameEntry,
  type MarketEntryWrite,
  type MarketSource,
  type OwnerStatus,
} from '../../../src/domain/market/market-entry';
import { productServiceSchema } from '../../../src/domain/items/product-service';
import { profileSchema } from '../../../src/domain/accounts/profile';
import { parseDoc } from '../../../src/data/firestore-convert';
import { db } from '../shared/firestore';
import { removeUploadFolder } from '../media/media';
import type { DocChange, Handler } from '../shared/collection-trigger';

// Only the fields an entry is made of are parsed, so a listing with some other
// bad field is still listed correctly.
const bookSource = bookSchema.pick({
  user_id: true,
  title: true,
  genre: true,
  cover_image: true,
  ebook_price: true,
  paperback_price: true,
  hardcover_price: true,
  audiobook_price: true,
  is_active: true,
  moderation_hidden: true,
  is_featured: true,
  publication_date: true,
  created_at: true,
});
const productSource = productServiceSchema.pick({
  user_id: true,
  title: true,
  category: true,
  subcategory: true,
  price_numeric: true,
  currency: true,
  image_url: true,
  tags: true,
  is_active: true,
  moderation_hidden: true,
  is_featured: true,
  views_count: true,
  created_at: true,
});
const adSource = classifiedAdSchema.pick({
  user_id: true,
  title: true,
  category: true,
  subcategory: true,
  price: true,
  currency: true,
  tags: true,
  image_url: true,
  is_active: true,
  moderation_hidden: true,
  moderation_held: true,
  is_featured: true,
  views_count: true,
  created_at: true,
});
const ownerSource = profileSchema.pick({ is_active: true, approval_status: true });

/** The entry a listing document should have, or null when it must not be in the market (gone, hidden, malformed or its owner not public). */
export function computeEntry(
  source: MarketSource,
  listing: DocumentSnapshot,
  owner: DocumentSnapshot | undefined,
): MarketEntryWrite | null {
  if (!listing.exists) return null;
  const status: OwnerStatus | null = owner?.exists
    ? parseDoc(ownerSource, owner.id, owner.data(), 'profiles')
    : null;
  const data = listing.data();
  switch (source) {
    case 'books':
      return entryFromBook(listing.id, parseDoc(bookSource, listing.id, data, source), status);
    case 'products_services':
      return entryFromProduct(listing.id, parseDoc(productSource, listing.id, data, source), status);
    case 'classified_ads':
      return entryFromAd(listing.id, parseDoc(adSource, listing.id, data, source), status);
  }
}

/** What refreshMarketEntry did. */
export type EntryChange = 'written' | 'removed' | 'unchanged';

/**
 * Brings one listing's market entry in line with the listing and its owner.
 * The reads and the write share a transaction, so two quick edits cannot
 * leave the entry of the older one; the equality check keeps a settled entry
 * untouched. A malformed listing or owner is taken out of the market (it could
 * not be shown correctly) and logged.
 */
export async function refreshMarketEntry(
  firestore: Firestore,
  source: MarketSource,
  sourceId: string,
): Promise<EntryChange> {
  const listingRef = firestore.collection(source).doc(sourceId);
  const entryRef = firestore.collection(MARKET_COLLECTION).doc(marketEntryId(source, sourceId));
  return firestore.runTransaction(async (tx) => {
    const listing = await tx.get(listingRef);
    const uid = listing.get('user_id');
    const owner =
      listing.exists && typeof uid === 'string' && uid !== ''
        ? await tx.get(firestore.collection('profiles').doc(uid))
        : undefined;
    const entry = await tx.get(entryRef);
    let computed: MarketEntryWrite | null;
    try {
      computed = computeEntry(source, listing, owner);
    } catch (error) {
      logger.error('market entry: listing left out', {
        source,
        id: sourceId,
        error: error instanceof Error ? error.message : String(error),
      });
      computed = null;
    }
    if (computed === null) {
      if (!entry.exists) return 'unchanged';
      tx.delete(entryRef);
      return 'removed';
    }
    if (sameEntry(entry.data(), computed)) return 'unchanged';
    tx.set(entryRef, computed);
    return 'written';
  });
}

function listingHandler(source: MarketSource): Handler {
  return {
    name: 'market index',
    // A hidden listing must leave the marketplace: retried until it succeeds.
    retry: true,
    async run({ id, before, after }: DocChange) {
      const change = await refreshMarketEntry(db(), source, id);
      logger.debug('market entry', { source, id, change });
      if (source === 'classified_ads') await tidyAd(id, before, after);
    },
  };
}

/**
 * What an ad leaves behind: a deleted ad takes its member-only contact details
 * with it, whoever deleted it (the seller's batch already does; an admin or a
 * script may not), and a photo the seller replaced or removed, or that a
 * deleted ad had, is removed from the media store.
 */
async function tidyAd(
  id: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Promise<void> {
  if (!after) await removeAdContact(db(), id);
  const folder = replacedAdPhotoFolder(before, after);
  if (folder) {
    await removeUploadFolder(folder).catch((error: unknown) =>
      logger.error('ad photo not removed', {
        id,
        folder,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}

/** Deletes the contact details of ad `id` (a no-op when there are none). */
export async function removeAdContact(firestore: Firestore, id: string): Promise<void> {
  await firestore
    .collection('classified_ads')
    .doc(id)
    .collection(AD_CONTACT_PATH.collection)
    .doc(AD_CONTACT_PATH.doc)
    .delete();
}

/** Books handler: keeps the market entry of each book in step with the book. */
export const marketIndexBooks = listingHandler('books');
/** Products/services handler: keeps the market entry of each product or service in step with it. */
export const marketIndexProducts = listingHandler('products_services');
/** Classified ads handler: keeps the market entry of each ad in step with it, and tidies what a deleted or re-photographed ad leaves. */
export const marketIndexAds = listingHandler('classified_ads');

const listedFields = (data: Record<string, unknown> | undefined) =>
  data ? `${String(data.is_active)}|${String(data.approval_status)}` : 'none';

/**
 * When a member is approved, denied, disabled, re-enabled or deleted, adds or
 * removes the market entries of all their listings, so the market shows only
 * listings of active, approved members without a join per read.
 */
export const marketIndexOwner: Handler = {
  name: 'market index of the member',
  retry: true,
  run: indexMembersListings,
};

async function indexMembersListings({ id: uid, before, after }: DocChange): Promise<void> {
  if (listedFields(before) === listedFields(after)) return;
  const firestore = db();
  const changes: Record<EntryChange, number> = { written: 0, removed: 0, unchanged: 0 };
  for (const source of ['books', 'products_services', 'classified_ads'] as const) {
    const owned = await firestore.collection(source).where('user_id', '==', uid).select().get();
    for (const doc of owned.docs) changes[await refreshMarketEntry(firestore, source, doc.id)]++;
  }
  logger.debug('market entries of a member', { uid, ...changes });
}
