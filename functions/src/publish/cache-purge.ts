// The cache purge handlers of the profiles, books, products/services and classified ads
// triggers: each purges the pages its write touches (functions/src/shared/cache-purge.ts)
// and notes member content for the hourly rebuild.
import { memberPurgeTags } from '../../../src/data/server/shared/cache-tags';
import { db } from '../shared/firestore';
import { noteMemberChange } from './member-changes';
import { onlySessionStampChanged } from '../../../src/domain/shared/caller-standing';
import type { DocChange, Handler } from '../shared/collection-trigger';
import {
  adTags,
  bookTags,
  onlyCountsChanged,
  productTags,
  profileSlugs,
  purgeCacheTags,
} from '../shared/cache-purge';

/** Profiles handler: a profile changed: purge its pages and addresses, and note member content for the hourly rebuild. */
export const purgeProfileCache: Handler = {
  name: 'cache purge',
  async run({ id, before, after }: DocChange) {
    // Ending a member's sessions writes only the stamp: no page shows it.
    if (onlySessionStampChanged(before, after)) return;
    const slugs = profileSlugs(before?.page_slug, after?.page_slug);
    await Promise.all([purgeCacheTags(memberPurgeTags(id, slugs)), noteMemberChange(db(), new Date())]);
  },
};

/** The owner of an item as its document says, if it names one. */
function ownerOf(data: Record<string, unknown> | undefined): string | undefined {
  const uid = data?.user_id;
  return typeof uid === 'string' ? uid : undefined;
}

/** Books handler: a book changed: purge its page, its owner's profile and its series, and note member content for the hourly rebuild. */
export const purgeBookCache: Handler = {
  name: 'cache purge',
  async run({ id, before, after }: DocChange) {
    if (onlyCountsChanged(before, after)) return;
    const tags = bookTags(id, [ownerOf(before), ownerOf(after)], [before?.series_slug, after?.series_slug]);
    await Promise.all([purgeCacheTags(tags), noteMemberChange(db(), new Date())]);
  },
};

/** Products/services handler: a product/service changed: purge its page and its owner's profile. */
export const purgeProductCache: Handler = {
  name: 'cache purge',
  async run({ id, before, after }: DocChange) {
    if (onlyCountsChanged(before, after)) return;
    await purgeCacheTags(productTags(id, [ownerOf(before), ownerOf(after)]));
  },
};

/** Classified ads handler: an ad changed (edited, deactivated, deleted, hidden or restored): purge its page. */
export const purgeAdCache: Handler = {
  name: 'cache purge',
  async run({ id, before, after }: DocChange) {
    if (onlyCountsChanged(before, after)) return;
    await purgeCacheTags(adTags(id));
  },
};
