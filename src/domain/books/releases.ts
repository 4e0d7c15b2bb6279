/**
 * What a book's publication date means for its followers and its page, as pure
 * decisions. When a book first becomes public its kind is decided once:
 *
 * - 'preorder': the date is still to come. Instant followers get a "coming on
 *   <date>: preorder now" alert, and every follower an "out now" alert on the
 *   date (the out-now job, functions/src/follows/out-now.ts); the page says when
 *   it comes out and its purchase links read as preorders.
 * - 'backlist': the date is more than BACKLIST_AFTER_DAYS before today: an older
 *   book newly listed here, not news. No instant alert; the weekly digest lists
 *   it under "Also new on <site>".
 * - 'new': no date, or a recent one: alerted at once, as every book was before
 *   books had dates.
 *
 * Dates are calendar days (YYYY-MM-DD) compared with today in UTC, as the book
 * page compares them (book-details.ts todayOf).
 */
import { humanDate, todayOf } from './book-details.ts';
import type { BookLink } from './book-links.ts';

/** How a book's first release reaches its followers (see the file comment). */
export type ReleaseKind = 'preorder' | 'new' | 'backlist';

/**
 * A book published more than this many days before it is listed is backlist:
 * about a season, longer than any launch campaign (preorder to first reviews)
 * and shorter than a year, so last month's book is news and an author's
 * catalogue from past years is not.
 */
export const BACKLIST_AFTER_DAYS = 90;

const DAY_MS = 86_400_000;

/** The calendar day `days` before `today` (both YYYY-MM-DD). */
export function daysBefore(today: string, days: number): string {
  return todayOf(new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS));
}

/** Whether a book dated `publicationDate` is a preorder on `now`'s day (UTC): its date is still to come. */
export function isPreorder(publicationDate: string | null | undefined, now: Date): boolean {
  return typeof publicationDate === 'string' && publicationDate > todayOf(now);
}

/** The kind of a book's release when it first becomes public at `now` (see the file comment). */
export function releaseKind(publicationDate: string | null | undefined, now: Date): ReleaseKind {
  if (!publicationDate) return 'new';
  const today = todayOf(now);
  if (publicationDate > today) return 'preorder';
  return publicationDate < daysBefore(today, BACKLIST_AFTER_DAYS) ? 'backlist' : 'new';
}

/**
 * The day a preorder's "out now" alert is due: its publication date; a date taken
 * off the book means it is out, so due today.
 */
export function outNowDue(publicationDate: string | null | undefined, now: Date): string {
  return publicationDate || todayOf(now);
}

/** Whether a preorder whose out-now is due on `due` is out on `now`'s day. */
export function isOutNow(due: string, now: Date): boolean {
  return due <= todayOf(now);
}

/** The format links' labels (book-links.ts) as they read for a preorder. */
const PREORDER_FORMAT_LABELS: Readonly<Record<string, string>> = {
  'Buy the Book': 'Preorder the Book',
  eBook: 'Preorder the eBook',
  Paperback: 'Preorder the Paperback',
  Hardcover: 'Preorder the Hardcover',
  Audiobook: 'Preorder the Audiobook',
};

/**
 * A purchase link's label for a preorder: the format links name the format
 * ('Preorder the eBook'), a label that says "Buy …" says "Preorder …", one that
 * already says preorder is kept, and a store's name reads 'Preorder on Kobo'.
 */
export function preorderLabel(label: string): string {
  const known = PREORDER_FORMAT_LABELS[label];
  if (known) return known;
  if (/^pre-?order\b/i.test(label)) return label;
  if (/^buy\b/i.test(label)) return `Preorder${label.slice(3)}`;
  return `Preorder on ${label}`;
}

/** A book's purchase links as its page shows them on `now`'s day: as preorders while its date is to come. */
export function purchaseLinksOn(
  links: readonly BookLink[],
  publicationDate: string | null | undefined,
  now: Date,
): BookLink[] {
  return isPreorder(publicationDate, now)
    ? links.map((link) => ({ ...link, label: preorderLabel(link.label) }))
    : [...links];
}

/** The release of a preorder as the alerts say it: 'Coming on 18 March 2027'. */
export function comingOnText(publicationDate: string): string {
  return `Coming on ${humanDate(publicationDate)}`;
}
