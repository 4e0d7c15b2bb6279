/**
 * What the owned-item editors read and call, for any kind in the table
 * (src/domain/kinds/item-kinds.ts): one item by id (rules let anyone read an active
 * item, and its owner and admins an inactive one), a member's items, and the kind's
 * save and delete callables, each sent in the kind's own request. Every answer is
 * parsed with the contract's schemas, so the editors only ever handle valid data.
 */
import type { z } from 'zod';
import { doc, getDoc } from 'firebase/firestore/lite';
import type { ItemSaveRequest, SaveItemResponse } from '../../../domain/items/item-save.ts';
import {
  ITEM_KINDS,
  toKindRequest,
  type ItemKindName,
  type KindFields,
} from '../../../domain/kinds/item-kinds.ts';
import { parseDoc, parseDocs } from '../../firestore-convert.ts';
import { parsedSave } from '../items/item-save.ts';
import type { CallableName } from '../../../domain/callables.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** A stored item of kind `K`, as parsed. */
export type KindItem<K extends ItemKindName> = z.output<(typeof ITEM_KINDS)[K]['schema']>;

/** The item `id` of kind `kind`, or null when it does not exist or this person may not read it. A malformed item throws. */
export async function loadItem<K extends ItemKindName>(kind: K, id: string): Promise<KindItem<K> | null> {
  const { collection, schema } = ITEM_KINDS[kind];
  try {
    const snapshot = await getDoc(doc(db(), collection, id));
    return snapshot.exists() ? (parseDoc(schema, snapshot.id, snapshot.data()) as KindItem<K>) : null;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return null;
    throw error;
  }
}

/** Every item of kind `kind` of `userId`, inactive ones included, oldest first (the rules allow the owner and admins this query). */
export async function loadMemberItems<K extends ItemKindName>(
  kind: K,
  userId: string,
): Promise<KindItem<K>[]> {
  const { collection, getDocs, query, where } = await import('firebase/firestore/lite');
  const entry = ITEM_KINDS[kind];
  const snapshot = await getDocs(query(collection(db(), entry.collection), where('user_id', '==', userId)));
  return (parseDocs(entry.schema, snapshot.docs) as KindItem<K>[]).sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime(),
  );
}

/** Creates or saves an item of kind `kind` through its save callable. */
export async function saveItem<K extends ItemKindName>(
  kind: K,
  save: ItemSaveRequest<KindFields<K>>,
): Promise<CallOutcome<SaveItemResponse>> {
  // The kind's callable takes the kind's request; the table pairs the two.
  const name: CallableName = ITEM_KINDS[kind].saveCallable;
  return parsedSave(await callFunction(name, toKindRequest(kind, save) as never));
}

/** Deletes an item of kind `kind` through its delete callable. */
export async function deleteItem(kind: ItemKindName, id: string): Promise<CallOutcome<unknown>> {
  const name: CallableName = ITEM_KINDS[kind].deleteCallable;
  return callFunction(name, { id } as never);
}
