// The first page set: header from site settings, home with featured books and
// authors, legal pages and the 404 page, each checked against what Firestore holds.
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';

test.describe('header', () => {
  test('a visitor sees the seeded site settings, the menu, social links and Login/Join', async ({ page }) => {
    const settings = (await adminDb().doc('site_settings/main').get()).data();
    expect(settings, 'seeded site settings').toBeTruthy();
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText(settings!.site_title, { exact: true }).first()).toBeVisible();
    await expect(header.getByText(settings!.header_description, { exact: true })).toBeVisible();

    const nav = header.getByRole('navigation', { name: /main/i });
    for (const item of settings!.menu_items as { label: string; url: string }[]) {
      await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute(
        'href',
        item.url,
      );
    }
    for (const url of Object.values(settings!.social_links as Record<string, string>).filter(Boolean)) {
      const link = header.locator(`a[href="${url}"]`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(header.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/auth?tab=signup');
  });
});

test.describe('home page', () => {
  test('a visitor sees the featured books in their slots, with Coming Soon for empty ones', async ({
    page,
  }) => {
    const db = adminDb();
    const featured = (await db.collection('featured_books').get()).docs;
    expect(featured.length).toBeGreaterThan(0);
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Featured Books', exact: true }),
    });
    let shown = 0;
    for (const entry of featured) {
      const book = (await db.doc(`books/${entry.get('book_id')}`).get()).data();
      if (!book?.is_active) continue;
      shown += 1;
      await expect(section.locator(`a[href="/book/${entry.get('book_id')}"]`).first()).toContainText(
        book.title,
      );
    }
    // Slots no admin book fills show the Spotlight (home-spotlight.spec.ts) or 'Coming Soon'.
    const spotlight = await section.getByText('Spotlight', { exact: true }).count();
    await expect(section.getByText('Coming Soon')).toHaveCount(12 - shown - spotlight);
  });

  test('a visitor sees the featured authors, each linking to their profile', async ({ page }) => {
    const db = adminDb();
    const featured = (await db.collection('featured_profiles').get()).docs;
    expect(featured.length).toBeGreaterThan(0);
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Meet Our Community', exact: true }),
    });
    for (const entry of featured) {
      const profile = (await db.doc(`profiles/${entry.get('user_id')}`).get()).data();
      if (!profile?.is_active) continue;
      await expect(section.locator(`a[href="/profile/${profile.page_slug}"]`).first()).toContainText(
        profile.display_name,
      );
    }
    await expect(section.getByRole('link', { name: 'Explore User Directory' })).toHaveAttribute(
      'href',
      '/directory',
    );
    await expect(page.getByRole('link', { name: 'Join Our Community' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Browse Authors' })).toHaveAttribute('href', '/directory');
  });

  test('the home page has no WCAG 2.1 AA violations', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
  });
});

test.describe('legal pages', () => {
  for (const type of ['terms', 'privacy'] as const) {
    test(`/${type} shows the stored ${type} document with a way back to sign-up`, async ({ page }) => {
      const doc = (await adminDb().doc(`legal_documents/${type}`).get()).data();
      expect(doc, `seeded ${type}`).toBeTruthy();
      await page.goto(`/${type}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(doc!.title);
      await expect(page.getByText(/Last updated/i)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Signup' })).toHaveAttribute(
        'href',
        '/auth?tab=signup',
      );
      await expectNoAxeViolations(page);
    });
  }

  test('the terms page renders the stored Markdown as HTML', async ({ page }) => {
    const content: string = (await adminDb().doc('legal_documents/terms').get()).get('content');
    const firstHeading = content.match(/^#{2,3} (.+)$/m)?.[1];
    expect(firstHeading, 'the seeded terms have a Markdown heading').toBeTruthy();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: firstHeading!.trim() })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('## ');
  });
});

test.describe('404', () => {
  test('a visitor on a path that does not exist sees the 404 page and the path is logged', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    const response = await page.goto('/no-such-shelf');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /home/i }).last()).toHaveAttribute('href', '/');
    await expect.poll(() => warnings.some((w) => w.includes('/no-such-shelf'))).toBe(true);
    await expectNoAxeViolations(page);
  });
});
