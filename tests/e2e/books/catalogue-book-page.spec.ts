// The book page (/book/{id}) of a catalogue book, a book no member lists
// (src/components/books/CatalogueBookBody.astro): a visitor sees a seeded one with
// its authors, subjects, Details and editions, and nothing of an owner's; the
// hand-added one says it waits for a librarian. Read-only (shelving and rating one:
// catalogue-book-reviews.spec.ts).
import {
  authorNames,
  catalogueBookSchema,
  type CatalogueBook,
} from '../../../src/domain/books/catalogue-book';
import { parseDoc } from '../../../src/data/firestore-convert';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';

/** The seeded catalogue books (scripts/seed/catalogue-books.ts), parsed. */
async function seededCatalogueBooks(): Promise<CatalogueBook[]> {
  const snap = await adminDb().collection('books').where('kind', '==', 'catalogue').get();
  return snap.docs
    .map((d) => parseDoc(catalogueBookSchema, d.id, d.data()))
    .filter((book) => book.is_active && !book.moderation_hidden);
}

test('a visitor opens a catalogue book and sees its authors, subjects, details and every edition, and nothing of an owner', async ({
  page,
}) => {
  const books = await seededCatalogueBooks();
  const book = books
    .filter((b) => b.cover_image && b.editions.length > 1 && b.authors.length > 1)
    .concat(books.filter((b) => b.cover_image && b.editions.length > 1))[0];
  if (!book) throw new Error('the seed has no catalogue book with a cover and several editions');
  const response = await page.goto(`/book/${book.id}`);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
  await expect(page.getByText(`by ${authorNames(book.authors)}`)).toBeVisible();
  await expect(page.getByRole('img', { name: `Cover of ${book.title}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Subjects' }).getByRole('listitem')).toHaveCount(
    book.subjects.length,
  );
  const details = page.getByRole('region', { name: 'Details' });
  if (book.editions[0]?.publisher) await expect(details).toContainText(book.editions[0].publisher);
  const editions = page.getByRole('region', { name: 'Editions' });
  await expect(editions.getByRole('listitem')).toHaveCount(book.editions.length);
  for (const edition of book.editions)
    if (edition.format) await expect(editions).toContainText(edition.format);
  await expect(page.getByText('not yet reviewed by a librarian')).toHaveCount(0);
  // The reviews (with the shelf picker after sign-in) and Report, as on a listed book.
  await expect(page.getByRole('region', { name: 'Ratings and reviews' })).toBeVisible();
  await expect(page.locator(`[data-report-kind="book"][data-report-item="${book.id}"]`)).toHaveCount(1);
  // Nothing of an owner's: no back link, Follow, purchase links, free reading or editor slot.
  await expect(page.getByRole('link', { name: /^← Back to/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Follow/ })).toHaveCount(0);
  await expect(
    page.locator('[data-book-links], [data-book-free-preview], [data-book-edit-slot]'),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);

  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@type': 'Book',
    name: book.title,
    author: book.authors.map((author) => ({ '@type': 'Person', name: author.name })),
  });
  expect(ld.workExample).toHaveLength(book.editions.length);
  expect(ld).not.toHaveProperty('offers');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    new RegExp(`^${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} by `),
  );
});

test('a hand-added catalogue book says it waits for a librarian, and one without a cover still has its page', async ({
  page,
}) => {
  const books = await seededCatalogueBooks();
  const hand = books.find((b) => b.needs_review);
  if (!hand) throw new Error('the seed has no hand-added catalogue book');
  await page.goto(`/book/${hand.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hand.title);
  await expect(page.getByText('Added by a reader; not yet reviewed by a librarian')).toBeVisible();

  const coverless = books.find((b) => !b.cover_image);
  if (coverless) {
    expect((await page.goto(`/book/${coverless.id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(coverless.title);
  }
});

test('a catalogue book’s author links to their page, which lists their books on Shelfmark', async ({
  page,
}) => {
  const books = await seededCatalogueBooks();
  const book = books.find((b) => b.authors.some((a) => a.name === 'Alexandre Dumas'));
  if (!book) throw new Error('the seed has no book by Alexandre Dumas');
  await page.goto(`/book/${book.id}`);
  await page.getByRole('link', { name: 'Alexandre Dumas' }).click();
  await expect(page).toHaveURL(/\/authors\/alexandre-dumas$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alexandre Dumas');
  const list = page.getByRole('list', { name: 'Books by Alexandre Dumas' });
  await expect(list.getByRole('link', { name: new RegExp(book.title) })).toHaveAttribute(
    'href',
    `/book/${book.id}`,
  );
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(ld).toMatchObject({ '@type': 'Person', name: 'Alexandre Dumas' });
  await expectNoAxeViolations(page);

  // A name in another script has its page too; an author nobody added has none.
  const cyrillic = books.find((b) => /[\u0400-\u04FF]/.test(b.authors[0]!.name));
  if (cyrillic) {
    await page.goto(`/book/${cyrillic.id}`);
    await page.getByRole('link', { name: cyrillic.authors[0]!.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cyrillic.authors[0]!.name);
  }
  const missing = await page.goto('/authors/nobody-wrote-this');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Author Not Found' })).toBeVisible();
});
