// Live refresh: an administrator's change to site settings or to
// the featured books shows on a home page that is already open, without a
// reload. The tests write through the Admin SDK and put the data back at once,
// because other specs compare the page with the same documents.
import type { Page } from '@playwright/test';
import { adminDb, expect, test } from '../helpers/fixtures';
import { isListableBook } from '../helpers/malformed-documents';

/** Opens the home page and nudges it the way a visitor does, which starts the live refresh. */
async function openAndInteract(page: Page): Promise<void> {
  const sdkLoaded = page.waitForResponse((response) =>
    /\/_astro\/patch-home\.[^/]+\.js$/.test(response.url()),
  );
  await page.goto('/');
  await page.mouse.wheel(0, 200);
  await sdkLoaded;
}

test.describe('home live refresh', () => {
  test.describe.configure({ mode: 'serial' });

  test('the Firestore SDK is not loaded before the visitor interacts', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    expect(
      requested.filter((url) => /patch-home|firestore|googleapis|:\d+\/google\.firestore/.test(url)),
    ).toEqual([]);
  });

  test('a visitor who only reads still gets live updates: the SDK loads a few seconds after the page is idle', async ({
    page,
  }) => {
    const ref = adminDb().doc('site_settings/main');
    const original = (await ref.get()).get('site_title') as string;
    const sdkLoaded = page.waitForResponse(
      (response) => /\/_astro\/patch-home\.[^/]+\.js$/.test(response.url()),
      { timeout: 15_000 },
    );
    await page.goto('/');
    // No scroll, click or key press: the refresh must start on its own.
    expect((await sdkLoaded).ok()).toBe(true);
    const changed = `${original} Idle`;
    try {
      await ref.update({ site_title: changed });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(changed, { timeout: 15_000 });
    } finally {
      await ref.update({ site_title: original });
    }
  });

  test('a new site title shows in the header, the hero and the tab title without a reload', async ({
    page,
  }) => {
    const ref = adminDb().doc('site_settings/main');
    const original = (await ref.get()).get('site_title') as string;
    await openAndInteract(page);
    const marker = await page.evaluate(
      () => ((window as unknown as { __noReload: number }).__noReload = Date.now()),
    );
    const changed = `${original} Live`;
    try {
      await ref.update({ site_title: changed });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(changed, { timeout: 15_000 });
      await expect(page.getByRole('banner').getByText(changed, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(changed);
    } finally {
      await ref.update({ site_title: original });
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(original, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
  });

  test('a book newly featured in slot 1 replaces the old one in the grid without a reload', async ({
    page,
  }) => {
    const db = adminDb();
    const slotRef = db.doc('featured_books/1');
    const original = (await slotRef.get()).data();
    expect(original, 'seeded featured book in slot 1').toBeTruthy();
    const featuredIds = new Set(
      (await db.collection('featured_books').get()).docs.map((d) => d.get('book_id') as string),
    );
    // The day's Spotlight books fill the empty slots; the replacement is none of them.
    const spotlightIds = new Set(
      ((await db.doc('site_meta/spotlight').get()).get('picks') ?? []) as string[],
    );
    const candidates = await db.collection('books').where('is_public', '==', true).limit(30).get();
    // A book whose document fails the schema would show as an empty slot, so it is no replacement.
    const replacement = candidates.docs.find(
      (d) => !featuredIds.has(d.id) && !spotlightIds.has(d.id) && isListableBook(d.id, d.data()),
    )!;
    await openAndInteract(page);
    const grid = page.locator('[data-live="featured-books"]');
    const spotlightCards = grid.getByText('Spotlight', { exact: true });
    const spotlightShown = await spotlightCards.count();
    expect(spotlightShown, 'seeded Spotlight cards').toBeGreaterThan(0);
    try {
      await slotRef.update({ book_id: replacement.id });
      const first = grid.getByRole('listitem').first();
      await expect(first.getByRole('link')).toHaveAttribute('href', `/book/${replacement.id}`, {
        timeout: 15_000,
      });
      await expect(first).toContainText(replacement.get('title'));
      await expect(first.locator('img[data-slot-cover]')).toHaveAttribute(
        'src',
        (replacement.get('cover_image') as string | null) || '/placeholder-cover.svg',
      );
      await expect(grid.getByRole('listitem')).toHaveCount(12);
      // The live refresh refills the empty slots with the same Spotlight cards, never wipes them.
      await expect(spotlightCards).toHaveCount(spotlightShown);
    } finally {
      await slotRef.set(original!);
    }
    await expect(grid.getByRole('listitem').first().getByRole('link')).toHaveAttribute(
      'href',
      `/book/${original!.book_id}`,
      { timeout: 15_000 },
    );
  });
});
