/**
 * What the generic owned-item editor, list, page editor and mount need to know
 * about one kind of item a member owns (a book, a product/service): its
 * editor's schema and values, its data calls, the fields only it has, and its
 * texts. A new kind is one object of this type plus its fields component.
 */
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import type { CallOutcome } from '../../data/client/shared/callable.ts';
import type { SaveItemResponse } from '../../domain/items/item-save.ts';
import type { LimitedKind } from '../../domain/items/plan-limits.ts';

/** The stored fields every owned item has. */
export interface OwnedItem {
  id: string;
  user_id: string;
  title: string;
  /** False hides the item from everyone but its owner and admins. */
  is_active: boolean;
  /** True while an admin's moderation hides it (set and cleared only by the adminModeration function). */
  moderation_hidden?: boolean;
}

/** The editor values every owned item has: the admin-only active flag. */
export interface OwnedItemValues extends FieldValues {
  is_active: boolean;
}

/** What the kind's fields component is given inside the editor's form context. */
export interface OwnedItemFieldsProps<Item> {
  /** The stored item, or null for a new one. */
  item: Item | null;
  /** The item's owner: where its uploads go. */
  ownerId: string;
  /** Prefix of the inputs' ids. */
  prefix: string;
}

/** A save as the editor asks for it; the kind maps it onto its callable. */
export interface OwnedItemSave<Values> {
  /** The item to change; absent to create one. */
  itemId?: string;
  /** Owner of a new item. */
  userId: string;
  values: Values;
  /** Admin-only fields that changed, if any. */
  admin?: Partial<Record<AdminFlagName, boolean>>;
}

/** The admin-only switches an item kind may have. */
export type AdminFlagName = 'is_active' | 'is_featured';

/** One admin-only checkbox on an existing item (Active, Featured): its field, label and hint. */
export interface AdminFlag {
  name: AdminFlagName;
  label: string;
  hint: string;
}

/** The words a kind shows (the spec fixes most of them; see ITEM_MESSAGES). */
export interface OwnedItemTexts {
  /** The editor's accessible name when adding ('Add a book'). */
  addLabel: string;
  /** The delete button's text, closed and in the dialog ('Delete Book'). */
  deleteButton: string;
  /** The delete dialog's title. */
  deleteTitle: string;
  saveFailed: string;
  deleteFailed: string;
  /** Toasts after a save from the list, a save anywhere else, and a delete. */
  added: string;
  updated: string;
  deleted: string;
  /** The list section's heading, note, states and Add button. */
  listHeading: string;
  listNote: string;
  listLoading: string;
  listLoadFailed: string;
  listEmpty: string;
  addButton: string;
  /** What the free plan's counter counts ('books' in '2/3 books (free plan)'). */
  counterNoun: string;
  /** The page editor's load failure toast. */
  pageLoadFailed: string;
  /** The title visitors see on a disabled item's page. */
  notFoundTitle: string;
}

/** One kind of owned item, configured for the generic editor, list and page editor. */
export interface OwnedItemKind<Item extends OwnedItem, Values extends OwnedItemValues> {
  /** Singular stem of data attributes and kept-draft names ('book': data-book-editor, book:{id}). */
  name: string;
  /** Plural stem of the list's data attributes and heading id ('books': data-books-section). */
  plural: string;
  /** The plan limit new items count against. */
  limit: LimitedKind;
  /** Prefix of the editor's input ids where no other is given. */
  idPrefix: string;
  /** Prefix of the list section's ids. */
  listIdPrefix: string;
  /** Ids of an editor opened in the list ('new' or the item's id as key); absent: `idPrefix`. */
  listEditorIdPrefix?: (listPrefix: string, key: string) => string;
  /** Validates the editor's values (the kind's zod schema). */
  resolver: Resolver<Values>;
  /** The editor's values for a stored item, or the blank ones. */
  toValues: (item?: Item) => Values;
  /** The fields only this kind has, inside the editor's form. */
  Fields: ComponentType<OwnedItemFieldsProps<Item>>;
  /** Whether the admin's checkboxes sit in their own 'Admin' section. */
  adminSection: boolean;
  /** The admin-only checkboxes of an existing item, in order (Active first). */
  adminFlags: readonly AdminFlag[];
  /** Class of the editor's form and of its button row (the layout the kind's fields want). */
  formClass: string;
  footerClass: string;
  /** A second line under the item's title in the list, if any. */
  summary?: (item: Item) => ReactNode;
  /** The item's public page. */
  path: (item: Item) => string;
  /** Where the page editor goes after a delete. */
  pathAfterDelete: (item: Item) => string;
  /** The data calls (each imports the data layer only when called). */
  load: (id: string) => Promise<Item | null>;
  loadMemberItems: (userId: string) => Promise<Item[]>;
  save: (request: OwnedItemSave<Values>) => Promise<CallOutcome<SaveItemResponse>>;
  remove: (id: string) => Promise<CallOutcome<unknown>>;
  /**
   * The field a refused save is about, with the message to show under it (a book's
   * ISBN another book holds), or null to show the refusal as a toast.
   */
  refusedField?: (refusal: {
    code: string;
    message: string;
  }) => { field: Path<Values>; message: string } | null;
  texts: OwnedItemTexts;
}

/** Any owned-item kind, for code that only passes one along. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOwnedItemKind = OwnedItemKind<any, any>;

/** The name an editor's unsaved values are kept under when a session ends (kept-draft.ts). */
export function ownedItemDraftKey(kindName: string, itemId: string | null, userId: string): string {
  return itemId ? `${kindName}:${itemId}` : `${kindName}:new:${userId}`;
}
