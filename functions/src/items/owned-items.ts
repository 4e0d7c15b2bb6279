// Saving and deleting an item a member owns (a book, a product/service, a
// classified ad) from its own editor, in one transaction each: who may write (the
// owner while verified, approved and active, or an admin), the admin-only
// fields, the image, the plan limit on creation, then the write (with an entry
// in the admins' audit log when an admin changes a switch, is_active or
// is_featured). Any refusal throws before a write, so a refused save writes
// nothing. The moderation flag
// (moderation_hidden) is never among the fields a save writes: only the
// adminModeration function sets and clears it, and an owner's edit cannot undo
// it. Each kind is an ItemKind in its own area; functions/src/kinds/item-kinds.ts
// lists them and builds their save and delete callables over this.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { LimitedKind } from '../../../src/domain/items/plan-limits';
import { deleteItemRequestSchema, ITEM_MESSAGES } from '../../../src/domain/items/item-save';
import {
  describeIssue,
  isPathSafeId,
  nextUpdatedAt,
  profileImageVerdict,
  replacedUploadOf,
} from '../../../src/domain/accounts/profile-save';
import type { SubscriptionStatus } from '../../../src/domain/accounts/profile';
import { guardedCall, type Caller, type GuardedCallable } from '../shared/guard';
import { db, millisOf } from '../shared/firestore';
import { removeUploadFolder } from '../media/media';
import { assertWithinPlanLimit } from './plan-limit';
import { auditInTransaction, changedFields } from '../shared/audit';

/** Who is calling. */
export interface ItemCaller {
  uid: string;
  admin: boolean;
  emailVerified: boolean;
}

/** The item caller from the guard's caller: admin powers as the current record says, not the token. */
export function itemCaller(caller: Caller): ItemCaller {
  return { uid: caller.uid, admin: caller.admin, emailVerified: caller.emailVerified };
}

/** An item's owner as a derivation reads it: the uid, and the profile document (undefined when there is none). */
export interface ItemOwner {
  uid: string;
  profile: Record<string, unknown> | undefined;
}

/** How one kind of item is stored. */
export interface ItemKind {
  /** The collection the items live in. */
  collection: 'books' | 'products_services' | 'classified_ads';
  /** What a new item counts against in the free plan's limits, or null when the kind is not limited. */
  limit: LimitedKind | null;
  /** The field holding the item's picture. */
  imageField: 'cover_image' | 'image_url';
  /**
   * Form fields stored beside the item rather than on it, in one document under
   * it (an ad's contact details, which visitors must not read), written in the
   * save's transaction.
   */
  sidecar?: { collection: string; doc: string; fields: readonly string[] };
  /** True when the collection's trigger removes a replaced or deleted picture (for every writer), so the callables leave it. */
  pictureTidiedByTrigger?: boolean;
  /** Fields every new item starts with besides the form's (counters). */
  createDefaults: Record<string, unknown>;
  /** Throws when the item as written would not parse with the entity schema (dates as Date). */
  check(written: Record<string, unknown>): void;
  /** Extra work on every save's fields (derived values). */
  derive?(fields: Record<string, unknown>): Record<string, unknown>;
  /**
   * The fields derived from the item as saved and its owner's profile that differ
   * from the item's (books: author snapshot, listing and visibility fields), written
   * with the save so the collection's trigger finds nothing left to write back.
   */
  ownerDerived?(id: string, item: Record<string, unknown>, owner: ItemOwner): Record<string, unknown>;
  /**
   * Keeps what other documents say of the saved item (a book's ISBN claim), inside
   * the transaction, on every save that sends fields: reads first and may refuse,
   * then returns the writes to do. `before` is the stored item (null when new),
   * `after` the item as it will be stored.
   */
  onSave?(
    tx: FirebaseFirestore.Transaction,
    firestore: Firestore,
    save: {
      id: string;
      ownerUid: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown>;
    },
  ): Promise<() => void>;
  /**
   * The kind as one save runs it, for a kind whose save depends on the caller and the
   * fields sent (an ad's standing hold), with what that adds to the save's answer.
   */
  forSave?(caller: ItemCaller, save: ItemSave): { kind: ItemKind; answer(): { held?: boolean } };
  /** Deletes what points at a deleted item (featured slots, a book's ISBN claim), inside the transaction: reads first, then returns the writes to do. */
  onDelete?(
    tx: FirebaseFirestore.Transaction,
    firestore: Firestore,
    id: string,
    existing: DocumentSnapshot,
  ): Promise<() => void>;
}

/** A save request, already validated with the kind's request schema. */
export interface ItemSave {
  id?: string;
  userId?: string;
  /** Every editable field; null for an admin's save of admin-only fields on an existing item. */
  fields: Record<string, unknown> | null;
  admin?: { is_active?: boolean; is_featured?: boolean };
}

/** What a committed save did. */
export interface ItemSaved {
  id: string;
  updatedAt: Date;
  created: boolean;
  /** An upload folder the save stopped using, to remove after the commit. */
  oldUpload: string | null;
}

/** The audit log's name of each kind's item (as the moderation entries name them). */
const AUDITED_KIND: Record<ItemKind['collection'], string> = {
  books: 'book',
  products_services: 'product',
  classified_ads: 'ad',
};

/**
 * Records an admin's change of an item's switches (is_active, is_featured) in
 * the admins' audit log, in the save's transaction: action 'set-item-switches',
 * the owner as target, the switches that changed before and after, and which
 * item. A save that changes no switch records nothing.
 */
function auditSwitches(
  tx: FirebaseFirestore.Transaction,
  firestore: Firestore,
  item: ItemKind,
  actorUid: string,
  existing: DocumentSnapshot,
  switches: NonNullable<ItemSave['admin']>,
): void {
  const stored = Object.fromEntries(Object.keys(switches).map((key) => [key, existing.get(key) ?? null]));
  const { before, after } = changedFields(stored, switches);
  if (Object.keys(after).length === 0) return;
  auditInTransaction(tx, firestore, {
    actorUid,
    action: 'set-item-switches',
    targetUid: String(existing.get('user_id')),
    before,
    after: {
      ...after,
      item_kind: AUDITED_KIND[item.collection],
      item_id: existing.id,
      item_title: String(existing.get('title') ?? ''),
    },
  });
}

/** Every editable field with null for an absent optional one, so a save replaces the fields the editor cleared. */
function withNulls(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value === undefined ? null : value]),
  );
}

/** Refuses a caller who may not write items of the member `profile`. */
function assertMayWrite(caller: ItemCaller, ownerUid: string, profile: DocumentSnapshot): void {
  if (!profile.exists) throw new HttpsError('not-found', 'Profile not found');
  if (caller.admin) return;
  const owner =
    caller.uid === ownerUid &&
    caller.emailVerified &&
    profile.get('approval_status') === 'approved' &&
    profile.get('is_active') === true;
  if (!owner) throw new HttpsError('permission-denied', ITEM_MESSAGES.notAllowed);
}

/** The save's fields split into those stored on the item and those of its sidecar (null when the kind has none or nothing was sent). */
function splitSidecar(
  item: ItemKind,
  fields: Record<string, unknown> | null,
): { fields: Record<string, unknown> | null; beside: Record<string, unknown> | null } {
  if (!item.sidecar || fields === null) return { fields, beside: null };
  const keys = new Set(item.sidecar.fields);
  const entries = Object.entries(fields);
  return {
    fields: Object.fromEntries(entries.filter(([key]) => !keys.has(key))),
    beside: withNulls(Object.fromEntries(item.sidecar.fields.map((key) => [key, fields[key]]))),
  };
}

/** Writes the sidecar document of `ref` in the transaction, when the save sent its fields. */
function writeSidecar(
  tx: FirebaseFirestore.Transaction,
  item: ItemKind,
  ref: FirebaseFirestore.DocumentReference,
  beside: Record<string, unknown> | null,
): void {
  if (!item.sidecar || beside === null) return;
  tx.set(ref.collection(item.sidecar.collection).doc(item.sidecar.doc), beside);
}

/** Saves (creates or replaces the editable fields of) one item; see the file comment. */
export async function saveOwnedItem(
  firestore: Firestore,
  item: ItemKind,
  caller: ItemCaller,
  save: ItemSave,
): Promise<ItemSaved> {
  if (save.id !== undefined && !isPathSafeId(save.id))
    throw new HttpsError('invalid-argument', 'Id: not an item id');
  if (save.userId !== undefined && !isPathSafeId(save.userId))
    throw new HttpsError('invalid-argument', 'UserId: not a user id');
  const adminFields = save.admin !== undefined && Object.keys(save.admin).length > 0;
  if (adminFields && !caller.admin) throw new HttpsError('permission-denied', ITEM_MESSAGES.notAllowed);
  if (adminFields && save.id === undefined)
    throw new HttpsError('invalid-argument', 'Only an existing item can be disabled or featured.');
  if (save.fields === null && (save.id === undefined || !adminFields))
    throw new HttpsError('invalid-argument', "The item's fields are required.");
  if (save.id === undefined && save.userId !== undefined && save.userId !== caller.uid && !caller.admin) {
    throw new HttpsError('permission-denied', ITEM_MESSAGES.notAllowed);
  }
  const collection = firestore.collection(item.collection);
  const { fields: sent, beside } = splitSidecar(item, save.fields);

  return firestore.runTransaction(async (tx) => {
    let existing: DocumentSnapshot | null = null;
    if (save.id !== undefined) {
      existing = await tx.get(collection.doc(save.id));
      if (!existing.exists) throw new HttpsError('not-found', ITEM_MESSAGES.notFound);
    }
    const ownerUid = existing ? String(existing.get('user_id')) : (save.userId ?? caller.uid);
    if (existing && !caller.admin && ownerUid !== caller.uid)
      throw new HttpsError('permission-denied', ITEM_MESSAGES.notAllowed);
    const profile = await tx.get(firestore.collection('profiles').doc(ownerUid));
    assertMayWrite(caller, ownerUid, profile);

    const storedImage = existing?.get(item.imageField) as string | null | undefined;
    // An admin-only save sends no fields: the picture stays as it is.
    const nextImage = sent ? (sent[item.imageField] as string | null | undefined) : undefined;
    const verdict = profileImageVerdict(nextImage, storedImage ?? null, ownerUid);
    if (verdict === 'other-member')
      throw new HttpsError('permission-denied', 'Image: that image belongs to another member.');
    if (verdict === 'not-an-upload')
      throw new HttpsError('invalid-argument', 'Image: use an image you uploaded or an https:// address.');

    const fields = sent ? withNulls(item.derive ? item.derive(sent) : sent) : {};
    const now = Timestamp.fromMillis(nextUpdatedAt(Date.now(), millisOf(existing?.get('updated_at'))));
    if (existing) {
      const edited = { ...fields, ...(save.admin ?? {}), updated_at: now };
      const owner = { uid: ownerUid, profile: profile.data() };
      const next = {
        ...edited,
        ...item.ownerDerived?.(existing.id, { ...existing.data(), ...edited }, owner),
      };
      const merged: Record<string, unknown> = { ...existing.data(), ...next };
      const createdAt = merged.created_at instanceof Timestamp ? merged.created_at.toDate() : now.toDate();
      item.check({ ...merged, created_at: createdAt, updated_at: now.toDate() });
      const related =
        sent && item.onSave
          ? await item.onSave(tx, firestore, {
              id: existing.id,
              ownerUid,
              before: existing.data() ?? {},
              after: merged,
            })
          : () => undefined;
      tx.update(existing.ref, next);
      writeSidecar(tx, item, existing.ref, beside);
      if (adminFields && save.admin) auditSwitches(tx, firestore, item, caller.uid, existing, save.admin);
      related();
      return {
        id: existing.id,
        updatedAt: now.toDate(),
        created: false,
        oldUpload:
          sent && !item.pictureTidiedByTrigger
            ? replacedUploadOf(storedImage, nextImage ?? null, ownerUid)
            : null,
      };
    }
    const ref = collection.doc();
    const fresh = {
      ...fields,
      ...item.createDefaults,
      user_id: ownerUid,
      is_active: true,
      is_featured: false,
      created_at: now,
      updated_at: now,
    };
    const created = {
      ...fresh,
      ...item.ownerDerived?.(ref.id, fresh, { uid: ownerUid, profile: profile.data() }),
    };
    item.check({ ...created, created_at: now.toDate(), updated_at: now.toDate() });
    const related = item.onSave
      ? await item.onSave(tx, firestore, { id: ref.id, ownerUid, before: null, after: created })
      : () => undefined;
    // Last of the reads: the plan limit's check also takes its lock (a write).
    if (item.limit !== null) {
      const subscription = (profile.get('subscription_status') ?? 'free') as SubscriptionStatus;
      await assertWithinPlanLimit(tx, firestore, {
        kind: item.limit,
        uid: ownerUid,
        subscription,
        removing: 0,
        adding: 1,
      });
    }
    tx.create(ref, created);
    writeSidecar(tx, item, ref, beside);
    related();
    return { id: ref.id, updatedAt: now.toDate(), created: true, oldUpload: null };
  });
}

/** Deletes one item of the caller's (or, for an admin, anyone's); returns the upload folder to remove. */
export async function deleteOwnedItem(
  firestore: Firestore,
  item: ItemKind,
  caller: ItemCaller,
  id: string,
): Promise<string | null> {
  if (!isPathSafeId(id)) throw new HttpsError('invalid-argument', 'Id: not an item id');
  return firestore.runTransaction(async (tx) => {
    const existing = await tx.get(firestore.collection(item.collection).doc(id));
    if (!existing.exists) throw new HttpsError('not-found', ITEM_MESSAGES.notFound);
    const ownerUid = String(existing.get('user_id'));
    if (!caller.admin && ownerUid !== caller.uid)
      throw new HttpsError('permission-denied', ITEM_MESSAGES.notAllowed);
    const profile = await tx.get(firestore.collection('profiles').doc(ownerUid));
    if (!caller.admin) assertMayWrite(caller, ownerUid, profile);
    const extra = item.onDelete ? await item.onDelete(tx, firestore, id, existing) : () => undefined;
    tx.delete(existing.ref);
    if (item.sidecar) tx.delete(existing.ref.collection(item.sidecar.collection).doc(item.sidecar.doc));
    extra();
    if (item.pictureTidiedByTrigger) return null;
    return replacedUploadOf(existing.get(item.imageField) as string | null | undefined, null, ownerUid);
  });
}

/** Removes a replaced or deleted item's upload folder; a failure is logged (a leftover folder breaks nothing). */
export async function removeUpload(folder: string | null, context: Record<string, unknown>): Promise<void> {
  if (folder === null) return;
  await removeUploadFolder(folder).catch((error: unknown) =>
    logger.error('The replaced image was not removed', { ...context, folder, error }),
  );
}

/** How a kind's delete callable appears in the log: its name ('deleteBook') and the key of the item's id ('book'). */
export interface DeleteLog {
  callable: string;
  key: string;
}

/**
 * The delete callable of one kind (owner or admin): request
 * deleteItemRequestSchema, returns { id }. Deletes the item and what
 * `item.onDelete` cleans up in one transaction, then its upload folder. Errors:
 * unauthenticated ('Please sign in to save.'); invalid-argument; not-found;
 * permission-denied (not the owner or an admin, an owner not verified, approved
 * and active).
 */
export function deleteItemCallable(item: ItemKind, log: DeleteLog): GuardedCallable<{ id: string }> {
  return guardedCall(
    'session',
    async (request, guard): Promise<{ id: string }> => {
      const caller = itemCaller(guard);
      const parsed = deleteItemRequestSchema.safeParse(request.data);
      if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
      const { id } = parsed.data;
      const folder = await deleteOwnedItem(db(), item, caller, id);
      await removeUpload(folder, { [log.key]: id });
      logger.info(`${log.callable}: deleted`, { [log.key]: id, by: caller.uid });
      return { id };
    },
    { signIn: 'Please sign in to save.' },
  );
}
