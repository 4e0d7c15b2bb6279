/**
 * Shelves: a signed-in member puts a book on 'Want to read', 'Reading', 'Read' or
 * 'Did not finish', one shelf at a time, and may take it off again. 'Did not finish'
 * keeps the page or percent where the member stopped (the reading's last progress) and
 * never counts as a finish, so never towards the yearly goal.
 *
 * One document per member per book, book_shelves/{bookId}__{uid} (shelfId), so a
 * book is on at most one of the member's shelves by construction; moving it is an
 * edit of that document, taking it off deletes it. Only the setShelf callable
 * writes them (a member in good standing, a book the public can see). The
 * member's profile lists their shelves unless they made them private:
 * shelf_settings/{uid} { private }, which the member writes from the profile
 * editor (firestore.rules), like the newsletter choice. An entry of a book that
 * is not public (hidden by its owner or a moderator, or its owner not public)
 * is listed to nobody but its member (book_public).
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';
import type { ThrottleLimit } from '../shared/throttle.ts';

/** book_shelves/{shelfId}: one member's shelf for one book. */
export const BOOK_SHELVES = 'book_shelves';
/** shelf_settings/{uid}: whether the member's shelves are private. */
export const SHELF_SETTINGS = 'shelf_settings';

/** The shelves, in the order pages list them. */
export const SHELVES = ['want-to-read', 'reading', 'read', 'did-not-finish'] as const;
/** One shelf. */
export type Shelf = (typeof SHELVES)[number];

/** What a person reads as each shelf's name. */
export const SHELF_LABELS: Readonly<Record<Shelf, string>> = {
  'want-to-read': 'Want to read',
  reading: 'Reading',
  read: 'Read',
  'did-not-finish': 'Did not finish',
};

/** Most shelved books the profile lists (the newest ones); the profile says when there are more. */
export const PROFILE_SHELF_LIMIT = 30;

/**
 * How often one member may change their shelves (throttles/shelf-member-…):
 * generous for a person clicking through their reading, a stop for a script.
 */
export const SHELF_LIMITS_PER_MEMBER: readonly ThrottleLimit[] = [
  { max: 60, windowMs: 10 * 60_000 },
  { max: 500, windowMs: 24 * 60 * 60_000 },
];

/** The texts the shelf picker, the privacy switch and setShelf answer with. */
export const SHELF_MESSAGES = {
  signIn: 'Please sign in to use your shelves.',
  notAllowed: 'Only approved members with a confirmed email address can use shelves.',
  notFound: 'This book does not exist or is not available.',
  throttled: 'You have changed your shelves many times in a short while. Please try again later.',
  failed: 'Failed to update your shelf.',
} as const;

/** The id of `uid`'s shelf entry for `bookId`: `{bookId}__{uid}`. */
export function shelfId(bookId: string, uid: string): string {
  return `${bookId}__${uid}`;
}

/** setShelf's request: the book and its shelf, or null to take it off every shelf. */
export const setShelfRequestSchema = z.strictObject({
  /** The book. */
  bookId: idSchema,
  /** The shelf, or null: on no shelf. */
  shelf: z.enum(SHELVES, { message: 'Choose Want to read, Reading, Read or Did not finish' }).nullable(),
  /** Whether the member owns a copy; left out: as it was (a book moved between shelves stays owned). */
  owned: z.boolean().optional(),
});
/** setShelf's request as sent. */
export type SetShelfRequest = z.input<typeof setShelfRequestSchema>;

/** A stored shelf entry. */
export const shelfEntrySchema = z
  .object({
    /** Document id (shelfId). */
    id: idSchema,
    /** The shelved book. */
    book_id: idSchema,
    /** The book's title when shelved (the profile lists it without reading the book). */
    book_title: z.string().max(TEXT_LIMITS.title),
    /** The member. */
    user_id: idSchema,
    /** Which shelf. */
    shelf: z.enum(SHELVES),
    /**
     * The shelved book is public (its is_public). Written true by setShelf, which
     * shelves only public books, and kept by the books trigger when the book is
     * hidden or shown again: an entry of a book that is not public is off every
     * public page and every visitor's read, and comes back with the book.
     */
    book_public: z.boolean().default(true),
    /** On 'Reading': the open read-through's last page (reading.ts), or null; kept by the callables that write it. On 'Did not finish': the page where the member stopped. */
    progress_page: z.number().int().min(0).nullable().default(null),
    /** On 'Reading': the open read-through's percentage, or null; on 'Did not finish', where the member stopped. */
    progress_percent: z.number().int().min(0).max(100).nullable().default(null),
    /** The member owns a copy (set from the book page, or by an import's Owned Copies / Owned?). */
    owned: z.boolean().default(false),
    /** When the book was put on this shelf: the profile's order. */
    updated_at: timestampSchema,
  })
  .describe('book_shelves');
/** A shelf entry. */
export type ShelfEntry = z.infer<typeof shelfEntrySchema>;

/** shelf_settings/{uid}: the member's choice; no document means public shelves. */
export const shelfSettingsSchema = z.strictObject({
  /** True hides the member's shelves from their profile. */
  private: z.boolean(),
  /** When the choice was last changed. */
  updated_at: timestampSchema,
});

/** The entries grouped by shelf, in SHELVES order, each newest first as given; empty shelves left out. */
export function groupByShelf(
  entries: readonly ShelfEntry[],
): { shelf: Shelf; label: string; entries: ShelfEntry[] }[] {
  return SHELVES.map((shelf) => ({
    shelf,
    label: SHELF_LABELS[shelf],
    entries: entries.filter((entry) => entry.shelf === shelf),
  })).filter((group) => group.entries.length > 0);
}

/**
 * The shelf entries whose stored book_public differs from their book's
 * visibility (`publicBooks`: the ids of public books), with the value to store:
 * what scripts/backfill-reader-visibility.ts writes for entries stored before
 * the field existed (no field reads as stale, so every such entry is written once).
 */
export function shelfEntryUpdates(
  entries: readonly { id: string; data: { book_id?: unknown; book_public?: unknown } }[],
  publicBooks: ReadonlySet<string>,
): { id: string; book_public: boolean }[] {
  return entries.flatMap(({ id, data }) => {
    const bookPublic = typeof data.book_id === 'string' && publicBooks.has(data.book_id);
    return data.book_public === bookPublic ? [] : [{ id, book_public: bookPublic }];
  });
}
