// The owned-item kinds on the server, one entry each (book, product/service, ad), and
// their callables, all built here over the one save path (../items/owned-items.ts) from
// the kinds' table (src/domain/kinds/item-kinds.ts): each kind's save parses its own
// request, turns it into the one save request and saves; each delete removes the item
// and what points at it. The six callables keep their names because they are the
// contract with the site's pages (src/domain/callables.ts). A fourth kind is an
// ItemKind in its area, one entry in SERVER_KINDS and its two lines at the bottom.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { ITEM_KINDS, toItemSave, type ItemKindName } from '../../../src/domain/kinds/item-kinds';
import type { SaveItemResponse } from '../../../src/domain/items/item-save';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { db } from '../shared/firestore';
import { guardedCall, type GuardedCallable } from '../shared/guard';
import {
  deleteItemCallable,
  itemCaller,
  removeUpload,
  saveOwnedItem,
  type ItemKind,
} from '../items/owned-items';
import { BOOK_ITEM } from '../books/save-book';
import { PRODUCT_ITEM } from '../items/save-product';
import { AD_ITEM } from '../market/save-ad';

/** How each kind is stored and saved. */
export const SERVER_KINDS: Record<ItemKindName, ItemKind> = {
  book: BOOK_ITEM,
  product: PRODUCT_ITEM,
  ad: AD_ITEM,
};

/**
 * The save callable of one kind: creates (no id) or saves an item. Request: the kind's
 * `request` schema; returns saveItemResponseSchema (with `held` for an ad). Errors:
 * unauthenticated ('Please sign in to save.'); invalid-argument ('<field>: <message>');
 * permission-denied (not the owner or an admin, an owner not verified, approved and
 * active, admin fields from a member); not-found; resource-exhausted (LIMIT_MESSAGES);
 * and the kind's own (a book's ISBN another book holds: already-exists).
 */
export function saveItemCallable(name: ItemKindName): GuardedCallable<SaveItemResponse> {
  const entry = ITEM_KINDS[name];
  return guardedCall(
    'session',
    async (request, guard): Promise<SaveItemResponse> => {
      const caller = itemCaller(guard);
      const parsed = entry.request.safeParse(request.data);
      if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
      const save = toItemSave(name, parsed.data);
      const item = SERVER_KINDS[name];
      const run = item.forSave?.(caller, save) ?? { kind: item, answer: () => ({}) };
      const saved = await saveOwnedItem(db(), run.kind, caller, save);
      await removeUpload(saved.oldUpload, { [name]: saved.id });
      const answer = run.answer();
      logger.info(`${entry.saveCallable}: saved`, {
        [name]: saved.id,
        by: caller.uid,
        created: saved.created,
        ...answer,
      });
      return { id: saved.id, updated_at: saved.updatedAt.toISOString(), ...answer };
    },
    { signIn: 'Please sign in to save.' },
  );
}

/** The delete callable of one kind (owner or admin); see deleteItemCallable. */
function deleteCallable(name: ItemKindName): GuardedCallable<{ id: string }> {
  return deleteItemCallable(SERVER_KINDS[name], { callable: ITEM_KINDS[name].deleteCallable, key: name });
}

export const saveBook = saveItemCallable('book');
export const deleteBook = deleteCallable('book');
export const saveProductService = saveItemCallable('product');
export const deleteProductService = deleteCallable('product');
export const saveClassifiedAd = saveItemCallable('ad');
export const deleteClassifiedAd = deleteCallable('ad');
