/**
 * What the member who claimed a catalogue book (author-claim.ts) may change on it,
 * through editClaimedBook: its purchase links (the same schema as a listed book's
 * purchase links) and corrections of its description, subjects and first year of
 * publication. Title, authors and editions stay the catalogue's (librarians edit
 * those). Each edit leaves an entry in the audit log with the fields it changed.
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema } from '../shared/common.ts';
import { MAX_PURCHASE_LINKS, purchaseLinkSchema } from './book.ts';
import { CATALOGUE_LIMITS } from './catalogue-book.ts';

/** What the editor and the callable say. */
export const CLAIMED_BOOK_EDIT_MESSAGES = {
  notYours: 'Only the member who claimed this book can change it.',
  notFound: 'No such book.',
  tooManyLinks: `A book has at most ${MAX_PURCHASE_LINKS} purchase links.`,
  tooManySubjects: `A book has at most ${CATALOGUE_LIMITS.subjects} subjects.`,
  year: 'Please enter a year between 1000 and this year.',
  saved: 'Your changes are saved.',
  failed: 'The book could not be saved. Please try again.',
} as const;

/** The fields a claimant edits, as the form and the callable take them. */
export const claimedBookFieldsSchema = z.object({
  /** Where to buy it (label, URL, optional price). */
  purchase_links: z
    .array(purchaseLinkSchema)
    .max(MAX_PURCHASE_LINKS, CLAIMED_BOOK_EDIT_MESSAGES.tooManyLinks),
  /** The book's description; '' clears it. */
  description: z.string().trim().max(TEXT_LIMITS.medium),
  /** Its subjects, one per entry, blanks dropped. */
  subjects: z
    .array(z.string().trim().max(CATALOGUE_LIMITS.subjectLength))
    .transform((subjects) => [...new Set(subjects.filter((subject) => subject !== ''))])
    .pipe(z.array(z.string()).max(CATALOGUE_LIMITS.subjects, CLAIMED_BOOK_EDIT_MESSAGES.tooManySubjects)),
  /** The year it first came out, or null when unknown. */
  first_published: z
    .number({ error: CLAIMED_BOOK_EDIT_MESSAGES.year })
    .int(CLAIMED_BOOK_EDIT_MESSAGES.year)
    .min(1000, CLAIMED_BOOK_EDIT_MESSAGES.year)
    .max(9999, CLAIMED_BOOK_EDIT_MESSAGES.year)
    .nullable(),
});
export type ClaimedBookFields = z.output<typeof claimedBookFieldsSchema>;

/** editClaimedBook's request: the book and all its editable fields. */
export const editClaimedBookRequestSchema = z.strictObject({
  bookId: idSchema.regex(/^[A-Za-z0-9_-]+$/),
  fields: claimedBookFieldsSchema,
});
export type EditClaimedBookRequest = z.input<typeof editClaimedBookRequestSchema>;

/** The year checked against today (a book does not first come out in the future beyond next year). */
export function firstPublishedInRange(year: number | null, now: Date): boolean {
  return year === null || year <= now.getUTCFullYear() + 1;
}

/** The claimant's form as its inputs hold it: subjects one a line, the year as typed. */
export const claimedBookFormSchema = z.object({
  purchase_links: claimedBookFieldsSchema.shape.purchase_links,
  description: claimedBookFieldsSchema.shape.description,
  subjects: z
    .string()
    .transform((text) => text.split(/\r?\n/))
    .pipe(claimedBookFieldsSchema.shape.subjects),
  first_published: z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(claimedBookFieldsSchema.shape.first_published),
});
export type ClaimedBookFormValues = z.input<typeof claimedBookFormSchema>;

/** The form's starting values from the stored book. */
export function claimedBookFormValues(book: {
  purchase_links: readonly { label: string; url: string; price?: string | null }[];
  description?: string | null;
  subjects: readonly string[];
  first_published?: number | null;
}): ClaimedBookFormValues {
  return {
    purchase_links: book.purchase_links.map((link) => ({
      label: link.label,
      url: link.url,
      price: link.price ?? '',
    })),
    description: book.description ?? '',
    subjects: book.subjects.join('\n'),
    first_published: book.first_published ? String(book.first_published) : '',
  };
}
