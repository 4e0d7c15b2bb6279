/**
 * The Book Links list of a book: every place to buy or hear it, from the
 * format fields (eBook, paperback, hardcover, audiobook, the general purchase
 * link) and the author's own labelled links, each URL once.
 */
import type { Book } from './book.ts';
import { formatPrice } from './marketplace.ts';

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
