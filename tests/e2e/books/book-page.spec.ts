// The book page (/book/{id}) and the online reader (/book/{id}/read/{n}) as a
// visitor sees them, checked against the demo data (read through the Admin SDK):
// a free book read section by section with and without JavaScript, the reader's
// remembered place, the not-found screens with their status, structured data,
// link previews and caching, that a visitor downloads no React or Firebase, the
// free book's EPUB download, and the product page's structured data.
// Read-only.
import JSZip from 'jszip';
import { ON_DEMAND_CACHE_CONTROL } from '../../../src/config';
import { bookLinks } from '../../../src/domain/books/book-links';
import { bookSchema, freeReadingLabel, sortedSections, type Book } from '../../../src/domain/books/book';
import { sectionTitle } from '../../../src/domain/books/book-page';
import { productServiceSchema, type ProductService } from '../../../src/domain/items/product-service';
import { parseDoc } from '../../../src/data/firestore-convert';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { sitemapLocs } from '../helpers/sitemap';
import { gzipBytes, inlineScripts, scriptsLoadedBy } from '../helpers/scripts';

/** The demo author's books, parsed. */
async function demoBooks(): Promise<Book[]> {
  const snap = await adminDb().collection('books').where('user_id', '==', 'demo-author').get();
  return snap.docs.map((d) => parseDoc(bookSchema, d.id, d.data()));
}

/** The demo author's active free read (seeded with text sections and an audiobook). */
async function freeRead(): Promise<Book> {
  const reads = (await demoBooks()).filter(
    (b) => b.is_active && b.manuscript_content.some((s) => s.type === 'text'),
  );
  const book = reads.find((b) => b.audiobook_url) ?? reads[0];
  if (!book) throw new Error('the demo author has no active free read');
  return book;
}

test('a visitor opens a free book, sees every part of it, and reads it section by section', async ({
  page,
}) => {
  const book = await freeRead();
  const sections = sortedSections(book.manuscript_content);
  const response = await page.goto(`/book/${book.id}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
  await expect(page.getByRole('img', { name: `Cover of ${book.title}` })).toBeVisible();
  await expect(page.locator('[data-book-free-label]')).toHaveText(freeReadingLabel(book));
  if (book.audiobook_url)
    await expect(page.getByRole('link', { name: /Listen to Audiobook/ })).toHaveAttribute(
      'href',
      book.audiobook_url,
    );
  else await expect(page.getByRole('link', { name: /Listen to Audiobook/ })).toHaveCount(0);
  const links = bookLinks(book);
  await expect(page.locator('[data-book-links] li')).toHaveCount(links.length);
  await expect(
    page.getByRole('link', { name: new RegExp(`Back to ${book.author!.display_name}`) }),
  ).toHaveAttribute('href', `/profile/${book.author!.page_slug}`);
  await expect(page.locator('[data-book-contents] li')).toHaveCount(sections.length);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Start reading' }).click();
  for (let n = 1; n <= sections.length; n++) {
    await expect(page).toHaveURL(new RegExp(`/book/${book.id}/read/${n}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sectionTitle(sections[n - 1]!, n));
    await expect(page.locator('[data-reader-position]')).toHaveText(`Section ${n} of ${sections.length}`);
    const first = sections[n - 1]!.content.split(/\n\s*\n/)[0]!.trim();
    if (sections[n - 1]!.type === 'text')
      await expect(page.locator('[data-reader-body] p').first()).toHaveText(first);
    if (n < sections.length) await page.getByRole('link', { name: /Next/ }).click();
  }
  await expect(page.getByRole('link', { name: 'Back to the book' })).toBeVisible();
  if (sections.length > 1) {
    await page.getByRole('link', { name: /Previous/ }).click();
    await expect(page).toHaveURL(new RegExp(`/read/${sections.length - 1}$`));
  }
  await expectNoAxeViolations(page);

  // The place is remembered in this browser: the book page now offers to continue.
  if (sections.length > 1) {
    await page.goto(`/book/${book.id}`);
    await expect(page.locator('[data-start-reading]')).toHaveText(
      `Continue reading (section ${sections.length - 1} of ${sections.length})`,
    );
  }
});

test('the reader works without JavaScript: contents, next and previous are plain links', async ({
  browser,
}) => {
  const book = await freeRead();
  const sections = sortedSections(book.manuscript_content);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/book/${book.id}/read/1`);
  await page.locator('[data-reader-contents] summary').click();
  await page.locator('[data-reader-contents] a').last().click();
  await expect(page).toHaveURL(new RegExp(`/read/${sections.length}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    sectionTitle(sections.at(-1)!, sections.length),
  );
  await context.close();
});

test('unknown, malformed and disabled books, and sections out of range, are Book Not Found with 404', async ({
  page,
}) => {
  const disabled = (await demoBooks()).find((b) => !b.is_active);
  const book = await freeRead();
  const paths = [
    '/book/no-such-book-id',
    '/book/bad%20id',
    `/book/${'x'.repeat(300)}`,
    `/book/${book.id}/read/0`,
    `/book/${book.id}/read/999`,
    `/book/${book.id}/read/abc`,
  ];
  if (disabled) paths.push(`/book/${disabled.id}`, `/book/${disabled.id}/read/1`);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Book Not Found');
  }
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('structured data, link previews and the sitemap describe the book', async ({ page, request }) => {
  const book = await freeRead();
  await page.goto(`/book/${book.id}`);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(ld['@type']).toBe('Book');
  expect(ld.name).toBe(book.title);
  expect(ld.author).toMatchObject({ '@type': 'Person', name: book.author!.display_name });
  expect(Array.isArray(ld.offers) ? ld.offers.length : 0).toBe(bookLinks(book).length);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'book');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(book.cover_image!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  const locs = await sitemapLocs(request);
  expect(locs.some((loc) => loc.endsWith(`/book/${book.id}`))).toBe(true);
  const disabled = (await demoBooks()).find((b) => !b.is_active);
  if (disabled) expect(locs.some((loc) => loc.endsWith(`/book/${disabled.id}`))).toBe(false);
});

test('a visitor of a book and a reading page downloads no React and no Firebase, and under 15 KB of JavaScript (gzip)', async ({
  page,
}) => {
  const book = await freeRead();
  for (const path of [`/book/${book.id}`, `/book/${book.id}/read/1`]) {
    const scripts = await scriptsLoadedBy(page, () => page.goto(path, { waitUntil: 'networkidle' }));
    for (const { url, text } of scripts) {
      expect(text, `${url} carries Firebase`).not.toContain('@firebase/');
      expect(text, `${url} carries React`).not.toContain('react.transitional.element');
    }
    const gzip = gzipBytes([...scripts.map((s) => s.text), ...(await inlineScripts(page))]);
    expect(gzip, path).toBeLessThanOrEqual(15 * 1024);
  }
});

/** Text of an XHTML file with tags dropped and entities decoded, whitespace collapsed. */
function xhtmlText(xhtml: string): string {
  return xhtml
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

test('a free book downloads as an EPUB with its chapters, linked from the book page and the free-books card', async ({
  page,
  request,
}) => {
  const book = await freeRead();
  const path = `/book/${book.id}/download.epub`;
  await page.goto(`/book/${book.id}`);
  await expect(page.getByRole('link', { name: 'Download EPUB' })).toHaveAttribute('href', path);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download EPUB' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.epub$/);
  await page.goto(`/free-books?search=${encodeURIComponent(book.title.split(/\s+/).slice(0, 5).join(' '))}`);
  await expect(page.getByRole('link', { name: `Download EPUB of ${book.title}` })).toHaveAttribute(
    'href',
    path,
  );

  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toBe('application/epub+zip');
  expect(headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.epub"$/);
  expect(headers['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);
  const zip = await JSZip.loadAsync(await response.body());
  expect(await zip.file('mimetype')?.async('string')).toBe('application/epub+zip');
  const names = Object.keys(zip.files);
  expect(
    names.some((n) => /\.(png|jpe?g|gif|webp|svg)$/i.test(n)),
    'no image was fetched into the book',
  ).toBe(false);
  const text = xhtmlText(
    (
      await Promise.all(names.filter((n) => n.endsWith('.xhtml')).map((n) => zip.file(n)!.async('string')))
    ).join('\n'),
  );
  const sections = sortedSections(book.manuscript_content);
  sections.forEach((section, i) =>
    expect(text, `chapter ${i + 1} title`).toContain(sectionTitle(section, i + 1)),
  );
  for (const section of sections.filter((s) => s.type === 'text')) {
    const firstLine = section.content.trim().split(/\n/)[0]!.trim().replace(/\s+/g, ' ');
    expect(text).toContain(firstLine);
  }
});

test('there is no EPUB of an unknown, malformed or disabled book, or of a book without reading', async ({
  request,
}) => {
  const books = await demoBooks();
  const disabled = books.find((b) => !b.is_active);
  const noReading = books.find(
    (b) => b.is_active && !b.manuscript_content.some((s) => s.type === 'text' || s.type === 'url'),
  );
  const paths = ['/book/no-such-book-id/download.epub', '/book/bad%20id/download.epub'];
  if (disabled) paths.push(`/book/${disabled.id}/download.epub`);
  if (noReading) paths.push(`/book/${noReading.id}/download.epub`);
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type'], path).not.toContain('epub');
  }
});

test('a product/service page carries Product JSON-LD with an Offer when priced, OpenGraph, and is in the sitemap', async ({
  page,
  request,
}) => {
  const db = adminDb();
  const snap = await db.collection('products_services').where('is_active', '==', true).limit(200).get();
  const publicOwners = new Map<string, boolean>();
  let product: ProductService | undefined;
  for (const doc of snap.docs) {
    const item = parseDoc(productServiceSchema, doc.id, doc.data());
    if (typeof item.price_numeric !== 'number') continue;
    if (!publicOwners.has(item.user_id)) {
      const owner = (await db.doc(`profiles/${item.user_id}`).get()).data();
      publicOwners.set(item.user_id, owner?.is_active === true && owner.approval_status === 'approved');
    }
    if (publicOwners.get(item.user_id)) {
      product = item;
      break;
    }
  }
  if (!product) throw new Error('the demo data has no priced product of a public member');
  await page.goto(`/product-service/${product.id}`);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(ld['@type']).toBe('Product');
  expect(ld.name).toBe(product.title);
  expect(ld.offers).toMatchObject({
    '@type': 'Offer',
    price: product.price_numeric!.toFixed(2),
    priceCurrency: product.currency,
  });
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    new RegExp(product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    new RegExp(`/product-service/${product.id}$`),
  );
  if (product.image_url)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\S/);
  const locs = await sitemapLocs(request);
  expect(locs.some((loc) => loc.endsWith(`/product-service/${product.id}`))).toBe(true);
  // A product of a member who is not public is left out, like its page.
  const hiddenOwner = [...publicOwners].find(([, visible]) => !visible)?.[0];
  const hidden = hiddenOwner ? snap.docs.find((d) => d.get('user_id') === hiddenOwner) : undefined;
  if (hidden) expect(locs.some((loc) => loc.endsWith(`/product-service/${hidden.id}`))).toBe(false);
});
