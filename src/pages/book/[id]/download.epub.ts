// /book/{id}/download.epub: a free book as an EPUB 3 file, built on demand from
// its manuscript sections (src/domain/books/book-epub.ts) with epub-gen-memory. Only a
// book the page would show (active, of an approved and active member) that
// offers reading online has one; anything else is a 404. The same reads (two)
// and CDN caching as the book page, purged with the same cache tag.
import type { APIRoute } from 'astro';
import * as epubModule from 'epub-gen-memory';
import { ON_DEMAND_CACHE_CONTROL } from '../../../config.ts';
import { loadBookPage } from '../../../data/server/books/book-page.ts';
import { bookCacheTag, setCacheTags } from '../../../data/server/shared/cache-tags.ts';
import { getSiteSettings } from '../../../data/server/site/site-settings.ts';
import { epubChapters, epubFileName, epubMeta } from '../../../domain/books/book-epub.ts';

export const prerender = false;

type EpubOptions = { title: string; ignoreFailedDownloads?: boolean; verbose?: boolean } & Record<
  string,
  unknown
>;
type EpubGenerator = (
  options: EpubOptions,
  content: readonly { title?: string; content: string }[],
) => Promise<Buffer>;

// The package is CommonJS: its generator is the default export's default.
const moduleDefault = (epubModule as unknown as { default?: EpubGenerator | { default?: EpubGenerator } })
  .default;
const generateEpub = (
  typeof moduleDefault === 'function' ? moduleDefault : moduleDefault?.default
) as EpubGenerator;

const notFound = (id: string, status = 404) => {
  const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8' });
  if (status === 404) {
    headers.set('Cache-Control', ON_DEMAND_CACHE_CONTROL);
    setCacheTags(headers, [bookCacheTag(id)]);
  } else headers.set('Cache-Control', 'no-store');
  return new Response(
    status === 404 ? 'Book Not Found' : 'This download is not available right now. Please try again.',
    { status, headers },
  );
};

export const GET: APIRoute = async ({ params, site, url }) => {
  const id = params.id ?? '';
  let chapters;
  let meta;
  try {
    const data = await loadBookPage(id);
    if (data.kind !== 'found') return notFound(id);
    chapters = epubChapters(data.book, (site ?? url).origin);
    if (chapters.length === 0) return notFound(id);
    const settings = await getSiteSettings();
    meta = { ...epubMeta(data.book, settings.site_title), fileName: epubFileName(data.book.title) };
  } catch (error) {
    console.error(`Failed to load book ${id} for its EPUB.`, error);
    return notFound(id, 503);
  }
  let bytes: Buffer;
  try {
    const { fileName: _fileName, ...options } = meta;
    // No cover and no fonts, and chapters without images: the library fetches nothing.
    bytes = await generateEpub(
      { ...options, version: 3, ignoreFailedDownloads: true, verbose: false },
      chapters,
    );
  } catch (error) {
    console.error(`Failed to build the EPUB of book ${id}.`, error);
    return notFound(id, 503);
  }
  const headers = new Headers({
    'Content-Type': 'application/epub+zip',
    'Content-Disposition': `attachment; filename="${meta.fileName}"`,
    'Content-Length': String(bytes.length),
    'Cache-Control': ON_DEMAND_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
  });
  setCacheTags(headers, [bookCacheTag(id)]);
  return new Response(new Uint8Array(bytes), { headers });
};
