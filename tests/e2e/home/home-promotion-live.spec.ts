// The holiday promotion: an admin sets a promotion code in Site Settings and the
// home page's promotion card names it; clearing the code removes the card. The open
// home page follows without a reload (the live patch; a rebuild publishes the same).
// It changes what every visitor sees, so it runs in the mutating project and puts
// the stored code back at the end.
import type { Page } from '@playwright/test';
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

const SAVED = 'Site settings updated. The public pages follow within about a minute.';

/** Opens the home page and nudges it the way a visitor does, which starts the live refresh. */
async function openHomeLive(page: Page): Promise<void> {
  const patchLoaded = page.waitForResponse((response) =>
    /\/_astro\/patch-home\.[^/]+\.js$/.test(response.url()),
  );
  await page.goto('/');
  await page.mouse.wheel(0, 200);
  await patchLoaded;
}

const events = (page: Page) => page.getByRole('region', { name: 'Events & Promotions' });

test('an admin sets a promotion code and the home card names it; clearing it removes the card', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const db = adminDb();
  const ref = db.doc('site_settings/main');
  const original = ((await ref.get()).get('promotion_code') as string | null | undefined) ?? null;
  const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
  const admin = await freshMember(`Promotion Admin ${Date.now().toString(36)}`, { admin: true });

  const visitor = await browser.newPage();
  try {
    await openHomeLive(visitor);
    const card = events(visitor).getByRole('heading', { level: 3, name: /^Use code .+ at checkout$/ });

    await signInAs(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Site Settings' }).click();
    const field = page.getByLabel('Promotion Code', { exact: true });
    await expect(field).toBeVisible({ timeout: 20_000 });

    // A code of another shape is refused inline and nothing is saved.
    await field.fill('no spaces');
    await page.getByRole('button', { name: 'Save Promotion' }).click();
    await expect(page.getByText('Use 3 to 40 letters, digits or dashes')).toBeVisible();

    // Typed lower case, saved (and shown on the card) upper case.
    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Save Promotion' }).click();
    // The callable's first call may wait for a cold functions worker.
    await expect(page.getByText(SAVED)).toBeVisible({ timeout: 30_000 });
    await expect(field).toHaveValue(code);
    expect((await ref.get()).get('promotion_code')).toBe(code);
    await expect(card).toHaveText(`Use code ${code} at checkout`, { timeout: 15_000 });
    await expect(events(visitor).getByRole('link', { name: 'See Membership Plans' })).toBeVisible();

    await field.fill('');
    await page.getByRole('button', { name: 'Save Promotion' }).click();
    await expect(page.getByText(SAVED).last()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await ref.get()).get('promotion_code') as unknown).toBeNull();
    await expect(card).toHaveCount(0, { timeout: 15_000 });
    await expect(events(visitor)).toContainText('Virtual Author Meetup');
    await expect(events(visitor)).not.toContainText('Holiday Promotion');
  } finally {
    await visitor.close();
    await ref.set({ promotion_code: original }, { merge: true });
  }
});
