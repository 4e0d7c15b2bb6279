// An author claims their author page (issue 53, part 4): an approved Book Author
// opens /authors/{slug} of a catalogue author, claims it with a note, an admin
// approves the claim in Book Management, and the book shows on the author's profile
// while the author page names them; then the author adds where to buy it from the
// book's page. In the mutating run: it adds a catalogue book and a claimed author page.
import { authorSlug } from '../../../src/domain/books/catalogue-book';
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

test('an author claims an author page, an admin approves, and the book shows on their profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const authorName = `Wren Claimworth ${stamp}`;
  const slug = authorSlug(authorName);
  const title = `The Lantern Orchard ${stamp}`;
  const author = await freshMember(`Wren Member ${stamp}`, { category: 'Book Author' });
  const admin = await freshMember(`Claims Admin ${stamp}`, { admin: true });
  const book = adminDb().collection('books').doc();
  await book.set({
    kind: 'catalogue',
    title,
    authors: [{ name: authorName, source_id: null }],
    author_slugs: [slug],
    subjects: [],
    editions: [],
    first_published: 1999,
    source: 'hand',
    needs_review: false,
    added_by: admin.uid,
    is_public: false,
    is_active: true,
    moderation_hidden: false,
    rating_count: 0,
    rating_sum: 0,
    search_keywords: [],
    created_at: new Date(),
  });

  await test.step('the author claims the page with a note', async () => {
    await signInAs(page, author);
    await page.goto(`/authors/${encodeURIComponent(slug)}`);
    await expect(page.getByRole('heading', { level: 1, name: authorName })).toBeVisible();
    await page.getByRole('button', { name: 'Claim this author page' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: `Claim ${authorName}’s page` });
    await dialog.getByLabel('A note for the admin (optional)').fill('My website lists this book.');
    await dialog.getByRole('button', { name: 'Send claim' }).click();
    await expect(page.getByText('Your claim is waiting for an admin.')).toBeVisible({ timeout: 20_000 });
  });

  await test.step('an admin approves it in Book Management', async () => {
    // The admin in a browser of their own: the author's session stays in this one.
    const context = await browser.newContext();
    const adminPage = await context.newPage();
    await signInAs(adminPage, admin);
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Book Management' }).click({ timeout: 20_000 });
    const row = adminPage
      .getByRole('list', { name: 'Pending author claims' })
      .getByRole('listitem')
      .filter({ hasText: authorName });
    await expect(row).toContainText('My website lists this book.', { timeout: 20_000 });
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approve claim' }).click();
    await expect(adminPage.getByText(`${authorName}’s page is claimed.`)).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await book.get()).get('claimed_by'), { timeout: 20_000 }).toBe(author.uid);
    await context.close();
  });

  await test.step('the book shows on the author’s profile, and the author page names them', async () => {
    await page.goto(`/profile/${author.slug}`);
    const claimed = page.getByRole('region', { name: 'Claimed Books' });
    await expect(claimed.getByRole('link', { name: title })).toHaveAttribute('href', `/book/${book.id}`);
    await page.goto(`/authors/${encodeURIComponent(slug)}`);
    await expect(page.getByText(`Claimed by ${author.displayName}`)).toBeVisible();
    await expect(page.getByRole('link', { name: author.displayName })).toHaveAttribute(
      'href',
      `/profile/${author.slug}`,
    );
  });

  await test.step('the author adds where to buy it from the book’s page', async () => {
    await page.goto(`/book/${book.id}`);
    await expect(page.getByText(`Claimed by ${author.displayName}`)).toBeVisible();
    await page.getByRole('button', { name: 'Edit your book' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Edit your book' });
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await dialog.getByLabel('Link 1 label').fill('Bookshop');
    await dialog.getByLabel('Link 1 URL').fill('https://bookshop.example/lantern-orchard');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const links = page.getByRole('region', { name: 'Where to buy' });
    await expect(links.getByRole('link', { name: /Bookshop/ })).toHaveAttribute(
      'href',
      'https://bookshop.example/lantern-orchard',
      { timeout: 20_000 },
    );
  });
});
