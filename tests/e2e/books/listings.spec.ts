// Book listings (/categories, /free-books, /audiobooks) and the sample eBook
// library (/free-ebooks), checked against what the demo data holds. Counts are
// count() aggregations, so they include a book whose document fails the schema
// (tests/e2e/helpers/malformed-documents.ts); the lists never show one.
import type { Page } from '@playwright/test';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { isListableBook } from '../helpers/malformed-documents';

interface SeededBook {
  id: string;
  title: string;
  category: string;
  genre: string[];
  is_active: boolean;
  /** Active and of an approved, active member (src/domain/accounts/visibility.ts): what every listing shows. */
  is_public: boolean;
  has_free_reading: boolean;
  has_audiobook: boolean;
  /** YYYY-MM-DD, absent or null without one. */
  publication_date?: string | null;
  created_at: Date;
  /** False when the document fails the schema: counted, never shown. */
  listable: boolean;
}

let booksCache: SeededBook[] | undefined;
/** Every seeded book, newest first. */
async function seededBooks(): Promise<SeededBook[]> {
  if (!booksCache) {
    const snap = await adminDb().collection('books').get();
    booksCache = snap.docs
      .map(
        (d) =>
          ({
            id: d.id,
            ...d.data(),
            created_at: d.get('created_at').toDate(),
            listable: isListableBook(d.id, d.data()),
          }) as SeededBook,
      )
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  }
  return booksCache;
}

/**
 * The 'Publication Date: Newest First' order, worked out from the books' own
 * dates: newest publication first (a preorder's date leads), books without a
 * date last, each group newest on Shelfmark first.
 */
const byPublication = (books: SeededBook[]) =>
  [...books].sort(
    (a, b) =>
      (b.publication_date ?? '').localeCompare(a.publication_date ?? '') ||
      b.created_at.getTime() - a.created_at.getTime(),
  );

/** The books a listing shows, in order: those whose documents parse. */
const listed = (books: SeededBook[]) => books.filter((b) => b.listable);

const cards = (page: Page) => page.locator('#results > li');
const resultCount = (page: Page) => page.getByTestId('result-count');

/** The book ids shown on the page, in order. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .locator('a[href^="/book/"]:not([data-book-download])')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/book/', ''));
}

test.describe('/categories', () => {
  test('a visitor without filters sees Browse by Genre with counts, six genres and a +N more disclosure', async ({
    page,
  }) => {
    const active = (await seededBooks()).filter((b) => b.is_public);
    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Book Categories' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Browse by Genre' })).toBeVisible();
    const fiction = page.getByTestId('browse-fiction');
    await expect(fiction).toContainText(`${active.filter((b) => b.category === 'fiction').length} books`);
    await expect(page.getByTestId('browse-non-fiction')).toContainText(
      `${active.filter((b) => b.category === 'non-fiction').length} books`,
    );
    await expect(fiction.locator(':scope > ul > li')).toHaveCount(6);
    await expect(fiction.getByRole('link', { name: 'Dystopian' })).toBeHidden();
    await fiction.getByText('+19 more').click();
    await expect(fiction.getByRole('link', { name: 'Dystopian' })).toHaveAttribute(
      'href',
      '/categories?genre=fiction&subGenre=dystopian',
    );
    await expect(resultCount(page)).toHaveText(`${active.length} books`);
    await expectNoAxeViolations(page);
  });

  test('choosing a category and genre puts them in the URL and shows only matching active books', async ({
    page,
  }) => {
    const books = await seededBooks();
    const genre = 'true-crime';
    const expected = books.filter(
      (b) => b.is_public && b.category === 'non-fiction' && b.genre.includes(genre),
    );
    await page.goto('/categories');
    await page.getByLabel('Category').selectOption('non-fiction');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/categories\?genre=non-fiction$/);
    await page.getByLabel('Genre').selectOption(genre);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/categories\?genre=non-fiction&subGenre=true-crime$/);
    await expect(page.getByRole('heading', { name: 'Browse by Genre' })).toHaveCount(0);
    await expect(resultCount(page)).toHaveText(`${expected.length} books`);
    expect(await shownIds(page)).toEqual(listed(expected).map((b) => b.id));
  });

  test('a select picked with the mouse applies at once and clears the genre of another category', async ({
    page,
  }) => {
    await page.goto('/categories?genre=fiction&subGenre=horror');
    const category = page.getByLabel('Category');
    await category.dispatchEvent('pointerdown');
    await category.selectOption('non-fiction');
    await expect(page).toHaveURL(/\/categories\?genre=non-fiction$/);
    await expect(page.getByTestId('listing-notes')).toHaveCount(0);
  });

  test('opening a URL with parameters preselects the filters, and a home-page genre link works', async ({
    page,
  }) => {
    await page.goto('/categories?search=the&genre=fiction&subGenre=horror');
    await expect(page.getByLabel('Search by title or author')).toHaveValue('the');
    await expect(page.getByLabel('Category')).toHaveValue('fiction');
    await expect(page.getByLabel('Genre')).toHaveValue('horror');

    const books = await seededBooks();
    await page.goto('/categories?genre=history');
    await expect(page.getByLabel('Genre')).toHaveValue('history');
    await expect(resultCount(page)).toHaveText(
      `${books.filter((b) => b.is_public && b.genre.includes('history')).length} books`,
    );
  });

  test('unknown parameters are dropped and an over-long search is cut, with a note, not an error', async ({
    page,
  }) => {
    const response = await page.goto(`/categories?genre=poems&subGenre=nope&search=${'x'.repeat(150)}`);
    expect(response?.status()).toBe(200);
    const notes = page.getByTestId('listing-notes');
    await expect(notes).toContainText(
      'Your search was longer than 100 characters, so only its first 100 were used.',
    );
    await expect(page.getByLabel('Search by title or author')).toHaveValue('x'.repeat(100));
    await expect(notes).toContainText('Unknown category “poems” was ignored.');
    await expect(notes).toContainText('Unknown genre “nope” was ignored.');
    await expect(page.getByLabel('Category')).toHaveValue('');
  });

  test('search finds books by the start of a title word or the author name, and says when nothing matches', async ({
    page,
  }) => {
    const book = (await seededBooks()).find((b) => b.is_public && b.listable)!;
    const word = book.title.split(/\s+/).find((w) => w.length >= 4)!;
    await page.goto('/categories');
    await page.getByLabel('Search by title or author').fill(word.slice(0, 3).toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`search=${word.slice(0, 3).toLowerCase()}`));
    await expect(page.locator(`#results a[href="/book/${book.id}"]`)).toBeVisible();

    await page.goto('/categories?search=zzqxv');
    await expect(page.getByText('No books found', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('sorting by publication date lists the newest publication first and undated books last, across Load more', async ({
    page,
  }) => {
    const active = byPublication(listed((await seededBooks()).filter((b) => b.is_public)));
    const dated = active.filter((b) => b.publication_date);
    expect(dated.length, 'the seed dates most books').toBeGreaterThan(48);
    expect(active.length - dated.length, 'and leaves some undated').toBeGreaterThan(0);
    await page.goto('/categories');
    const sort = page.getByLabel('Sort by');
    await expect(sort).toHaveValue('');
    await sort.dispatchEvent('pointerdown');
    await sort.selectOption({ label: 'Publication Date: Newest First' });
    await expect(page).toHaveURL(/\/categories\?sort=published$/);
    await expect(sort).toHaveValue('published');
    expect(await shownIds(page)).toEqual(active.slice(0, 24).map((b) => b.id));
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(48);
    expect(await shownIds(page)).toEqual(active.slice(0, 48).map((b) => b.id));

    // With a filter, and the last page, where the undated books come.
    const fiction = byPublication(
      listed((await seededBooks()).filter((b) => b.is_public && b.category === 'fiction')),
    );
    await page.goto('/categories?genre=fiction&sort=published');
    expect(await shownIds(page)).toEqual(fiction.slice(0, 24).map((b) => b.id));
    const last = active.slice(-24);
    await page.goto(`/categories?sort=published&after=${active[active.length - 25]!.id}`);
    expect(await shownIds(page)).toEqual(last.map((b) => b.id));
    expect(last.at(-1)!.publication_date ?? null).toBeNull();
  });

  test('an unknown sort order is dropped with a note, and the newest-first list shown', async ({ page }) => {
    const active = listed((await seededBooks()).filter((b) => b.is_public));
    const response = await page.goto('/categories?sort=price-low');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('listing-notes')).toContainText(
      'Unknown sort order “price-low” was ignored.',
    );
    await expect(page.getByLabel('Sort by')).toHaveValue('');
    expect(await shownIds(page)).toEqual(active.slice(0, 24).map((b) => b.id));
  });

  test('Load more appends the next 24 books', async ({ page }) => {
    // One query of 25 per page: a malformed book among them is skipped and the 25th fills its place.
    const active = listed((await seededBooks()).filter((b) => b.is_public));
    await page.goto('/categories');
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(48);
    expect(await shownIds(page)).toEqual(active.slice(0, 48).map((b) => b.id));
    await expect(page.locator(`#results a[href="/book/${active[24]!.id}"]`)).toBeFocused();
    await expect(page).toHaveURL(/\/categories$/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('Load more is a link to the next page, and the filters are a plain form', async ({ page }) => {
      const books = (await seededBooks()).filter((b) => b.is_public);
      const active = listed(books);
      await page.goto('/categories');
      await page.getByRole('link', { name: 'Load more' }).click();
      await expect(page).toHaveURL(new RegExp(`after=${active[23]!.id}`));
      expect(await shownIds(page)).toEqual(active.slice(24, 48).map((b) => b.id));
      await expect(page.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute(
        'href',
        '/categories',
      );

      await page.getByLabel('Category').selectOption('fiction');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/genre=fiction/);
      await expect(resultCount(page)).toHaveText(
        `${books.filter((b) => b.category === 'fiction').length} books`,
      );
    });
  });
});

test.describe('only public books', () => {
  test('an inactive book, or an active one of a deactivated member, never appears in any listing, even when searched for by title', async ({
    page,
  }) => {
    const hidden = (await seededBooks()).filter((b) => !b.is_public);
    const inactive = hidden.filter((b) => !b.is_active);
    const ofHiddenOwner = hidden.filter((b) => b.is_active);
    expect(inactive.length).toBeGreaterThan(0);
    expect(ofHiddenOwner.length, 'the seed has active books of deactivated members').toBeGreaterThan(0);
    for (const book of [...inactive.slice(0, 2), ...ofHiddenOwner.slice(0, 2)]) {
      const search = encodeURIComponent(book.title.split(/\s+/).slice(0, 5).join(' '));
      for (const path of ['/categories', '/free-books', '/audiobooks']) {
        await page.goto(`${path}?search=${search}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator(`a[href="/book/${book.id}"]`)).toHaveCount(0);
      }
    }
  });
});

test.describe('/free-books', () => {
  test('a visitor sees fiction, non-fiction and total counts and only free reads', async ({ page }) => {
    const free = (await seededBooks()).filter((b) => b.is_public && b.has_free_reading);
    await page.goto('/free-books');
    const counts = page.getByTestId('free-book-counts');
    const fiction = free.filter((b) => b.category === 'fiction').length;
    const nonFiction = free.filter((b) => b.category === 'non-fiction').length;
    await expect(counts).toHaveText(
      new RegExp(
        `^\\s*Fiction\\s+${fiction}\\s+Non-Fiction\\s+${nonFiction}\\s+Total\\s+${free.length}\\s*$`,
      ),
    );
    expect(await shownIds(page)).toEqual(
      listed(free)
        .slice(0, 24)
        .map((b) => b.id),
    );
    await expectNoAxeViolations(page);
  });

  test('the home page link ?genre=…&subGenre=… preselects both, and Clear resets', async ({ page }) => {
    const free = (await seededBooks()).filter((b) => b.is_public && b.has_free_reading);
    const sample = listed(free).find((b) => b.genre.length > 0)!;
    const genre = sample.genre[0]!;
    await page.goto(`/free-books?genre=${sample.category}&subGenre=${genre}`);
    await expect(page.getByLabel('Category')).toHaveValue(sample.category);
    await expect(page.getByLabel('Genre')).toHaveValue(genre);
    expect(await shownIds(page)).toEqual(
      listed(free)
        .filter((b) => b.category === sample.category && b.genre.includes(genre))
        .slice(0, 24)
        .map((b) => b.id),
    );
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/free-books$/);
    await expect(page.getByLabel('Category')).toHaveValue('');
  });

  test("a search that matches nothing shows 'No free books found'", async ({ page }) => {
    await page.goto('/free-books');
    await page.getByLabel('Search by title or author').fill('zzqxv');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/free-books\?search=zzqxv$/);
    await expect(page.getByText('No free books found', { exact: true })).toBeVisible();
  });
});

test.describe('/audiobooks', () => {
  test('category and genre are kept in the query string with the capitalised category', async ({ page }) => {
    const audio = (await seededBooks()).filter((b) => b.is_public && b.has_audiobook);
    await page.goto('/audiobooks');
    expect(await shownIds(page)).toEqual(
      listed(audio)
        .slice(0, 24)
        .map((b) => b.id),
    );
    await page.getByLabel('Category').selectOption('Fiction');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/audiobooks\?category=Fiction$/);
    const fiction = audio.filter((b) => b.category === 'fiction');
    await expect(resultCount(page)).toHaveText(
      `${fiction.length} ${fiction.length === 1 ? 'audiobook' : 'audiobooks'}`,
    );
    expect(await shownIds(page)).toEqual(
      listed(fiction)
        .slice(0, 24)
        .map((b) => b.id),
    );
    await expectNoAxeViolations(page);

    const withGenre = listed(fiction).find((b) => b.genre.length > 0)!;
    await page.goto(`/audiobooks?category=Fiction&genre=${withGenre.genre[0]}`);
    await expect(page.getByLabel('Category')).toHaveValue('Fiction');
    await expect(page.getByLabel('Genre')).toHaveValue(withGenre.genre[0]!);
    await expect(page.locator(`#results a[href="/book/${withGenre.id}"]`)).toBeVisible();
  });

  test("a search that matches nothing shows 'No audiobooks found'", async ({ page }) => {
    await page.goto('/audiobooks?search=zzqxv&category=Non-Fiction');
    await expect(page.getByText('No audiobooks found', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Search by title or author')).toHaveValue('zzqxv');
  });
});

test.describe('/free-ebooks', () => {
  const titles = (page: Page) => page.locator('.ebook-grid > li h2').allTextContents();

  test('six sample books in four sort orders, kept in ?sort=', async ({ page }) => {
    await page.goto('/free-ebooks');
    await expect(page.locator('.ebook-grid > li')).toHaveCount(6);
    expect(await titles(page)).toEqual([
      'First Draft Field Notes',
      'A Plain Guide to the Web',
      'Drawing the Everyday',
      'Small Steps, Daily',
      'Rest Well: Sleep for Busy People',
      'The Bookshop on the Corner: A Small Business Primer',
    ]);
    await page.getByLabel('Most downloaded').check();
    await expect(page).toHaveURL(/sort=downloads/);
    expect((await titles(page))[0]).toBe('Small Steps, Daily');
    await page.getByLabel('Highest rated').check();
    expect(await titles(page)).toEqual([
      'Small Steps, Daily',
      'First Draft Field Notes',
      'A Plain Guide to the Web',
      'Drawing the Everyday',
      'Rest Well: Sleep for Busy People',
      'The Bookshop on the Corner: A Small Business Primer',
    ]);
    await expect(page.locator('.ebook-grid a[download]').first()).toHaveAttribute(
      'href',
      /\/free-ebooks\/.+\.txt$/,
    );
    await expectNoAxeViolations(page);
  });

  test('a shared ?sort=title link opens sorted, and the keyboard changes the order', async ({ page }) => {
    await page.goto('/free-ebooks?sort=title');
    await expect(page.getByLabel('Title (A–Z)')).toBeChecked();
    expect((await titles(page))[0]).toBe('A Plain Guide to the Web');
    await page.getByLabel('Newest').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByLabel('Most downloaded')).toBeChecked();
    expect((await titles(page))[0]).toBe('Small Steps, Daily');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the radios still reorder the cards (CSS order)', async ({ page }) => {
      await page.goto('/free-ebooks');
      await page.getByLabel('Title (A–Z)').check();
      const tops = await page.locator('.ebook-grid > li').evaluateAll((items) =>
        items.map((li) => ({
          title: li.querySelector('h2')?.textContent ?? '',
          top: li.getBoundingClientRect().top,
          left: li.getBoundingClientRect().left,
        })),
      );
      tops.sort((a, b) => a.top - b.top || a.left - b.left);
      expect(tops[0]!.title).toBe('A Plain Guide to the Web');
    });
  });
});
