// The one search box against the production build and the demo data: a visitor
// types a misspelled title into the header and reaches the book; filters the
// results by kind; the results page works without JavaScript and echoes the
// search as text; a member who is hidden leaves the results within seconds (the
// site applies the search change log every 2 s); with the switch on 'Premium
// members', visitors and free members are told so and a Premium member gets the
// results, never from a shared cache. Behaviour detail (typos, facets, odd
// input) is in tests/unit/data/server/search/.
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { REFERENCE_DATE } from '../../../scripts/seed/context';
import { isbn10Of } from '../../../src/domain/books/isbn';
import { adminDb, expect, test } from '../helpers/fixtures';
import { idTokenFor } from '../helpers/id-tokens';
import { MEMBER_PASSWORD, freshMember, signInAs } from '../helpers/members';

// One test here moves the site's search switch: this file's tests run one after
// another in one worker, so none searches while it is moved.
test.describe.configure({ mode: 'default' });

/** A trigger on the emulator and the site's 2-second sync can take a while on two cores. */
const SLOW = { timeout: 60_000 };

/** A public demo book and the one title word fewest public titles share, with two letters swapped. */
async function misspelledBook(): Promise<{ id: string; title: string; typo: string }> {
  // Only the seed's books: one another spec added a moment ago may not be in the server's index yet.
  const books = (await adminDb().collection('books').where('is_public', '==', true).get()).docs
    .filter((doc) => (doc.get('created_at') as Timestamp).toMillis() <= REFERENCE_DATE.getTime())
    .map((doc) => ({
      id: doc.id,
      title: String(doc.get('title')),
    }));
  const wordsOf = (title: string) => title.toLowerCase().match(/[a-z]{7,}/g) ?? [];
  const shared = new Map<string, number>();
  for (const book of books)
    for (const word of new Set(wordsOf(book.title))) shared.set(word, (shared.get(word) ?? 0) + 1);
  const candidates = books.flatMap((book) => wordsOf(book.title).map((word) => ({ book, word })));
  candidates.sort((a, b) => shared.get(a.word)! - shared.get(b.word)! || a.book.id.localeCompare(b.book.id));
  const { book, word } = candidates[0]!;
  return { ...book, typo: word.slice(0, 2) + word[3] + word[2] + word.slice(4) };
}

test('a visitor types a misspelled title in the header and reaches the book', async ({ page }) => {
  const book = await misspelledBook();
  await page.goto('/');
  // The field by its id: its role turns from searchbox to combobox once its script has loaded.
  const box = page.locator('#header-search-q');
  await box.click();
  await expect(
    page.getByRole('combobox', { name: 'Find books, authors, products, ads and posts' }),
  ).toBeVisible(SLOW);
  await box.pressSequentially(book.typo);
  const option = page.locator(`[role="option"][data-url="/book/${book.id}"]`);
  await expect(option).toContainText(book.title, SLOW);
  // Down the list to the book, then Enter, as a keyboard user would.
  await expect(async () => {
    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  }).toPass(SLOW);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/book/${book.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
});

test('a visitor filters the results by kind, with the count the facet showed', async ({ page }) => {
  await page.goto('/search?q=book');
  const facet = page.locator('a[data-facet="kind"]', { hasText: 'Books' });
  const count = (await facet.locator('span').last().textContent())!.trim();
  await facet.click();
  await expect(page).toHaveURL(/kind=book/);
  await expect(page.locator('[data-search-count]')).toContainText(`of ${count} result`);
  const kinds = await page
    .locator('[data-search-result]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
  expect(kinds.length).toBeGreaterThan(0);
  expect(new Set(kinds)).toEqual(new Set(['book']));
  await expect(page.locator('a[data-facet="kind"][aria-current="true"]')).toHaveText(/Books/);
});

test('an ISBN finds only its book, typed as a hyphenated ISBN-10, and a digit off finds none', async ({
  page,
}) => {
  // Only the seed's books, as above; one whose ISBN has an ISBN-10 (978 first).
  const book = (await adminDb().collection('books').where('is_public', '==', true).get()).docs
    .filter((doc) => (doc.get('created_at') as Timestamp).toMillis() <= REFERENCE_DATE.getTime())
    .map((doc) => ({ id: doc.id, isbn: doc.get('isbn') as unknown }))
    .filter((found): found is { id: string; isbn: string } => typeof found.isbn === 'string')
    .filter(({ isbn }) => isbn10Of(isbn) !== null)
    .sort((a, b) => a.id.localeCompare(b.id))[0]!;
  const isbn10 = isbn10Of(book.isbn)!;
  const hyphenated = `${isbn10.slice(0, 1)}-${isbn10.slice(1, 5)}-${isbn10.slice(5, 9)}-${isbn10.slice(9)}`;
  await page.goto(`/search?q=${encodeURIComponent(hyphenated)}`);
  await expect(page.locator('[data-search-result]')).toHaveCount(1);
  await expect(page.locator(`[data-search-result] a[href="/book/${book.id}"]`).first()).toBeVisible();
  // One digit off (so the check digit is wrong too): an ISBN matches exactly, so nothing.
  const off = `${book.isbn.slice(0, 11)}${(Number(book.isbn[11]) + 1) % 10}${book.isbn[12]}`;
  await page.goto(`/search?q=${off}`);
  await expect(page.locator('[data-search-result]')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form reaches the results, facets are links, and the search is echoed as text', async ({
    page,
  }) => {
    const book = await misspelledBook();
    await page.goto('/');
    await page
      .getByRole('searchbox', { name: 'Find books, authors, products, ads and posts' })
      .fill(book.typo);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole('link', { name: book.title }).first()).toBeVisible();
    await expect(page.locator('[data-search-result] mark').first()).toBeVisible();

    const attack = '<img src=x onerror="document.title=1"> "quoted" title:* -a && ||';
    const response = await page.goto(`/search?q=${encodeURIComponent(attack)}`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('searchbox', { name: 'Search books, authors, products, ads and posts' }),
    ).toHaveValue(attack);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);

    const long = await page.goto(`/search?q=${'a'.repeat(10_000)}`);
    expect(long?.status()).toBe(200);
    await expect(page.locator('[data-search-notes]')).toBeVisible();
  });
});

test('a hidden member leaves the results within seconds', async ({ request }) => {
  test.setTimeout(180_000);
  const name = `Quillon Zephyrine ${Date.now().toString(36)}`;
  const member = await freshMember(name);
  const found = async () =>
    (await (await request.get(`/search?q=${encodeURIComponent(name)}`)).text()).includes(
      `/profile/${member.slug}`,
    );
  await expect.poll(found, SLOW).toBe(true);
  await adminDb().doc(`profiles/${member.uid}`).update({ is_active: false });
  await expect.poll(found, SLOW).toBe(false);
});

test.describe('with search for Premium members', () => {
  test('a visitor and a free member are told so, and a Premium member gets the results', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const book = await misspelledBook();
    const path = `/search?q=${encodeURIComponent(book.title)}`;
    const free = await freshMember('Frida Free');
    const premium = await freshMember('Sabine Searcher');
    await adminDb()
      .doc(`profiles/${premium.uid}/private/billing`)
      .set({
        customer_id: null,
        subscription: null,
        trial_used: false,
        grant: { by: 'e2e', at: Date.now() },
      });
    await adminDb().doc(`profiles/${premium.uid}`).update({ subscription_status: 'premium' });
    const settings = adminDb().doc('site_settings/main');
    const before: unknown = (await settings.get()).get('early_access');
    await settings.set({ early_access: { search: 'premium' } }, { merge: true });
    try {
      // A visitor: the shared page says so and lists nothing.
      const shared = await page.goto(path);
      expect(shared?.status()).toBe(200);
      await expect(page.getByText('Search is open to Premium members for now.')).toBeVisible();
      await expect(page.locator('[data-search-result]')).toHaveCount(0);

      // Asked with a free member's token: the same page, never cached; with a Premium member's: results.
      const as = async (token: string | null) =>
        request.get(`${path}&member=1`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
      for (const token of [null, await idTokenFor(free.email, MEMBER_PASSWORD)]) {
        const answer = await as(token);
        expect(answer.headers()['cache-control']).toBe('private, no-store');
        expect(await answer.text()).not.toContain(`/book/${book.id}"`);
      }
      const own = await as(await idTokenFor(premium.email, MEMBER_PASSWORD));
      expect(own.headers()['cache-control']).toBe('private, no-store');
      expect(await own.text()).toContain(`/book/${book.id}`);

      // The header's box is hidden from visitors once the server's settings (read once a minute) have it.
      await expect
        .poll(
          async () => {
            await page.goto('/search');
            return page.locator('form[data-header-search][data-members-only]').count();
          },
          { timeout: 75_000, intervals: [5_000] },
        )
        .toBe(1);
      await expect(page.locator('form[data-header-search]')).toBeHidden();

      // In the browser: the Premium member sees the box and the results in place.
      await signInAs(page, premium);
      await page.goto(path);
      await expect(page.getByRole('link', { name: book.title }).first()).toBeVisible(SLOW);
      await expect(page.getByText('Search is open to Premium members for now.')).toHaveCount(0);
      await expect(page.locator('form[data-header-search][data-members-only]')).toBeVisible();
    } finally {
      await settings.update({ early_access: before ?? FieldValue.delete() });
    }
  });
});
