/**
 * Settling who owns an ISBN (src/domain/books/isbn-claim.ts), from the admin
 * dashboard's Book Management section, through the adminIsbnClaims callable
 * (admins only): look an ISBN up to see the book that holds it (and any other
 * book still carrying it, stored before the claims), or move its claim to
 * another book. A move gives the book the ISBN, clears it from the book that
 * held it, releases the new book's old claim, and writes an audit entry with
 * both books, in one transaction.
 */
import { z } from 'zod';
import { idSchema } from '../shared/common.ts';
import { parseIsbn } from '../books/isbn.ts';

/** The texts the section and the callable answer with. */
export const ISBN_CLAIM_MESSAGES = {
  isbnRequired: 'Please enter an ISBN.',
  bookRequired: 'Please enter the id of the book that should hold this ISBN.',
  bookNotFound: 'No book has this id.',
  alreadyHeld: 'This book already holds this ISBN.',
  lookupFailed: 'Failed to look up the ISBN.',
  moveFailed: 'Failed to move the ISBN.',
  moved: 'The ISBN now belongs to the book you chose.',
  free: 'No book holds this ISBN: the next book saved with it takes it.',
} as const;

/** An ISBN as an admin types it (ISBN-10 or -13, hyphens allowed), read as its ISBN-13. */
export const typedIsbnSchema = z
  .string({ error: ISBN_CLAIM_MESSAGES.isbnRequired })
  .trim()
  .min(1, ISBN_CLAIM_MESSAGES.isbnRequired)
  .transform((text, context) => {
    const parsed = parseIsbn(text);
    if (parsed.ok) return parsed.isbn13;
    context.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/** A book's id as typed. */
const bookIdSchema = z
  .string({ error: ISBN_CLAIM_MESSAGES.bookRequired })
  .trim()
  .min(1, ISBN_CLAIM_MESSAGES.bookRequired)
  .pipe(idSchema.regex(/^[A-Za-z0-9_-]+$/, 'Not a book id'));

/** adminIsbnClaims' request: look an ISBN up, or move its claim to `bookId`. */
export const adminIsbnClaimsRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('lookup'), isbn: typedIsbnSchema }),
  z.strictObject({ action: z.literal('move'), isbn: typedIsbnSchema, bookId: bookIdSchema }),
]);
/** The request as sent. */
export type AdminIsbnClaimsRequest = z.input<typeof adminIsbnClaimsRequestSchema>;

/** The section's lookup form. */
export const isbnLookupFormSchema = z.object({ isbn: typedIsbnSchema });
/** The section's move form. */
export const isbnMoveFormSchema = z.object({ bookId: bookIdSchema });

/** A book as the section shows it. */
export interface IsbnBook {
  id: string;
  title: string;
  userId: string;
  authorName: string | null;
}

/** What both actions answer: the ISBN-13, the book holding it (null: free), and other books still carrying it. */
export interface AdminIsbnClaimsResponse {
  isbn: string;
  holder: IsbnBook | null;
  others: IsbnBook[];
}

/** Most other books carrying one ISBN a lookup lists. */
export const ISBN_OTHERS_LIMIT = 10;
