/**
 * "A copy of my data": the JSON file a member (or an admin, for a member)
 * downloads, holding everything the site keeps about them. Pure: the function
 * gathers the documents, this module fixes the file's shape.
 */

/** Bumped when the file's shape changes, so a reader can tell versions apart (2: member_records, the newsletter choice, delivered newsletters; 3: book_reviews; 4: follows; 5: review_decisions; 6: author_updates; 7: read_throughs, reading_years; 8: reading_imports, unmatched_reads, custom_shelves, custom_shelf_books; 9: import_pending_reviews; 10: moderation_standing; 11: author_claims). */
export const MEMBER_EXPORT_FORMAT = 11;

/** Collections whose documents belong to a member through `user_id`, exported whole. */
export const OWNED_COLLECTIONS = [
  'books',
  'products_services',
  'classified_ads',
  'book_reviews',
  'book_shelves',
  'review_decisions',
  'author_updates',
  'read_throughs',
  'reading_years',
  'reading_imports',
  'unmatched_reads',
  'custom_shelves',
  'custom_shelf_books',
  'import_pending_reviews',
  'moderation_standing',
  'author_claims',
] as const;

/** One exported document: its id and its fields as stored, times as ISO strings. */
export interface ExportedDocument {
  /** Document id. */
  id: string;
  /** Anything else the document holds. */
  [field: string]: unknown;
}

/** The whole file. */
export interface MemberExport {
  /** MEMBER_EXPORT_FORMAT. */
  format: number;
  /** When the file was made (ISO). */
  exported_at: string;
  /** The member's uid. */
  user_id: string;
  /** What Firebase Auth holds: address, verification, sign-up and last sign-in times. */
  account: Record<string, unknown>;
  /**
   * Agreements and choices: the Terms and Privacy agreement given at sign-up; the newsletter
   * choice (`subscribed`, `changed_at`, and `visitor_subscription` when the account's address
   * also subscribed through the newsletters' sign-up form).
   */
  consents: Record<string, unknown>;
  /** The profile document. */
  profile: ExportedDocument | null;
  /** The profile's private records (notifications sent, email changes, verification date). */
  private_records: ExportedDocument[];
  /** The member's page addresses, current and retired. */
  page_slugs: ExportedDocument[];
  /** Books with their manuscript sections. */
  books: ExportedDocument[];
  /** Products and services. */
  products_services: ExportedDocument[];
  /** Classified ads. */
  classified_ads: ExportedDocument[];
  /** The member's ratings and reviews of books. */
  book_reviews: ExportedDocument[];
  /** The books on the member's shelves (book_shelves). */
  book_shelves: ExportedDocument[];
  /** Moderators' standing decisions on the member's reviews (a review hidden or rejected, per book). */
  review_decisions: ExportedDocument[];
  /** The member's updates to their followers. */
  author_updates: ExportedDocument[];
  /** The member's read-throughs of books: start and finish dates, progress. */
  read_throughs: ExportedDocument[];
  /** The member's reading years: each year's goal and books finished. */
  reading_years: ExportedDocument[];
  /** The member's imports of their history from Goodreads or StoryGraph: each one's report. */
  reading_imports: ExportedDocument[];
  /** Rows of the member's imported history whose book is not on Shelfmark yet. */
  unmatched_reads: ExportedDocument[];
  /** The member's own named shelves: name, address, order and book count. */
  custom_shelves: ExportedDocument[];
  /** The books on the member's own shelves, one document per book per shelf. */
  custom_shelf_books: ExportedDocument[];
  /** Imported ratings and reviews waiting for the member's word, or kept private by them. */
  import_pending_reviews: ExportedDocument[];
  /** Moderators' standing decisions about the member's updates and ads (which item was hidden, when). */
  moderation_standing: ExportedDocument[];
  /** The member's claims of catalogue author pages (author-claim.ts), with their decisions. */
  author_claims: ExportedDocument[];
  /** Blog posts the member wrote. */
  blog_posts: ExportedDocument[];
  /** Newsletters sent to the member: the newsletter's id and title with its delivery record (status, sent_at), oldest first. */
  newsletters_received: ExportedDocument[];
  /** The authors the member follows: each follow (author_uid, mode, created_at), oldest first. */
  follows: ExportedDocument[];
  /** Documents kept under the member's uid in other collections (MEMBER_KEYED_COLLECTIONS), each naming its `collection`. */
  member_records: ExportedDocument[];
}

function isTimestampLike(value: unknown): value is { toDate(): Date } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toDate?: unknown }).toDate === 'function'
  );
}

/**
 * A stored value as JSON: Timestamps and Dates become ISO strings, references
 * their path, byte blobs their length; maps and lists are walked. Whatever a
 * document holds comes out, including fields this version does not know.
 */
export function exportValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (isTimestampLike(value)) return exportValue(value.toDate());
  if (Array.isArray(value)) return value.map(exportValue);
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && value !== null) {
    const path = (value as { path?: unknown }).path;
    if (typeof path === 'string' && typeof (value as { firestore?: unknown }).firestore === 'object')
      return path;
    if (value instanceof Uint8Array) return { bytes: value.length };
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exportValue(inner)]));
  }
  return value;
}

/** A document as exported: its id first, then its fields. */
export function exportDocument(id: string, data: unknown): ExportedDocument {
  const fields = exportValue(data ?? {});
  return {
    id,
    ...(typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? fields : { value: fields }),
  };
}

/** Documents in a stable order: oldest first by created_at, then by id. */
export function inCreationOrder(documents: readonly ExportedDocument[]): ExportedDocument[] {
  const time = (d: ExportedDocument) => (typeof d.created_at === 'string' ? d.created_at : '');
  return [...documents].sort((a, b) => time(a).localeCompare(time(b)) || a.id.localeCompare(b.id));
}

/** The download's file name: shelfmark-data-<slug or uid>-<yyyy-mm-dd>.json. */
export function memberExportFileName(slugOrUid: string, date: Date): string {
  const safe =
    slugOrUid
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'member';
  return `shelfmark-data-${safe}-${date.toISOString().slice(0, 10)}.json`;
}
