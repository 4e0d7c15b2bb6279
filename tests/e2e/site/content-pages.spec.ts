// The static and content pages: /book-communities from src/content/communities.ts,
// /about and /membership from what page_content holds in the demo data.
import { aboutContentSchema, membershipContentSchema } from '../../../src/domain/site/page-content';
import { COMMUNITY_SECTIONS } from '../../../src/content/communities';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';

test.describe('book communities', () => {
  test('a visitor sees the hero claims and sections I–VII with the spec’s counts and subgroups', async ({
    page,
  }) => {
    await page.goto('/book-communities');
    const stats = page.locator('[data-community-stats]');
    await expect(stats).toContainText('7');
    await expect(stats).toContainText('Platform Types');
    await expect(stats).toContainText('100+');
    await expect(stats).toContainText('Communities');

    const expected: Record<string, { count: number; action: string; subgroups: string[] }> = {
      'book-clubs': { count: 16, action: 'Visit', subgroups: [] },
      facebook: {
        count: 16,
        action: 'Visit',
        subgroups: ['For readers', 'For writers', 'For book promotion'],
      },
      linkedin: { count: 8, action: 'Visit', subgroups: [] },
      'x-twitter': { count: 14, action: 'Visit', subgroups: ['Hashtags', 'Influential accounts'] },
      substack: { count: 6, action: 'Subscribe', subgroups: [] },
      discord: { count: 6, action: 'Join', subgroups: [] },
      reddit: {
        count: 17,
        action: 'Visit',
        subgroups: ['General', 'Recommendations', 'Genres', 'Book clubs', 'Writers', 'Utility'],
      },
    };
    const sections = page.locator('[data-community-section]');
    await expect(sections).toHaveCount(7);
    await expect(sections.getByRole('heading', { level: 2 })).toHaveText([
      /^\s*I\. Curated Book Clubs/,
      /^\s*II\. Facebook Groups/,
      /^\s*III\. LinkedIn Groups/,
      /^\s*IV\. X \(Twitter\)/,
      /^\s*V\. Substack/,
      /^\s*VI\. Discord/,
      /^\s*VII\. Reddit/,
    ]);
    for (const [id, want] of Object.entries(expected)) {
      const section = page.locator(`[data-community-section="${id}"]`);
      await expect(section.locator('[data-community]')).toHaveCount(want.count);
      await expect(section.locator('[data-section-count]')).toHaveText(`${want.count} communities`);
      await expect(section.getByRole('link', { name: new RegExp(`^${want.action} `) })).toHaveCount(
        want.count,
      );
      if (want.subgroups.length > 0)
        await expect(section.getByRole('heading', { level: 3 })).toHaveText(want.subgroups);
    }
    const x = page.locator('[data-community-section="x-twitter"]');
    await expect(x.getByRole('heading', { level: 4, name: /^#/ })).toHaveCount(8);
    await expect(x.getByRole('heading', { level: 4, name: /^@/ })).toHaveCount(6);
    await expectNoAxeViolations(page);
  });

  test('every community link opens in a new tab and says so to assistive technology', async ({ page }) => {
    await page.goto('/book-communities');
    const links = page.locator('[data-community] a');
    const total = COMMUNITY_SECTIONS.flatMap((s) => s.groups.flatMap((g) => g.communities)).length;
    await expect(links).toHaveCount(total);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    await expect(page.getByRole('link', { name: 'r/books (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/books/',
    );
  });

  test('the closing buttons lead to sign-up and the member directory', async ({ page }) => {
    await page.goto('/book-communities');
    const cta = page.locator('section', { has: page.getByRole('heading', { name: 'Find your people' }) });
    await expect(cta.getByRole('link', { name: 'Join Our Community' })).toHaveAttribute('href', '/register');
    await expect(cta.getByRole('link', { name: 'Explore More Resources' })).toHaveAttribute(
      'href',
      '/directory',
    );
  });
});

test.describe('about', () => {
  test('a visitor sees the stored about content and its two calls to action', async ({ page }) => {
    const stored = (await adminDb().doc('page_content/about').get()).data();
    expect(stored?.is_published).toBe(true);
    const content = aboutContentSchema.parse(stored?.content);
    await page.goto('/about');
    await expect(page).toHaveTitle(new RegExp(`^${stored?.title}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.hero.title);
    await expect(page.getByText(content.hero.description)).toBeVisible();
    await expect(page.getByRole('heading', { name: content.mission.title })).toBeVisible();
    await expect(page.getByText(content.mission.content)).toBeVisible();
    for (const feature of content.features)
      await expect(page.getByRole('heading', { level: 3, name: feature.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: content.vision.title })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Our values' }).getByRole('listitem')).toHaveText(
      content.vision.badges,
    );
    await expect(page.getByRole('heading', { level: 2, name: content.cta.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Shelfmark Today' })).toHaveAttribute(
      'href',
      '/auth?tab=signup',
    );
    await expect(page.getByRole('link', { name: 'Explore Directory' })).toHaveAttribute('href', '/directory');
    await expect(page.locator('main svg:not([aria-hidden="true"])')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('membership', () => {
  test('a visitor sees the stored plans, the premium benefits and where each button leads', async ({
    page,
  }) => {
    const stored = (await adminDb().doc('page_content/membership').get()).data();
    expect(stored?.is_published).toBe(true);
    const content = membershipContentSchema.parse(stored?.content);
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.hero.title);
    for (const plan of content.plans) {
      const card = page.locator(`[data-plan="${plan.type}"]`);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      await expect(card).toContainText(`${plan.price} ${plan.period}`);
      for (const feature of plan.features)
        await expect(card.getByText(feature, { exact: true })).toBeVisible();
      await expect(card.getByText('Most Popular')).toHaveCount(plan.popular ? 1 : 0);
      const button = card.getByRole('link', {
        name: plan.type === 'premium' ? 'Upgrade to Premium' : 'Get Started Free',
      });
      await expect(button).toHaveAttribute(
        'href',
        plan.type === 'premium' ? '/billing/upgrade' : '/register',
      );
    }
    await expect(page.getByRole('heading', { name: 'Why Choose Premium?' })).toBeVisible();
    for (const benefit of content.benefits)
      await expect(page.getByRole('heading', { level: 3, name: benefit.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: content.cta.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/billing/upgrade?trial=1',
    );
    await expect(page.getByRole('link', { name: 'Learn More About Shelfmark' })).toHaveAttribute(
      'href',
      '/about',
    );
    await expectNoAxeViolations(page);
  });
});
