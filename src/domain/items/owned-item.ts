/**
 * What every item a member owns (a book, a product/service, a classified ad)
 * stores around its own fields: its id and owner, the admins' two switches, the
 * moderation flag and its times. A kind's schemas are built here from its own
 * fields, so every kind carries the same tail, and its form schema is exactly
 * its own fields: never the owner, the switches, the flag or the times, which
 * only the server and admins write (functions/src/items/owned-items.ts).
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';

/** The owner and the admin-only switches, stored on every owned item. */
const ownerFields = {
  /** Owner's uid. */
  user_id: idSchema,
  /** False hides the item from everyone but its owner and admins; only admins change it. */
  is_active: z.boolean().default(true),
  /** Featured by an admin: a product's or ad's 'Featured First' sort, a book's Featured badge (the home's slots). */
  is_featured: z.boolean().default(false),
};

/** What only the server writes on every owned item. */
const serverFields = {
  /** True while an admin's moderation hides it (set and cleared only by the adminModeration function; src/domain/accounts/visibility.ts). */
  moderation_hidden: z.boolean().default(false),
  /** When it was added. */
  created_at: timestampSchema,
  /** When it was last saved. */
  updated_at: timestampSchema.nullish(),
};

/**
 * The stored schema of one kind, `collection/{autoId}`: its id, the owner and
 * switches, the kind's own (form) fields, what the server keeps on it besides
 * (counters, derived fields), then the moderation flag and times.
 */
export function ownedItemSchema<Own extends z.ZodRawShape, Kept extends z.ZodRawShape>(
  collection: string,
  own: Own,
  kept: Kept,
) {
  return z.object({ id: idSchema, ...ownerFields, ...own, ...kept, ...serverFields }).describe(collection);
}

/** Firestore document ids the site creates (auto ids and seed ids): letters, digits, '_' and '-'. */
const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** True when `id` can name an owned item; anything else is answered 404 without a read. */
export function isItemIdShape(id: string | undefined | null): id is string {
  return typeof id === 'string' && ITEM_ID_PATTERN.test(id);
}
