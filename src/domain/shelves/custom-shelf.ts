/**
 * Shelves of one's own: besides 'Want to read', 'Reading' and 'Read'
 * (shelf.ts), a member keeps up to CUSTOM_SHELF_LIMITS.shelves named shelves,
 * in an order they choose, and puts a book on any number of them.
 *
 * custom_shelves/{auto id} is one shelf (its name, the slug derived from it,
 * its position and its book count, all written by the server);
 * custom_shelf_books/{shelfId}__{bookId} is one book on one shelf, so a book is
 * on a shelf at most once by construction. Only the functions write both
 * (functions/src/shelves/custom-shelves.ts: editCustomShelf, placeOnCustomShelf,
 * and ensureCustomShelves / placeOnCustomShelves for the importer). They follow
 * the shelves' privacy switch (shelf_settings/{uid}): a public member's shelves
 * each have a page, /profile/{slug}/shelves/{shelf-slug}, unless the switch
 * says private. A renamed shelf's old address answers 404 (docs/decisions.md).
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, nonNegativeInt, timestampSchema } from '../shared/common.ts';
import { profileSlug } from '../shared/slug.ts';

/** custom_shelves/{id}: one member's named shelf. */
export const CUSTOM_SHELVES = 'custom_shelves';
/** custom_shelf_books/{shelfId}__{bookId}: one book on one custom shelf. */
export const CUSTOM_SHELF_BOOKS = 'custom_shelf_books';

/** The limits the server holds every write to (the callables and the importer alike). */
export const CUSTOM_SHELF_LIMITS = {
  /** Shelves a member may have. */
  shelves: 20,
  /** Characters in a shelf's name. */
  name: 40,
  /** Books on one shelf. */
  booksPerShelf: 1_000,
  /** Placements written in one transaction by placeOnCustomShelves (it splits a longer list). */
  placementsPerWrite: 200,
} as const;

/** Books a shelf page lists at a time. */
export const SHELF_PAGE_SIZE = 24;

/**
 * Slugs a custom shelf may not take: the fixed shelves' and Goodreads' names for
 * them, so an imported "to-read" or "currently-reading" never becomes a second
 * 'Want to read' or 'Reading'.
 */
export const RESERVED_SHELF_SLUGS: readonly string[] = [
  'want-to-read',
  'to-read',
  'reading',
  'currently-reading',
  'read',
];

/** The texts the shelf manager, the picker and the callables answer with. */
export const CUSTOM_SHELF_MESSAGES = {
  nameRequired: 'Give the shelf a name.',
  nameTooLong: `A shelf name can be at most ${CUSTOM_SHELF_LIMITS.name} characters.`,
  nameUnusable: 'Use at least one letter or digit in the name.',
  nameReserved: 'That name belongs to one of the standard shelves. Choose another.',
  duplicate: 'You already have a shelf with that name.',
  tooMany: `You can have at most ${CUSTOM_SHELF_LIMITS.shelves} shelves of your own.`,
  shelfFull: `A shelf can hold at most ${CUSTOM_SHELF_LIMITS.booksPerShelf.toLocaleString('en')} books.`,
  notFound: 'This shelf does not exist.',
  failed: 'Failed to update your shelves.',
} as const;

/** The slug a shelf name gets (the profile editor's rule: 'Summer Reads!' → 'summer-reads'). */
export function customShelfSlug(name: string): string {
  return profileSlug(name.trim());
}

/** A shelf name as the form and the server accept it: trimmed, 1 to 40 characters, with a usable, unreserved slug. */
export const customShelfNameSchema = z
  .string()
  .trim()
  .min(1, CUSTOM_SHELF_MESSAGES.nameRequired)
  .max(CUSTOM_SHELF_LIMITS.name, CUSTOM_SHELF_MESSAGES.nameTooLong)
  .refine((name) => customShelfSlug(name) !== '', CUSTOM_SHELF_MESSAGES.nameUnusable)
  .refine(
    (name) => !RESERVED_SHELF_SLUGS.includes(customShelfSlug(name)),
    CUSTOM_SHELF_MESSAGES.nameReserved,
  );

/** The create and rename form. */
export const customShelfFormSchema = z.object({
  /** The shelf's name. */
  name: customShelfNameSchema,
});
/** The form's values. */
export type CustomShelfForm = z.infer<typeof customShelfFormSchema>;

/** A stored custom shelf. */
export const customShelfSchema = z
  .object({
    /** Document id. */
    id: idSchema,
    /** The member. */
    user_id: idSchema,
    /** The name the member gave it. */
    name: z.string().min(1).max(CUSTOM_SHELF_LIMITS.name),
    /** customShelfSlug(name), unique among the member's shelves: the page's address. */
    slug: z.string().min(1).max(TEXT_LIMITS.slug),
    /** Where it stands in the member's order (ascending; gaps allowed). */
    position: z.number().int(),
    /** Books on it, moved with each placement in the same transaction (hidden books included: the member's own figure; visitors see VisibleCustomShelf's visible_count). */
    book_count: nonNegativeInt.default(0),
    /** When it was created. */
    created_at: timestampSchema,
    /** When it was last renamed, moved or had a book put on or off it. */
    updated_at: timestampSchema,
  })
  .describe('custom_shelves');
/** A custom shelf. */
export type CustomShelf = z.infer<typeof customShelfSchema>;

/**
 * A custom shelf as visitors see it (its page and the member's profile): besides
 * the stored shelf, how many of its books they see, counted on the same
 * placements the page lists (those of public books). `book_count` counts hidden
 * books too, so it is the member's own figure and the shelf's limit, never the
 * one shown to others.
 */
export type VisibleCustomShelf = CustomShelf & {
  /** Books on the shelf whose book is public: what the shelf's page lists. */
  visible_count: number;
};

/** A stored placement of a book on a custom shelf. */
export const customShelfBookSchema = z
  .object({
    /** Document id (customShelfBookId). */
    id: idSchema,
    /** The shelf. */
    shelf_id: idSchema,
    /** The shelf's member. */
    user_id: idSchema,
    /** The book. */
    book_id: idSchema,
    /** The book's title when placed (the shelf page lists it without reading the book). */
    book_title: z.string().max(TEXT_LIMITS.title),
    /** The book is public: kept by the books trigger like a shelf entry's (shelf.ts). */
    book_public: z.boolean().default(true),
    /** When the book was put on the shelf: the shelf page's order, newest first. */
    added_at: timestampSchema,
  })
  .describe('custom_shelf_books');
/** A book on a custom shelf. */
export type CustomShelfBook = z.infer<typeof customShelfBookSchema>;

/** The id of `bookId`'s placement on shelf `shelfId`. */
export function customShelfBookId(shelfId: string, bookId: string): string {
  return `${shelfId}__${bookId}`;
}

/** A shelf as the callables answer it. */
export type CustomShelfSummary = Pick<CustomShelf, 'id' | 'name' | 'slug' | 'position' | 'book_count'>;

/** editCustomShelf's request: create, rename, delete, or move one place up or down. */
export const editCustomShelfRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('create'), name: customShelfNameSchema }),
  z.strictObject({ action: z.literal('rename'), shelfId: idSchema, name: customShelfNameSchema }),
  z.strictObject({ action: z.literal('delete'), shelfId: idSchema }),
  z.strictObject({ action: z.literal('move'), shelfId: idSchema, direction: z.enum(['up', 'down']) }),
]);
/** editCustomShelf's request as sent. */
export type EditCustomShelfRequest = z.input<typeof editCustomShelfRequestSchema>;
/** editCustomShelf's answer: the member's shelves after the change, in order. */
export interface EditCustomShelfResponse {
  shelves: CustomShelfSummary[];
}

/** placeOnCustomShelf's request: put the book on the shelf (on) or take it off. */
export const placeOnCustomShelfRequestSchema = z.strictObject({
  /** The book. */
  bookId: idSchema,
  /** One of the caller's shelves. */
  shelfId: idSchema,
  /** True puts it on, false takes it off. */
  on: z.boolean(),
});
/** placeOnCustomShelf's request as sent. */
export type PlaceOnCustomShelfRequest = z.input<typeof placeOnCustomShelfRequestSchema>;
/** placeOnCustomShelf's answer. */
export interface PlaceOnCustomShelfResponse {
  shelfId: string;
  on: boolean;
  book_count: number;
}

/** The member's shelves in their order (position, then creation). */
export function orderShelves<T extends Pick<CustomShelf, 'position' | 'id'>>(shelves: readonly T[]): T[] {
  return [...shelves].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

/** The next shelf's position: after the last one. */
export function nextPosition(shelves: readonly Pick<CustomShelf, 'position'>[]): number {
  return shelves.reduce((max, shelf) => Math.max(max, shelf.position + 1), 0);
}

/**
 * Why `name` cannot be given to a shelf among `shelves` (the member's; `selfId`:
 * the shelf being renamed, which may keep its slug), or null when it can.
 * The name is assumed to pass customShelfNameSchema.
 */
export function nameProblem(
  name: string,
  shelves: readonly Pick<CustomShelf, 'id' | 'slug'>[],
  selfId?: string,
): string | null {
  const slug = customShelfSlug(name);
  return shelves.some((shelf) => shelf.slug === slug && shelf.id !== selfId)
    ? CUSTOM_SHELF_MESSAGES.duplicate
    : null;
}

/**
 * The positions to write after moving shelf `id` one place `direction` in
 * `shelves`' order: the order is renumbered 0, 1, 2… and only the shelves whose
 * position changes are returned ([] when it is already first (up) or last
 * (down), or not there).
 */
export function movedPositions(
  shelves: readonly Pick<CustomShelf, 'id' | 'position'>[],
  id: string,
  direction: 'up' | 'down',
): { id: string; position: number }[] {
  const ordered = orderShelves(shelves);
  const at = ordered.findIndex((shelf) => shelf.id === id);
  const other = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || other < 0 || other >= ordered.length) return [];
  [ordered[at], ordered[other]] = [ordered[other]!, ordered[at]!];
  return ordered.flatMap((shelf, position) =>
    shelf.position === position ? [] : [{ id: shelf.id, position }],
  );
}

/** The address of a member's shelf page. */
export function customShelfPath(profileSlugValue: string, shelfSlug: string, after?: string): string {
  const path = `/profile/${encodeURIComponent(profileSlugValue)}/shelves/${encodeURIComponent(shelfSlug)}`;
  return after ? `${path}?after=${encodeURIComponent(after)}` : path;
}

/** What a shelf page's `after` may be: a placement id ({shelfId}__{bookId}); anything else is dropped. */
export function parseShelfCursor(raw: string | null | undefined): string | undefined {
  return raw && raw.length <= 2 * TEXT_LIMITS.id + 2 && /^[A-Za-z0-9_-]+__[A-Za-z0-9_-]+$/.test(raw)
    ? raw
    : undefined;
}

/** The shelf page's title: "Summer reads: a shelf by Margot Ellery". */
export function customShelfPageTitle(shelfName: string, memberName: string): string {
  return `${shelfName}: a shelf by ${memberName}`;
}

/** The shelf page's description. */
export function customShelfPageDescription(shelfName: string, memberName: string, count: number): string {
  return `${memberName}’s shelf “${shelfName}” on Shelfmark: ${bookCountText(count)}.`;
}

/** "12 books" or "1 book". */
export function bookCountText(count: number): string {
  return count === 1 ? '1 book' : `${count.toLocaleString('en')} books`;
}
