/**
 * Featured books and profiles on the home page, as the dashboard changes them:
 * the adminFeatured callable's requests (one zod schema, shared by the dashboard
 * and the function) and the pure slot rules.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';
import { FEATURED_BOOK_SLOTS, FEATURED_PROFILE_SLOTS } from './featured.ts';

/** The callable behind every featured-slot change. */
export const ADMIN_FEATURED_CALLABLE = 'adminFeatured';

/** Refused when every book slot is taken. */
export const MAX_FEATURED_BOOKS_MESSAGE = 'Maximum of 12 featured books allowed';
/** Refused when the picked member may not be featured. */
export const PROFILE_NOT_FEATURABLE_MESSAGE = 'Only active, approved members can be featured.';
/** Refused when the picked book is missing or disabled. */
export const BOOK_NOT_FEATURABLE_MESSAGE = 'Only active books can be featured.';

const docId = idSchema.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id');
const bookPosition = z.number().int().min(1).max(FEATURED_BOOK_SLOTS);
const profilePosition = z.number().int().min(1).max(FEATURED_PROFILE_SLOTS);

/** Every request of adminFeatured, told apart by `action`. */
export const adminFeaturedRequestSchema = z.discriminatedUnion('action', [
  /** Puts a book in a slot, replacing whatever held it; the book leaves any other slot. */
  z.strictObject({ action: z.literal('assign-book'), position: bookPosition, bookId: docId }),
  z.strictObject({ action: z.literal('remove-book'), position: bookPosition }),
  /** The list's toggle: featured puts the book in the first free slot; not featured removes it from its slot. */
  z.strictObject({ action: z.literal('set-book-featured'), bookId: docId, featured: z.boolean() }),
  z.strictObject({ action: z.literal('assign-profile'), position: profilePosition, userId: docId }),
  z.strictObject({ action: z.literal('remove-profile'), position: profilePosition }),
]);
/** A request as validated. */
export type AdminFeaturedRequest = z.infer<typeof adminFeaturedRequestSchema>;

/** What every action answers: the slot that changed (null when removed or nothing held). */
export interface AdminFeaturedResult {
  position: number | null;
}

/** The first position (1-based) not in `taken`, or null when all `count` are taken. */
export function firstFreePosition(taken: Iterable<number>, count: number): number | null {
  const used = new Set(taken);
  for (let position = 1; position <= count; position++) if (!used.has(position)) return position;
  return null;
}
