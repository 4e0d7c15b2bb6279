// Editing books and products/services on their pages and in the profile editor,
// on members each test creates: the book editor's validation messages, the
// category change, sub-genres, sections, Cancel and Save; the free plan's
// counters and limit; an admin disabling a book, which then vanishes for
// visitors; one view counted per visit of a product page; and a save or delete
// the server refuses toasting 'Error' with the failure text.
import type { Browser } from '@playwright/test';
import { LIMIT_MESSAGES } from '../../../src/domain/items/plan-limits';
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs, storedBook, type FreshMember } from '../helpers/members';

/** Adds a book for `member` through the Admin SDK, as the functions would store it. */
async function addBook(
  member: FreshMember,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const ref = await adminDb()
    .collection('books')
    .add(
      storedBook(member, title, {
        manuscript_content: [
          { id: 's1', type: 'text', title: 'Chapter 1', content: 'It began at sea.', order: 0 },
        ],
        has_free_reading: true,
        ...extra,
      }),
    );
  return ref.id;
}

async function addProduct(member: FreshMember, title: string): Promise<string> {
  const ref = await adminDb()
    .collection('products_services')
    .add({
      user_id: member.uid,
      title,
      description: 'Careful edits.',
      category: 'service',
      subcategory: 'editing',
      price: '$100',
      price_numeric: 100,
      currency: 'USD',
      tags: ['editing', 'fiction', 'craft', 'letters', 'notes'],
      is_active: true,
      is_featured: false,
      views_count: 0,
      created_at: new Date(),
    });
  return ref.id;
}

async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an owner edits a book on its page: every validation message, category change, sections, Cancel and Save', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await freshMember('Bella Bookedit');
  const id = await addBook(member, 'Salt Roads');
  await signInAs(page, member);
  await page.goto(`/book/${id}?edit=true`);
  const editor = page.locator('[data-book-editor]');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Salt Roads' })).toBeHidden();

  // Title required; the description refuses words past 100; link label, URL and price checks.
  await editor.getByLabel('Title', { exact: true }).fill('');
  await editor.getByLabel('Description').fill(Array.from({ length: 150 }, (_, i) => `w${i}`).join(' '));
  await expect(editor.locator('[data-word-count]')).toHaveText('100/100 words');
  await editor.getByRole('button', { name: 'Add Link' }).click();
  await editor.getByLabel('Link 1 URL').fill('javascript:alert(1)');
  await editor.getByLabel('eBook Price').fill('-3');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fix the form errors before saving.')).toBeVisible();
  await expect(editor.getByText('Title is required')).toBeVisible();
  await expect(editor.getByText('Label is required')).toBeVisible();
  await expect(editor.getByText('Please enter a valid URL')).toBeVisible();
  await expect(editor.getByLabel('eBook Price')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Link 1 label').fill('x'.repeat(41));
  await expect(editor.getByLabel('Link 1 label')).toHaveValue('x'.repeat(40));

  // Cancel restores the saved values and the page.
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salt Roads' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue('Salt Roads');
  await expect(editor.getByLabel('Link 1 URL')).toHaveCount(0);

  // Sub-genres with Enter (trimmed, repeats ignored); a category change clears genres and sub-genres.
  await editor.getByLabel('Sub-genres', { exact: true }).fill('  Sea Stories ');
  await editor.getByLabel('Sub-genres', { exact: true }).press('Enter');
  await editor.getByLabel('Sub-genres', { exact: true }).fill('sea stories');
  await editor.getByLabel('Sub-genres', { exact: true }).press('Enter');
  await expect(editor.getByRole('list', { name: 'Chosen sub-genres' }).getByRole('listitem')).toHaveText([
    'Sea Stories×',
  ]);
  await editor.getByLabel('Category', { exact: true }).selectOption('non-fiction');
  await expect(editor.getByRole('list', { name: 'Chosen sub-genres' })).toHaveCount(0);
  await editor.getByLabel('Category', { exact: true }).selectOption('fiction');
  await expect(editor.getByLabel('Fantasy', { exact: true })).not.toBeChecked();
  await editor.getByLabel('Fantasy', { exact: true }).check();
  await editor.getByLabel('Sub-genres', { exact: true }).fill('Voyages');
  await editor.getByLabel('Sub-genres', { exact: true }).press('Enter');

  // A new section, moved before the first, then saved.
  await editor.getByRole('button', { name: 'Add Section' }).click();
  await editor.getByLabel('Section 2 title').fill('Prologue');
  await editor.getByLabel('Section 2 text').fill('Before the sea.\n\nThe harbour slept.');
  await editor.getByRole('button', { name: 'Move section 2 up' }).click();
  await expect(editor.getByLabel('Section 1 title')).toHaveValue('Prologue');
  await editor.getByLabel('Title', { exact: true }).fill('Salt Roads Revised');
  await editor.getByRole('button', { name: 'Save' }).click();

  // The editor is on the book's own page, so the address is the same before and after:
  // the save (a callable that writes the book and its derived fields in one transaction)
  // is done when its toast shows after the reload, which under a full run's load has
  // taken longer than the default 10 s.
  await expect(page).toHaveURL(new RegExp(`/book/${id}$`), { timeout: 20_000 });
  await expect(page.getByText('Book updated successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salt Roads Revised');
  const stored = (await adminDb().doc(`books/${id}`).get()).data()!;
  expect(stored).toMatchObject({
    title: 'Salt Roads Revised',
    genre: ['fantasy'],
    sub_genre: ['Voyages'],
    is_active: true,
    is_featured: false,
  });
  expect(
    (stored.manuscript_content as Array<{ title: string; order: number }>).map((s) => [s.title, s.order]),
  ).toEqual([
    ['Prologue', 0],
    ['Chapter 1', 1],
  ]);
  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prologue');
  await expect(page.locator('[data-reader-body] p')).toHaveText(['Before the sea.', 'The harbour slept.']);
});

test('an author describes a book as a catalogue does: a wrong ISBN is refused inline, an ISBN-10 is saved as its ISBN-13, and the page and its JSON-LD show the details', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await freshMember('Cara Catalogue');
  const id = await addBook(member, 'Harbour Ledger');
  await page.goto(`/book/${id}`);
  await expect(page.locator('[data-book-details]')).toHaveCount(0);
  await signInAs(page, member);
  await page.goto(`/book/${id}?edit=true`);
  const editor = page.locator('[data-book-editor]');
  await expect(editor).toBeVisible({ timeout: 20_000 });

  // A wrong check digit, and a number in a series without the series, are refused inline.
  await editor.getByLabel('ISBN', { exact: true }).fill('0-306-40615-3');
  await editor.getByLabel('Number in series').fill('2');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fix the form errors before saving.')).toBeVisible();
  await expect(editor.getByText('This ISBN’s check digit is wrong.')).toBeVisible();
  await expect(editor.getByLabel('ISBN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText('Name the series this book is a number of.')).toBeVisible();

  await editor.getByLabel('ISBN', { exact: true }).fill('0-306-40615-2');
  await expect(editor.getByText('This ISBN’s check digit is wrong.')).toHaveCount(0);
  await editor.getByLabel('Publication date').fill('2099-03-14');
  await editor.getByLabel('Pages').fill('312');
  await editor.getByLabel('Language').selectOption({ label: 'French' });
  await editor.getByLabel('Publisher').fill('Harbour Press');
  await editor.getByLabel('Series', { exact: true }).fill('The Tidewater Trilogy');
  await expect(editor.getByText('Name the series this book is a number of.')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Book updated successfully!')).toBeVisible({ timeout: 30_000 });

  expect((await adminDb().doc(`books/${id}`).get()).data()).toMatchObject({
    isbn: '9780306406157',
    publication_date: '2099-03-14',
    pages: 312,
    language: 'fr',
    publisher: 'Harbour Press',
    series: 'The Tidewater Trilogy',
    series_number: 2,
  });
  const details = page.locator('[data-book-details]');
  await expect(details.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(details.locator('[data-book-detail] dd')).toHaveText([
    '978-030640615-7',
    '0306406152',
    'Comes out 14 March 2099',
    '312',
    'French',
    'Harbour Press',
  ]);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@type': 'Book',
    isbn: '9780306406157',
    datePublished: '2099-03-14',
    numberOfPages: 312,
    inLanguage: 'fr',
    publisher: { '@type': 'Organization', name: 'Harbour Press' },
  });

  // The editor shows what is stored, the ISBN as the page writes it.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor.getByLabel('ISBN', { exact: true })).toHaveValue('978-030640615-7');
  await expect(editor.getByLabel('Number in series')).toHaveValue('2');
  await expect(editor.getByLabel('Language')).toHaveValue('fr');
});

test('the free plan: counters turn orange at 2 and red at 3, Add is disabled, and products are added until the limit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await freshMember('Lima Limits');
  await addBook(member, 'One');
  await addBook(member, 'Two');
  await addProduct(member, 'First Service');
  await signInAs(page, member);
  await page.goto('/profile-edit');
  const books = page.locator('[data-books-section]');
  await expect(books.getByText('2/3 books (free plan)')).toHaveClass(/text-orange-800/, { timeout: 20_000 });
  await books.getByRole('button', { name: 'Add Book' }).click();
  const bookForm = books.locator('[data-book-editor]');
  await bookForm.getByRole('button', { name: 'Save' }).click();
  await expect(bookForm.getByText('Title is required')).toBeVisible();
  await bookForm.getByLabel('Title', { exact: true }).fill('Three');
  await bookForm.getByRole('button', { name: 'Save' }).click();
  await expect(books.getByText('3/3 books (free plan)')).toHaveClass(/text-red-700/, { timeout: 20_000 });
  await expect(books.getByRole('button', { name: 'Add Book' })).toBeDisabled();
  await expect(books.getByText(LIMIT_MESSAGES.books)).toBeVisible();

  const section = page.locator('[data-products-section]');
  await expect(section.getByText('1/3 products/services (free plan)')).toBeVisible();
  for (const title of ['Second Service', 'Third Service']) {
    await section.getByRole('button', { name: 'Add Product/Service' }).click();
    const form = section.locator('[data-product-editor]');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Title is required.')).toBeVisible();
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Tags').fill(' novels, , craft ,');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('link', { name: title })).toBeVisible({ timeout: 20_000 });
  }
  await expect(section.locator('[data-products-counter="limit"]')).toHaveText(
    '3/3 products/services (free plan)',
  );
  await expect(section.getByRole('button', { name: 'Add Product/Service' })).toBeDisabled();
  await expect(section.getByText(LIMIT_MESSAGES.products_services)).toBeVisible();
  const items = await adminDb().collection('products_services').where('user_id', '==', member.uid).get();
  expect(items.size).toBe(3);
  expect(items.docs.find((d) => d.get('title') === 'Third Service')?.get('tags')).toEqual([
    'novels',
    'craft',
  ]);
});

test('an admin disables a book: it vanishes for visitors and the owner still sees it marked disabled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await freshMember('Dora Disabled');
  const admin = await freshMember('Ada Admin', { admin: true });
  const id = await addBook(owner, 'Quiet Harbour');
  const { context, page: visitor } = await visitorPage(browser);
  await visitor.goto(`/profile/${owner.slug}`);
  await expect(visitor.getByRole('link', { name: 'Quiet Harbour', exact: true })).toBeVisible();
  // Listed under Free Books once the listing trigger has indexed its title.
  const freeBooks = `/free-books?search=${encodeURIComponent('Quiet Harbour')}`;
  await expect(async () => {
    await visitor.goto(freeBooks);
    await expect(visitor.getByRole('link', { name: 'Quiet Harbour', exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });

  await signInAs(page, admin);
  await page.goto(`/book/${id}?edit=true`);
  const editor = page.locator('[data-book-editor]');
  await expect(editor.getByLabel('Active', { exact: true })).toBeChecked({ timeout: 20_000 });
  await editor.getByLabel('Active', { exact: true }).uncheck();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-book-disabled-notice]')).toBeVisible({ timeout: 20_000 });
  expect((await adminDb().doc(`books/${id}`).get()).get('is_active')).toBe(false);

  const response = await visitor.goto(`/book/${id}`);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Book Not Found');
  await expect(visitor.locator('[data-book-disabled-notice]')).toHaveCount(0);
  await visitor.goto(`/profile/${owner.slug}`);
  await expect(visitor.getByRole('link', { name: 'Quiet Harbour', exact: true })).toHaveCount(0);
  // Gone from Free Books once the visibility trigger has cleared is_public (it runs after the save).
  await expect(async () => {
    await visitor.goto(freeBooks);
    await expect(visitor.getByRole('link', { name: 'Quiet Harbour', exact: true })).toHaveCount(0, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await context.close();

  // A member never sees the active checkbox.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInAs(ownerPage, owner);
  await ownerPage.goto(`/book/${id}`);
  await expect(ownerPage.locator('[data-book-disabled-notice]')).toBeVisible({ timeout: 20_000 });
  await ownerPage.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(ownerPage.locator('[data-book-editor]')).toBeVisible();
  await expect(ownerPage.locator('[data-book-editor]').getByLabel('Active', { exact: true })).toHaveCount(0);
  await ownerContext.close();
});

test('a visitor’s visits of a product page add one view a day', async ({ browser }) => {
  const seller = await freshMember('Sam Seller');
  const id = await addProduct(seller, 'Manuscript Critique');
  const views = async () =>
    (await adminDb().doc(`products_services/${id}`).get()).get('views_count') as number;
  for (let visit = 1; visit <= 2; visit++) {
    const { context, page } = await visitorPage(browser);
    const counted = page.waitForResponse((r) => r.url().includes(`/api/views/products_services/${id}`));
    const response = await page.goto(`/product-service/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manuscript Critique');
    await expect(page.locator('[data-product-tags] > li').first()).toHaveText('editing');
    await expect(page.getByText('+2 more')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Seller Profile' })).toHaveAttribute(
      'href',
      `/profile/${seller.slug}`,
    );
    expect((await counted).status()).toBe(204);
    // Both visits come from this machine's one address: the second is the same visitor.
    await expect.poll(views).toBe(1);
    await context.close();
  }
  const { context, page } = await visitorPage(browser);
  const missing = await page.goto('/product-service/no-such-item');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product/Service Not Found');
  await context.close();
});

test('a save or delete the server refuses shows an Error toast with the failure text', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await freshMember('Fay Failure');
  const bookId = await addBook(owner, 'Vanishing Tide');
  const productId = await addProduct(owner, 'Vanishing Edits');
  await signInAs(page, owner);
  /** The toast titled 'Error' whose description is `text`. */
  const errorToast = (text: string) => {
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
    return { toast, title: toast.locator('[data-title]'), description: toast.locator('[data-description]') };
  };

  // The book is removed elsewhere while its editor is open: Save and Delete are refused.
  await page.goto(`/book/${bookId}?edit=true`);
  const editor = page.locator('[data-book-editor]');
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue('Vanishing Tide', {
    timeout: 20_000,
  });
  await adminDb().doc(`books/${bookId}`).delete();
  await editor.getByRole('button', { name: 'Save' }).click();
  const saveFailed = errorToast('Failed to save book.');
  await expect(saveFailed.title).toHaveText('Error', { timeout: 20_000 });
  await expect(saveFailed.description).toHaveText('Failed to save book. This item no longer exists.');
  await editor.getByRole('button', { name: 'Delete Book' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Book' }).click();
  const deleteFailed = errorToast('Failed to delete book.');
  await expect(deleteFailed.title).toHaveText('Error', { timeout: 20_000 });
  await expect(deleteFailed.description).toHaveText('Failed to delete book. This item no longer exists.');
  // The dialog stays open for another try.
  await expect(page.getByRole('alertdialog')).toBeVisible();

  // The same for a product/service on its page.
  await page.goto(`/product-service/${productId}?edit=true`);
  const productEditor = page.locator('[data-product-editor]');
  await expect(productEditor.getByLabel('Title', { exact: true })).toHaveValue('Vanishing Edits', {
    timeout: 20_000,
  });
  await adminDb().doc(`products_services/${productId}`).delete();
  await productEditor.getByRole('button', { name: 'Save' }).click();
  const productFailed = errorToast('Failed to save product/service.');
  await expect(productFailed.title).toHaveText('Error', { timeout: 20_000 });
  await expect(productFailed.description).toHaveText(
    'Failed to save product/service. This item no longer exists.',
  );
});

test('an ISBN a catalogue book holds is refused inline with a link to the author page to claim it from', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A seeded catalogue book with an ISBN and an author page, claimed by nobody.
  const catalogue = await adminDb().collection('books').where('kind', '==', 'catalogue').get();
  const held = catalogue.docs
    .map(
      (doc) =>
        doc.data() as {
          isbn?: unknown;
          author_slugs?: string[];
          claimed_by?: unknown;
          merged_into?: unknown;
        },
    )
    .find(
      (book) =>
        typeof book.isbn === 'string' &&
        (book.author_slugs?.length ?? 0) > 0 &&
        !book.claimed_by &&
        !book.merged_into,
    ) as { isbn: string; author_slugs: string[] } | undefined;
  if (!held) throw new Error('the demo data has no unclaimed catalogue book with an ISBN');
  const member = await freshMember('Theo Lister');
  const id = await addBook(member, 'My Pond Notes');
  await signInAs(page, member);
  await page.goto(`/book/${id}?edit=true`);
  const editor = page.locator('[data-book-editor]');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.getByLabel('ISBN', { exact: true }).fill(held.isbn);
  await editor.getByRole('button', { name: 'Save' }).click();
  const path = `/authors/${held.author_slugs[0]}`;
  const offer = editor.getByRole('link', { name: path });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(editor.getByText('a book already in Shelfmark’s catalogue')).toBeVisible();
  await offer.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  expect((await adminDb().doc(`books/${id}`).get()).get('isbn') ?? null).not.toBe(held.isbn);
});
