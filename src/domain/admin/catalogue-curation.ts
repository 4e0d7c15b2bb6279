/**
 * Curating the catalogue (issue 53, part 3): admins, and members an admin makes
 * librarians, edit catalogue books, mark hand-added ones reviewed, merge duplicates
 * and split wrongly merged editions, through the curateCatalogue callable; admins
 * name librarians through adminLibrarians. Pure: the requests, the messages and the
 * merge's and split's plans, which the functions in functions/src/admin/ carry out.
 *
 * It lives in the admin area, not the catalogue area, because a merge composes the
 * shelves and reviews areas, which sit above the catalogue in the areas' order.
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';
import { COLLECTIONS } from '../shared/collections.ts';
import {
  CATALOGUE_LIMITS,
  catalogueBookAuthorSchema,
  catalogueBookEditionSchema,
  type CatalogueBook,
  type CatalogueBookEdition,
} from '../books/catalogue-book.ts';
import { catalogueDerivedFields } from '../catalogue/add-book.ts';
import { SHELVES, type Shelf } from '../shelves/shelf.ts';

/** The collection of librarians: librarians/{uid}, written only by adminLibrarians (and the seed). */
export const LIBRARIANS_COLLECTION = COLLECTIONS.librarians;

/** librarians/{uid}: the member is a librarian; its existence is the right. */
export const librarianSchema = z
  .object({
    /** The admin who made them one. */
    granted_by: idSchema,
    /** When. */
    granted_at: timestampSchema,
  })
  .describe('librarians');

/** The texts the librarian tools and the callables answer with. */
export const CURATION_MESSAGES = {
  notCurator: 'Only librarians and admins can change catalogue books.',
  bookRequired: 'Please enter a book’s id or its page’s address.',
  notABook: 'This is not a book’s id or a book page’s address.',
  bookNotFound: 'No catalogue book has this id.',
  listedBook: 'Only catalogue books can be merged or split; a member’s listed book belongs to its member.',
  sameBook: 'A book cannot be merged into itself.',
  mergedAway: 'This book was merged into another one already.',
  tooManyEditions: `Together these books have more than ${CATALOGUE_LIMITS.editions} editions; split some off first.`,
  pickEditions: 'Pick at least one edition to move to a new book.',
  keepOneEdition: 'Leave at least one edition on this book.',
  noSuchEdition: 'This book has no such edition.',
  editionsChanged: 'The book’s editions changed meanwhile; reload the page and try again.',
  memberRequired: 'Please enter the member’s uid or email address.',
  memberNotFound: 'No member has this uid or email address.',
  titleRequired: 'Please enter a title.',
  authorRequired: 'Please enter at least one author.',
  yearInvalid: 'Enter a year from 1000 to 9999, or leave it empty.',
  saved: 'The book is saved.',
  reviewed: 'The book is marked as reviewed.',
  merged: 'The books are merged; the old page now leads to the kept one.',
  split: 'The editions are now a book of their own.',
  failed: 'The action failed. Please try again.',
} as const;

/** Who may curate the catalogue: an admin, or a librarian who is a member in good standing now. */
export function canCurateCatalogue(caller: { admin: boolean; member: boolean; librarian: boolean }): boolean {
  return caller.admin || (caller.member && caller.librarian);
}

/** A book as typed: its id, or its page's address ('/book/{id}' or a full URL). */
export const bookReferenceSchema = z
  .string({ error: CURATION_MESSAGES.bookRequired })
  .trim()
  .min(1, CURATION_MESSAGES.bookRequired)
  .transform((text, context) => {
    const id = bookIdOf(text);
    if (id) return id;
    context.addIssue({ code: 'custom', message: CURATION_MESSAGES.notABook });
    return z.NEVER;
  });

/** The book id in `text` (an id, '/book/{id}…' or 'https://…/book/{id}…'), or null. */
export function bookIdOf(text: string): string | null {
  const path = /(?:^|\/)book\/([^/?#\s]+)/.exec(text.trim());
  const id = path ? decodeURIComponent(path[1]!) : text.trim();
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : null;
}

/** A year typed in a field: '' is none. */
const yearField = z.union([z.string(), z.number(), z.null()]).transform((value, context) => {
  if (value === null || value === '') return null;
  const year = typeof value === 'number' ? value : Number(value.trim());
  if (Number.isInteger(year) && year >= 1000 && year <= 9999) return year;
  context.addIssue({ code: 'custom', message: CURATION_MESSAGES.yearInvalid });
  return z.NEVER;
});

/** A list typed one item a line (or comma-separated), as an array of trimmed, distinct, non-empty items. */
function listField(max: number, length: number, message?: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      [...new Set((Array.isArray(value) ? value : value.split(/[\n,]/)).map((item) => item.trim()))].filter(
        Boolean,
      ),
    )
    .pipe(
      z
        .array(z.string().max(length))
        .min(message ? 1 : 0, message)
        .max(max),
    );
}

/** One edition's details a librarian may correct (its ISBN moves only with a split or merge). */
export const editionEditSchema = z.object({
  format: z.string().trim().max(TEXT_LIMITS.name).transform(orNull).nullish(),
  publisher: z.string().trim().max(TEXT_LIMITS.name).transform(orNull).nullish(),
  publication_year: yearField.nullish(),
  pages: z
    .union([z.string(), z.number(), z.null()])
    .transform((value, context) => {
      if (value === null || value === '') return null;
      const pages = typeof value === 'number' ? value : Number(value.trim());
      if (Number.isInteger(pages) && pages >= 1 && pages <= 100_000) return pages;
      context.addIssue({ code: 'custom', message: 'Enter a number of pages, or leave it empty.' });
      return z.NEVER;
    })
    .nullish(),
});

function orNull(text: string): string | null {
  return text === '' ? null : text;
}

/** The edit form and the callable's `book`: what a librarian may change of a catalogue book. */
export const catalogueBookEditSchema = z.object({
  title: z
    .string({ error: CURATION_MESSAGES.titleRequired })
    .trim()
    .min(1, CURATION_MESSAGES.titleRequired)
    .max(TEXT_LIMITS.title),
  /** The authors' names, one a line. */
  authors: listField(CATALOGUE_LIMITS.authors, TEXT_LIMITS.name, CURATION_MESSAGES.authorRequired),
  description: z.string().trim().max(TEXT_LIMITS.long).transform(orNull).nullable(),
  /** Subjects, one a line or comma-separated. */
  subjects: listField(CATALOGUE_LIMITS.subjects, CATALOGUE_LIMITS.subjectLength),
  first_published: yearField,
  /** Each edition's details, in the book's order; absent leaves them as they are. */
  editions: z.array(editionEditSchema).max(CATALOGUE_LIMITS.editions).optional(),
});
/** The edit as typed. */
export type CatalogueBookEditInput = z.input<typeof catalogueBookEditSchema>;
/** The edit as checked. */
export type CatalogueBookEdit = z.output<typeof catalogueBookEditSchema>;

/** The merge form: the book to keep and the duplicate to merge into it. */
export const mergeFormSchema = z.object({ keepId: bookReferenceSchema, mergeId: bookReferenceSchema });

/** curateCatalogue's request. */
export const curateCatalogueRequestSchema = z.discriminatedUnion('action', [
  /** Is the caller a curator (the book page's tools ask before showing themselves)? */
  z.strictObject({ action: z.literal('status') }),
  /** Hand-added books awaiting a librarian's review. */
  z.strictObject({ action: z.literal('queue') }),
  z.strictObject({ action: z.literal('edit'), bookId: idSchema, book: catalogueBookEditSchema }),
  z.strictObject({ action: z.literal('review'), bookId: idSchema }),
  z.strictObject({ action: z.literal('merge'), keepId: bookReferenceSchema, mergeId: bookReferenceSchema }),
  z.strictObject({
    action: z.literal('split'),
    bookId: idSchema,
    /** The positions (0-based) of the editions that become a new book. */
    editions: z
      .array(z.number().int().min(0).max(CATALOGUE_LIMITS.editions))
      .min(1, CURATION_MESSAGES.pickEditions),
    /** The number of editions the curator saw, so a split of a book changed meanwhile is refused. */
    editionCount: z.number().int().min(0).max(CATALOGUE_LIMITS.editions),
  }),
]);
/** The request as sent. */
export type CurateCatalogueRequest = z.input<typeof curateCatalogueRequestSchema>;

/** A hand-added book awaiting review, as the queue lists it. */
export interface QueueBook {
  id: string;
  title: string;
  authors: string;
  isbn: string | null;
}

/** How many of each thing a merge moved to the kept book (and how many it dropped as duplicates). */
export interface MergeCounts {
  shelves: number;
  shelvesDropped: number;
  readThroughs: number;
  reviews: number;
  reviewsDropped: number;
  customShelfBooks: number;
  customShelfBooksDropped: number;
  /** Imported ratings waiting for their reader's word (import_pending_reviews). */
  pendingReviews: number;
  editions: number;
  isbnClaims: number;
  sources: number;
}

/** A merge with nothing moved yet. */
export function noCounts(): MergeCounts {
  return {
    shelves: 0,
    shelvesDropped: 0,
    readThroughs: 0,
    reviews: 0,
    reviewsDropped: 0,
    customShelfBooks: 0,
    customShelfBooksDropped: 0,
    pendingReviews: 0,
    editions: 0,
    isbnClaims: 0,
    sources: 0,
  };
}

/** Each action's answer. */
export interface CurateCatalogueResults {
  status: { curator: boolean };
  queue: { books: QueueBook[] };
  edit: { bookId: string };
  review: { bookId: string };
  merge: { keptId: string; mergedId: string; counts: MergeCounts; alreadyMerged: boolean };
  split: { bookId: string; newBookId: string };
}
/** What curateCatalogue answers. */
export type CurateCatalogueResponse = CurateCatalogueResults[keyof CurateCatalogueResults];

/** adminLibrarians' request: list the librarians, or make (true) or un-make (false) one. */
export const adminLibrariansRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('list') }),
  z.strictObject({
    action: z.literal('set'),
    /** The member's uid or sign-in address. */
    member: z
      .string({ error: CURATION_MESSAGES.memberRequired })
      .trim()
      .min(1, CURATION_MESSAGES.memberRequired)
      .max(TEXT_LIMITS.line),
    librarian: z.boolean(),
  }),
]);
/** The request as sent. */
export type AdminLibrariansRequest = z.input<typeof adminLibrariansRequestSchema>;
/** The dashboard's form to make a librarian. */
export const librarianFormSchema = z.object({
  member: z.string().trim().min(1, CURATION_MESSAGES.memberRequired).max(TEXT_LIMITS.line),
});

/** A librarian as the dashboard lists them. */
export interface LibrarianEntry {
  uid: string;
  displayName: string;
  email: string | null;
}
/** What adminLibrarians answers: the librarians now. */
export interface AdminLibrariansResponse {
  librarians: LibrarianEntry[];
}

// ——— The merge's plan ———

/** How far along each shelf is: Read beats Did not finish beats Reading beats Want to read. */
const SHELF_RANKS: Readonly<Record<Shelf, number>> = {
  'want-to-read': 0,
  reading: 1,
  'did-not-finish': 2,
  read: 3,
};

/** How far along a shelf is (see SHELF_RANKS); -1 for none. */
export function shelfRank(shelf: unknown): number {
  return (SHELVES as readonly unknown[]).includes(shelf) ? SHELF_RANKS[shelf as Shelf] : -1;
}

/**
 * What happens to a reader's entry of the merged book: 'move' (no entry of the kept
 * book: it becomes one), 'replace' (theirs wins over the kept book's: its content
 * overwrites it) or 'drop' (the kept book's wins). Shelves: the further-along shelf
 * wins, the kept book's on a tie. Reviews: the newer (last saved) wins, the kept
 * book's on a tie; the other is deleted, never shown twice or counted twice.
 */
export type EntryPlan = 'move' | 'replace' | 'drop';

/** A shelf entry of the merged book against the reader's entry of the kept book (undefined: none). */
export function planShelf(merged: { shelf?: unknown }, kept: { shelf?: unknown } | undefined): EntryPlan {
  if (!kept) return 'move';
  return shelfRank(merged.shelf) > shelfRank(kept.shelf) ? 'replace' : 'drop';
}

/** A review of the merged book against the reader's review of the kept book (times in ms). */
export function planReview(merged: { savedAt: number }, kept: { savedAt: number } | undefined): EntryPlan {
  if (!kept) return 'move';
  return merged.savedAt > kept.savedAt ? 'replace' : 'drop';
}

/** A custom-shelf placement of the merged book: moved, or dropped when the shelf already has the kept book. */
export function planPlacement(keptOnShelf: boolean): EntryPlan {
  return keptOnShelf ? 'drop' : 'move';
}

/** The same edition: the same ISBN, or the same source id. */
function sameEdition(a: CatalogueBookEdition, b: CatalogueBookEdition): boolean {
  return (!!a.isbn && a.isbn === b.isbn) || (!!a.source_id && a.source_id === b.source_id);
}

type MergeInput = Pick<
  CatalogueBook,
  'editions' | 'subjects' | 'first_published' | 'description' | 'cover_image' | 'has_readers'
>;

/**
 * The kept book's fields after taking in the merged book's editions (each once, the
 * kept book's first), subjects, earliest year and, where the kept book has none, its
 * description and cover. Refused (null) past the editions' limit: a merge loses nothing.
 */
export function mergedBookFields(
  kept: MergeInput,
  merged: MergeInput,
): Pick<
  CatalogueBook,
  'editions' | 'subjects' | 'first_published' | 'isbn' | 'description' | 'cover_image' | 'has_readers'
> | null {
  const added = merged.editions.filter((edition) => !kept.editions.some((own) => sameEdition(own, edition)));
  const editions = [...kept.editions, ...added];
  if (editions.length > CATALOGUE_LIMITS.editions) return null;
  const years = [kept.first_published, merged.first_published].filter(
    (y): y is number => typeof y === 'number',
  );
  return {
    editions,
    subjects: [...new Set([...kept.subjects, ...merged.subjects])].slice(0, CATALOGUE_LIMITS.subjects),
    first_published: years.length > 0 ? Math.min(...years) : null,
    isbn: editions.find((edition) => edition.isbn)?.isbn ?? null,
    description: kept.description || merged.description || null,
    cover_image: kept.cover_image || merged.cover_image || null,
    // The merged book's readers are the kept book's now (the sitemap's mark, readersMarkOf).
    has_readers: kept.has_readers || merged.has_readers,
  };
}

/** What the merged book becomes: a tombstone pointing at the kept book, unreadable and out of every list and search. */
export function tombstoneFields(keptId: string) {
  return {
    merged_into: keptId,
    is_active: false,
    editions: [],
    isbn: null,
    search_keywords: [],
    author_slugs: [],
    match_key: null,
    needs_review: false,
    rating_count: 0,
    rating_sum: 0,
  } as const;
}

// ——— Editing and splitting ———

/** The stored fields of a catalogue book after a librarian's edit, derived fields recomputed. */
export function editedBookFields(
  current: Pick<CatalogueBook, 'authors' | 'editions'>,
  edit: CatalogueBookEdit,
) {
  const authors = edit.authors.map((name) => {
    const same = current.authors.find((author) => author.name === name);
    return catalogueBookAuthorSchema.parse({ name, source_id: same?.source_id ?? null });
  });
  const editions = edit.editions
    ? current.editions.map((edition, index) => {
        const change = edit.editions![index];
        if (!change) return edition;
        const year = change.publication_year;
        return catalogueBookEditionSchema.parse({
          ...edition,
          format: change.format ?? null,
          publisher: change.publisher ?? null,
          publication_year: year ?? null,
          // A whole date that disagrees with the corrected year goes.
          publication_date:
            edition.publication_date && year && !edition.publication_date.startsWith(String(year))
              ? null
              : (edition.publication_date ?? null),
          pages: change.pages ?? null,
        });
      })
    : current.editions;
  return {
    title: edit.title,
    authors,
    description: edit.description,
    subjects: edit.subjects,
    first_published: edit.first_published,
    editions,
    ...catalogueDerivedFields(edit.title, authors),
  };
}

/**
 * The editions a split moves (`picked`, positions in the book) and those that stay,
 * or a message: at least one moves, at least one stays, each position exists and
 * the book still has the editions the curator saw.
 */
export function splitEditions(
  editions: readonly CatalogueBookEdition[],
  picked: readonly number[],
  seenCount: number,
): { moved: CatalogueBookEdition[]; kept: CatalogueBookEdition[] } | { error: string } {
  if (editions.length !== seenCount) return { error: CURATION_MESSAGES.editionsChanged };
  const positions = new Set(picked);
  if (positions.size === 0) return { error: CURATION_MESSAGES.pickEditions };
  if ([...positions].some((index) => index >= editions.length))
    return { error: CURATION_MESSAGES.noSuchEdition };
  if (positions.size >= editions.length) return { error: CURATION_MESSAGES.keepOneEdition };
  return {
    moved: editions.filter((_, index) => positions.has(index)),
    kept: editions.filter((_, index) => !positions.has(index)),
  };
}

/** The earliest year of some editions, or null. */
export function earliestYear(editions: readonly CatalogueBookEdition[]): number | null {
  const years = editions.flatMap((edition) =>
    edition.publication_year
      ? [edition.publication_year]
      : edition.publication_date
        ? [Number(edition.publication_date.slice(0, 4))]
        : [],
  );
  return years.length > 0 ? Math.min(...years) : null;
}
