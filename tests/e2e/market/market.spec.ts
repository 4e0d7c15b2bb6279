// The marketplace against the seeded market: every filter and sort gives what the
// market index holds, bad parameters give a note and the unfiltered market, and an
// empty result names the filters to loosen. Read-only.
import type { Query } from 'firebase-admin/firestore';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { MARKETPLACE_SORTS, PRICE_FILTERS } from '../../../src/domain/items/marketplace.ts';
import { MARKET_PAGE_SIZE, parseMarketParams, planMarket } from '../../../src/domain/market/market.ts';

/** The titles and count the index holds for a query string, read with the same plan the page uses. */
async function expected(queryString: string): Promise<{ titles: string[]; total: number }> {
  const plan = planMarket(parseMarketParams(new URLSearchParams(queryString)).filters);
  let query: Query = adminDb().collection('market_listings');
  for (const [field, value] of plan.equals) query = query.where(field, '==', value);
  if (plan.arrayContains)
    query = query.where(plan.arrayContains.field, 'array-contains', plan.arrayContains.value);
  for (const [field, direction] of plan.orderBy) query = query.orderBy(field, direction);
  const [page, count] = await Promise.all([query.limit(MARKET_PAGE_SIZE).get(), query.count().get()]);
  return { titles: page.docs.map((doc) => doc.get('title') as string), total: count.data().count };
}

const cardTitles = (page: import('@playwright/test').Page) =>
  page
    .locator('#results article h3')
    .allTextContents()
    .then((t) => t.map((s) => s.trim()));
const countText = (total: number) => `${total} ${total === 1 ? 'listing' : 'listings'}`;

test.describe('marketplace', () => {
  test('a visitor sees every kind of listing, newest first, with a count', async ({ page }) => {
    const { titles, total } = await expected('');
    expect(total).toBeGreaterThan(MARKET_PAGE_SIZE);
    await page.goto('/classifieds');
    await expect(page.getByRole('heading', { level: 1, name: 'Books Marketplace' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Listings' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(countText(total));
    expect(await cardTitles(page)).toEqual(titles);
    for (const type of await page.getByTestId('market-type').allTextContents())
      expect(['Book', 'Classified', 'Product', 'Service']).toContain(type);
    await expectNoAxeViolations(page);
  });

  for (const sort of MARKETPLACE_SORTS) {
    test(`sort “${sort.label}” orders the market as the index does`, async ({ page }) => {
      const { titles } = await expected(`sort=${sort.value}`);
      await page.goto(`/classifieds?sort=${sort.value}`);
      await expect(page.getByLabel('Sort by')).toHaveValue(sort.value === 'newest' ? '' : sort.value);
      expect(await cardTitles(page)).toEqual(titles);
    });
  }

  test('choosing “Publication Date: Newest First” lists books by their publication date, newest first, then everything without one', async ({
    page,
  }) => {
    // Worked out from the listings themselves: each entry's book and its date, not the index's sort key.
    const [entries, books] = await Promise.all([
      adminDb().collection('market_listings').get(),
      adminDb().collection('books').select('publication_date').get(),
    ]);
    const dateOf = new Map(
      books.docs.map((doc) => [doc.id, (doc.get('publication_date') as string | null) ?? '']),
    );
    const listings = entries.docs.map((doc) => ({
      path: doc.get('path') as string,
      date: doc.get('source') === 'books' ? (dateOf.get(doc.get('source_id') as string) ?? '') : '',
      created: (doc.get('created_at') as { toMillis(): number }).toMillis(),
    }));
    listings.sort((a, b) => b.date.localeCompare(a.date) || b.created - a.created);
    const firstUndated = listings.findIndex((listing) => listing.date === '');
    expect(firstUndated, 'more dated books than a page').toBeGreaterThan(MARKET_PAGE_SIZE);

    await page.goto('/classifieds');
    await page.getByLabel('Sort by').selectOption({ label: 'Publication Date: Newest First' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/classifieds\?sort=published$/);
    const shownPaths = () =>
      page
        .locator('#results article')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(await shownPaths()).toEqual(listings.slice(0, MARKET_PAGE_SIZE).map((listing) => listing.path));

    // Where the dated books end, products, ads and undated books follow, newest first.
    const after = entries.docs.find((doc) => doc.get('path') === listings[firstUndated - 1]!.path)!.id;
    await page.goto(`/classifieds?sort=published&after=${after}`);
    expect(await shownPaths()).toEqual(
      listings.slice(firstUndated, firstUndated + MARKET_PAGE_SIZE).map((listing) => listing.path),
    );
  });

  for (const type of ['books', 'products', 'services', 'classifieds']) {
    test(`item type ${type} shows only that kind`, async ({ page }) => {
      const { titles, total } = await expected(`type=${type}`);
      await page.goto(`/classifieds?type=${type}`);
      await expect(page.getByTestId('result-count')).toHaveText(countText(total));
      expect(await cardTitles(page)).toEqual(titles);
    });
  }

  for (const price of PRICE_FILTERS.filter((p) => p.value !== 'all')) {
    test(`price range “${price.label}” keeps listings in that range`, async ({ page }) => {
      const { titles, total } = await expected(`price=${price.value}`);
      await page.goto(`/classifieds?price=${price.value}`);
      if (total === 0)
        await expect(page.getByTestId('market-empty')).toContainText(`the price range “${price.label}”`);
      else await expect(page.getByTestId('result-count')).toHaveText(countText(total));
      expect(await cardTitles(page)).toEqual(titles);
    });
  }

  test('category, sub-category and search combine, and the URL can be shared', async ({ page }) => {
    const ad = (
      await adminDb().collection('market_listings').where('type', '==', 'classified').limit(1).get()
    ).docs[0]!;
    const sub = (ad.get('subcategories') as string[])[0];
    // The title's longest word: the rarest, so the ad is on the first page of results.
    const word = (ad.get('title') as string)
      .split(/[^\p{L}\p{N}]+/u)
      .reduce((a, b) => (b.length > a.length ? b : a), '');
    const qs = `type=classifieds&category=${ad.get('category')}${sub ? `&subcategory=${sub}` : ''}`;
    const filtered = await expected(qs);
    await page.goto(`/classifieds?${qs}`);
    await expect(page.getByRole('heading', { name: 'Matching Listings' })).toBeVisible();
    expect(await cardTitles(page)).toEqual(filtered.titles);
    expect(filtered.titles).toContain(ad.get('title'));

    await page.goto(`/classifieds?search=${encodeURIComponent(word)}`);
    await expect(page.getByRole('searchbox', { name: 'Search by title or tag' })).toHaveValue(word);
    expect(await cardTitles(page)).toContain(ad.get('title'));
  });

  test('the filter form submits as a GET form', async ({ page }) => {
    await page.goto('/classifieds');
    await page.getByLabel('Item type').selectOption('books');
    await page.getByLabel('Sort by').selectOption('price-low');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/classifieds\?type=books&sort=price-low$/);
    expect(await cardTitles(page)).toEqual((await expected('type=books&sort=price-low')).titles);
  });

  test('unknown and malformed parameters give a note and the unfiltered market, never an error page', async ({
    page,
  }) => {
    const { titles } = await expected('');
    const response = await page.goto(
      '/classifieds?type=boats&price=cheap&sort=random&after=%2E%2E%2Fx&page=2',
    );
    expect(response?.status()).toBe(200);
    const notes = page.getByTestId('listing-notes');
    await expect(notes).toContainText('Unknown item type “boats” was ignored.');
    await expect(notes).toContainText('Unknown price range “cheap” was ignored.');
    await expect(notes).toContainText('Unknown sort order “random” was ignored.');
    await expect(notes).toContainText('That page link was not valid');
    await expect(notes).toContainText('“page”');
    await expect(page.getByRole('heading', { name: 'All Listings' })).toBeVisible();
    expect(await cardTitles(page)).toEqual(titles);
  });

  test('a filter that matches nothing names the filters to loosen, each a link without it', async ({
    page,
  }) => {
    await page.goto('/classifieds?search=zzqxv&type=services');
    const empty = page.getByTestId('market-empty');
    await expect(empty).toContainText('No listings found');
    await empty.getByRole('link', { name: 'the search “zzqxv”' }).click();
    await expect(page).toHaveURL(/\/classifieds\?type=services$/);
    await expect(page.getByTestId('result-count')).toHaveText(
      countText((await expected('type=services')).total),
    );
  });

  test('Load more is a link to the next page that works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/classifieds?sort=oldest');
    const first = await cardTitles(page);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(page.getByTestId('result-count')).toHaveText('More listings');
    const second = await cardTitles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((title) => first.includes(title)).length).toBeLessThan(second.length);
    await context.close();
  });

  test('cards link to each listing’s own page and show price or Contact for Pricing and at most 3 tags', async ({
    page,
  }) => {
    await page.goto('/classifieds?type=classifieds');
    const cards = page.locator('#results article');
    for (const card of await cards.all()) {
      expect(await card.getByRole('link').getAttribute('href')).toMatch(/^\/classifieds\/[A-Za-z0-9_-]+$/);
      expect(await card.locator('[aria-label=Tags] li:not(:has-text("more"))').count()).toBeLessThanOrEqual(
        3,
      );
    }
    const noPrice = (
      await adminDb().collection('market_listings').where('price_band', '==', null).limit(1).get()
    ).docs[0];
    if (noPrice) {
      await page.goto(`/classifieds?search=${encodeURIComponent(noPrice.get('title') as string)}`);
      const card = page
        .locator('#results article')
        .filter({ hasText: noPrice.get('title') as string })
        .first();
      await expect(card.getByTestId('market-price')).toHaveText('Contact for Pricing');
    }
  });

  test('an ad page shows the ad, its seller and how to contact them; unknown ads are 404', async ({
    page,
  }) => {
    const entry = (
      await adminDb()
        .collection('market_listings')
        .where('type', '==', 'classified')
        .orderBy('created_at', 'desc')
        .limit(1)
        .get()
    ).docs[0]!;
    const ad = (
      await adminDb()
        .doc(`classified_ads/${entry.get('source_id')}`)
        .get()
    ).data()!;
    const shown = await page.goto(entry.get('path') as string);
    // Cached by the CDN under the ad's tag and its seller's, so an edit, a hide or the seller's change purges it.
    expect(shown?.headers()['netlify-cache-tag']).toBe(`ad-${entry.get('source_id')},profile-${ad.user_id}`);
    await expect(page.getByRole('heading', { level: 1, name: ad.title as string })).toBeVisible();
    await expect(page.getByText(ad.description as string)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact Seller' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', /^\/profile\//);
    await expectNoAxeViolations(page);
    // The ad document carries no contact details; email and phone details are for signed-in members only.
    expect(ad).not.toHaveProperty('contact_info');
    const info = (
      await adminDb()
        .doc(`classified_ads/${entry.get('source_id')}/private/contact`)
        .get()
    ).get('contact_info') as string | null | undefined;
    if ((ad.contact_method === 'email' || ad.contact_method === 'phone') && info) {
      expect(await page.content()).not.toContain(info);
    }
    const missing = await page.goto('/classifieds/no-such-ad');
    expect(missing?.status()).toBe(404);
    expect(missing?.headers()['netlify-cache-tag']).toBe('ad-no-such-ad');
    await expect(page.getByRole('heading', { name: 'Classified Ad Not Found' })).toBeVisible();
  });

  test('Post Ad sends a visitor to /auth with the spec’s message', async ({ page }) => {
    await page.goto('/classifieds');
    await page.getByRole('link', { name: 'Post Ad' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Authentication Required')).toBeVisible();
    await expect(
      page.getByText('Please log in to create an ad. All ads must be posted from your profile.'),
    ).toBeVisible();
  });
});
