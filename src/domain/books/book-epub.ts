/**
 * The EPUB download of a free book, as pure functions: the manuscript sections
 * become chapters in reading order, with exactly the content the online reader
 * shows (readerSections), written as escaped XHTML. A chapter never contains
 * an <img> or any other element the EPUB library would fetch: an image section
 * becomes a link to the image on the site, so building a download never makes
 * the server request a member-supplied address.
 */
import type { Book } from './book.ts';
import { freeReadingLabel } from './book.ts';
import { offersReading, readerSections, type ReaderSection } from './book-page.ts';
import { escapeHtml, xmlSafe } from '../shared/escape.ts';
import { profileSlug } from '../shared/slug.ts';

/** One chapter as the EPUB library takes it: a title and an XHTML fragment. */
export interface EpubChapter {
  title: string;
  content: string;
}

/** The book-level options of the EPUB (no cover and no fonts: both would be fetched). */
export interface EpubMeta {
  title: string;
  author: string;
  description: string;
  publisher: string;
  lang: string;
  tocTitle: string;
}

/** A site path (/media/…) made absolute on the site's origin; an http(s) URL unchanged. */
function absolute(href: string, origin: string): string {
  return href.startsWith('/') ? new URL(href, origin).href : href;
}

/** A paragraph with its single line breaks kept, as the reader keeps them (white-space: pre-line). */
function paragraphXhtml(paragraph: string): string {
  return `<p>${xmlSafe(paragraph).split('\n').map(escapeHtml).join('<br/>')}</p>`;
}

/** The XHTML of one reader section. */
export function sectionXhtml(section: ReaderSection, origin: string): string {
  switch (section.kind) {
    case 'text':
      return section.paragraphs.map(paragraphXhtml).join('\n');
    case 'image':
      return `<p><a href="${escapeHtml(absolute(section.src, origin))}">View the image for this section online</a></p>`;
    case 'link':
      return `<p><a href="${escapeHtml(absolute(section.href, origin))}">Continue reading on the author's site</a></p>`;
    case 'empty':
      return '<p>This section has no content yet.</p>';
  }
}

/** The chapters of a book's EPUB, in reading order; empty when the book offers no reading. */
export function epubChapters(book: Pick<Book, 'manuscript_content'>, origin: string): EpubChapter[] {
  if (!offersReading(book)) return [];
  return readerSections(book).map((section) => ({
    title: xmlSafe(section.title),
    content: sectionXhtml(section, origin),
  }));
}

/** The book-level EPUB options. */
export function epubMeta(
  book: Pick<Book, 'title' | 'description' | 'author' | 'is_full_book_free'>,
  siteName: string,
): EpubMeta {
  const description = book.description?.trim() || `${freeReadingLabel(book)}.`;
  return {
    title: xmlSafe(book.title),
    author: xmlSafe(book.author?.display_name?.trim() || siteName),
    description: xmlSafe(description),
    publisher: xmlSafe(siteName),
    lang: 'en',
    tocTitle: 'Contents',
  };
}

/** A download file name from the title: lower-case ASCII words joined by '-', at most 80 characters, else 'book'. */
export function epubFileName(title: string): string {
  const slug = profileSlug(title)
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'book'}.epub`;
}

/** The path of a book's EPUB download. */
export function epubPath(bookId: string): string {
  return `/book/${encodeURIComponent(bookId)}/download.epub`;
}
