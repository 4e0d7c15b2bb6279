/**
 * The Book Links list of a book: every place to buy or hear it, from the
 * format fields (eBook, paperback, hardcover, audiobook, the general purchase
 * link) and the author's own labelled links, each URL once.
 */
import { MAX_PURCHASE_LINKS, type Book } from './book.ts';
import { formatPrice } from '../items/marketplace.ts';

/** One link in a book's Book Links list. */
export interface BookLink {
  /** Link text ('eBook', 'Bookshop'). */
  label: string;
  /** Where it goes. */
  url: string;
  /** The price shown beside it, as text ('$4.99'), when known. */
  price?: string;
}

/** The fields of a book its Book Links are made from. */
export type LinkedBook = Pick<
  Book,
  | 'purchase_url'
  | 'ebook_url'
  | 'ebook_price'
  | 'paperback_url'
  | 'paperback_price'
  | 'hardcover_url'
  | 'hardcover_price'
  | 'audiobook_url'
  | 'audiobook_price'
  | 'purchase_links'
>;

/** Format prices carry no currency of their own; books are priced in the default currency (USD). */
function price(amount: number | null | undefined): string | undefined {
  return typeof amount === 'number' ? formatPrice(amount) : undefined;
}

/** A book's purchase links in display order: format links first, then the author's labelled links; blank and repeated URLs are left out. */
export function bookLinks(book: Partial<LinkedBook>): BookLink[] {
  const candidates: Array<{ label: string; url: string | null | undefined; price?: string | null }> = [
    { label: 'Buy the Book', url: book.purchase_url },
    { label: 'eBook', url: book.ebook_url, price: price(book.ebook_price) },
    { label: 'Paperback', url: book.paperback_url, price: price(book.paperback_price) },
    { label: 'Hardcover', url: book.hardcover_url, price: price(book.hardcover_price) },
    { label: 'Audiobook', url: book.audiobook_url, price: price(book.audiobook_price) },
    ...(book.purchase_links ?? []),
  ];
  const seen = new Set<string>();
  const links: BookLink[] = [];
  for (const { label, url, price: shown } of candidates) {
    const href = url?.trim();
    if (!href || seen.has(href)) continue;
    seen.add(href);
    links.push(shown ? { label, url: href, price: shown } : { label, url: href });
  }
  return links;
}

const storedText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const storedPrice = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The fields of a stored book (any shape) its links are made from, keeping only
 * values of the right type, so one bad value drops that link and no other and
 * the positions are the ones the book page numbered from the same document.
 */
function storedLinkedBook(stored: unknown): Partial<LinkedBook> {
  if (typeof stored !== 'object' || stored === null) return {};
  const book = stored as Record<string, unknown>;
  const links = Array.isArray(book.purchase_links) ? (book.purchase_links as unknown[]) : [];
  return {
    purchase_url: storedText(book.purchase_url),
    ebook_url: storedText(book.ebook_url),
    ebook_price: storedPrice(book.ebook_price),
    paperback_url: storedText(book.paperback_url),
    paperback_price: storedPrice(book.paperback_price),
    hardcover_url: storedText(book.hardcover_url),
    hardcover_price: storedPrice(book.hardcover_price),
    audiobook_url: storedText(book.audiobook_url),
    audiobook_price: storedPrice(book.audiobook_price),
    purchase_links: links.flatMap((link) => {
      if (typeof link !== 'object' || link === null) return [];
      const { label, url } = link as Record<string, unknown>;
      return typeof label === 'string' && typeof url === 'string' ? [{ label, url }] : [];
    }),
  };
}

/** The most purchase links a book lists: the five format fields and the labelled links. */
export const MAX_BOOK_LINKS = 5 + MAX_PURCHASE_LINKS;

/** The path that counts a click on link `index` of a book, then sends the reader there (/go/{bookId}/{index}). */
export function purchaseLinkPath(bookId: string, index: number): string {
  return `/go/${encodeURIComponent(bookId)}/${index}`;
}

/**
 * Where /go/{bookId}/{index} sends a reader: link `index` of the book's Book
 * Links as saved (`stored`: the book document's fields), when it is an http(s)
 * URL; otherwise null (the route answers 404). Nothing from the request but the
 * position chooses the target, so the route can send nobody anywhere the member
 * did not save.
 */
export function purchaseLinkTarget(stored: unknown, index: string | number): BookLink | null {
  const position = typeof index === 'number' ? index : /^\d{1,3}$/.test(index) ? Number(index) : -1;
  if (!Number.isInteger(position) || position < 0 || position >= MAX_BOOK_LINKS) return null;
  const link = bookLinks(storedLinkedBook(stored))[position];
  if (!link) return null;
  try {
    const url = new URL(link.url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { ...link, url: url.href } : null;
  } catch {
    return null;
  }
}
