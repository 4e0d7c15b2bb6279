// Series as a visitor meets them, on the demo data (read through the Admin SDK):
// a book in a series says 'Book N of <series>', its series page lists the public
// books in order (the inactive Book 4 nowhere), previous and next walk the
// series, an unknown series is a 404 in the site's style, the pages carry their
// structured data, and the search box finds a series' book by its ISBN (typed
// with hyphens) and by the series' name. Read-only.
import { ON_DEMAND_CACHE_CONTROL } from '../../../src/config';
import { bookSchema, type Book } from '../../../src/domain/books/book';
import { formatIsbn } from '../../../src/domain/books/isbn';
import { parseDoc } from '../../../src/data/firestore-convert';
import { seriesPlace, seriesShelves } from '../../../src/domain/books/series';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { sitemapLocs } from '../helpers/sitemap';

const SLUG = 'the-tidewater-chronicles';
const NAME = 'The Tidewater Chronicles';

/** The public books of the demo series, in series order. */
async function seriesBooks(): Promise<Book[]> {
  const snap = await adminDb()
    .collection('books')
    .where('series_slug', '==', SLUG)
    .where('is_public', '==', true)
    .get();
  const shelves = seriesShelves(snap.docs.map((d) => parseDoc(bookSchema, d.id, d.data())));
  expect(shelves, 'the demo series has one author').toHaveLength(1);
  return shelves[0]!.books;
}

/** JSON-LD blocks of the current page, parsed. */
async function jsonLdOf(page: import('@playwright/test').Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test('a visitor opens a book in a series, follows the series link, sees the books in order and walks them', async ({
  page,
}) => {
  const books = await seriesBooks();
  expect(books.length).toBeGreaterThanOrEqual(3);
  const second = books[1]!;

  await page.goto(`/book/${second.id}`);
  const line = page.locator('[data-book-series-line]');
  await expect(line).toHaveText(`${seriesPlace(second)} of ${NAME}`);
  const previous = page.locator('[data-series-previous]');
  const next = page.locator('[data-series-next]');
  await expect(previous).toHaveAttribute('href', `/book/${books[0]!.id}`);
  await expect(next).toHaveAttribute('href', `/book/${books[2]!.id}`);
  expect(await jsonLdOf(page)).toContainEqual(
    expect.objectContaining({
      '@type': 'Book',
      isPartOf: expect.objectContaining({ '@type': 'BookSeries', name: NAME }),
    }),
  );

  // Next, then back with Previous.
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/book/${books[2]!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(books[2]!.title);
  await page.locator('[data-series-previous]').click();
  await expect(page).toHaveURL(new RegExp(`/book/${second.id}$`));

  // The series page, from the book's series link.
  await line.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/series/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
  const entries = page.locator('[data-series-book]');
  await expect(entries).toHaveCount(books.length);
  for (const [index, book] of books.entries()) {
    const entry = entries.nth(index);
    await expect(entry).toHaveAttribute('data-series-book', book.id);
    await expect(entry.getByRole('link', { name: book.title })).toHaveAttribute('href', `/book/${book.id}`);
    if (seriesPlace(book)) await expect(entry.locator('[data-series-place]')).toHaveText(seriesPlace(book));
  }
  await expectNoAxeViolations(page);
});

test('the first book has no previous, the last public one no next', async ({ page }) => {
  const books = await seriesBooks();
  await page.goto(`/book/${books[0]!.id}`);
  await expect(page.locator('[data-book-series-line]')).toContainText(NAME);
  await expect(page.locator('[data-series-previous]')).toHaveCount(0);
  await expect(page.locator('[data-series-next]')).toHaveAttribute('href', `/book/${books[1]!.id}`);
  await page.goto(`/book/${books.at(-1)!.id}`);
  await expect(page.locator('[data-series-next]')).toHaveCount(0);
});

test('a series page is cached, described for link previews and search engines, and in the sitemap', async ({
  page,
  request,
}) => {
  const books = await seriesBooks();
  const response = await page.goto(`/series/${SLUG}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);
  await expect(page).toHaveTitle(new RegExp(`^${NAME} \\| `));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/series/${SLUG}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(NAME));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(NAME));
  const series = (await jsonLdOf(page)).find((data) => data['@type'] === 'BookSeries');
  expect(series).toMatchObject({ name: NAME });
  expect((series!.hasPart as { url: string }[]).map((part) => new URL(part.url).pathname)).toEqual(
    books.map((book) => `/book/${book.id}`),
  );
  expect((await sitemapLocs(request)).map((loc) => new URL(loc).pathname)).toContain(`/series/${SLUG}`);
});

test('an unknown or malformed series address is a 404 in the site style', async ({ page }) => {
  for (const path of ['/series/no-such-series-anywhere', '/series/Not%20A%20Slug']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Series Not Found');
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
});

test('the search box finds a book of the series by its hyphenated ISBN and by the series name', async ({
  page,
}) => {
  const books = await seriesBooks();
  const book = books.find((b) => b.isbn);
  if (!book?.isbn) throw new Error('no book of the demo series has an ISBN');
  await page.goto(`/search?q=${encodeURIComponent(formatIsbn(book.isbn))}`);
  const results = page.locator('[data-search-result]');
  await expect(results).toHaveCount(1);
  await expect(results.getByRole('link', { name: book.title }).first()).toHaveAttribute(
    'href',
    `/book/${book.id}`,
  );

  await page.goto(`/search?q=${encodeURIComponent(NAME)}`);
  for (const each of books)
    await expect(
      page.locator('[data-search-result]').getByRole('link', { name: each.title }).first(),
    ).toBeVisible();
});
