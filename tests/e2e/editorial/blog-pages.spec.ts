// The blog and newsletter pages as a visitor sees them: published items only,
// newest first, rendered with the light markup, each at its own slug, with feeds
// and home teasers that lead to real pages.
import { adminDb, expect, test } from '../helpers/fixtures';

async function published(collection: 'blog_posts' | 'newsletters') {
  const snap = await adminDb()
    .collection(collection)
    .where('is_published', '==', true)
    .orderBy('created_at', 'desc')
    .get();
  return snap.docs.map((d) => ({
    id: d.id,
    title: String(d.get('title')),
    slug: String(d.get('slug') ?? d.id),
    recipients: d.get('recipient_count') as number | null,
  }));
}

test('a visitor reads the blog: published posts newest first, no drafts, rendered markup, each post on its own page', async ({
  page,
}) => {
  const posts = await published('blog_posts');
  const drafts = await adminDb().collection('blog_posts').where('is_published', '==', false).get();
  await page.goto('/blog');
  await expect(page).toHaveTitle(/^Shelfmark Blog \|/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shelfmark Blog' })).toBeVisible();
  const titles = page.getByRole('list', { name: 'Blog posts' }).getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(posts.map((p) => p.title));
  for (const draft of drafts.docs) await expect(page.getByText(String(draft.get('title')))).toHaveCount(0);

  // The seeded welcome post uses headings, label lines, a rule and a centred bold line.
  const welcome = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name: 'Welcome to Shelfmark' }) });
  await expect(welcome).toContainText('By Shelfmark Team');
  await expect(welcome.getByRole('heading', { level: 3, name: 'What you can do today' })).toBeVisible();
  await expect(welcome.getByRole('listitem').filter({ hasText: 'Build your page:' })).toBeVisible();
  await expect(welcome.locator('hr')).toHaveCount(1);
  await expect(welcome.locator('p.centered strong')).toHaveText(
    'Thank you for being one of our first members.',
  );
  const quoted = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name: 'Five Ways to Make Your Author Page Shine' }) });
  await expect(quoted.locator('blockquote footer')).toHaveText('- A Shelfmark member');

  await welcome.getByRole('link', { name: 'Welcome to Shelfmark' }).click();
  const slug = posts.find((p) => p.title === 'Welcome to Shelfmark')?.slug;
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Shelfmark' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What you can do today' })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/blog/rss.xml',
  );
});

test('a visitor reads the newsletters: subtitle, long date, sent line, numbered and dashed items', async ({
  page,
}) => {
  const newsletters = await published('newsletters');
  await page.goto('/newsletters');
  await expect(page.getByRole('heading', { level: 1, name: 'Shelfmark Newsletters' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Newsletters' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(newsletters.map((n) => n.title));
  const first = newsletters.find((n) => n.title === 'Shelfmark Monthly: Our First Issue');
  const issue = page.locator('article').filter({ has: page.getByRole('link', { name: first?.title ?? '' }) });
  await expect(issue).toContainText('News, new members and what is coming next');
  await expect(issue).toContainText(` • Sent to ${first?.recipients} recipients`);
  await expect(issue).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(issue.locator('ol > li')).toHaveCount(3);
  const spring = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name: 'Spring Reading Guide' }) });
  await expect(spring.locator('ul > li').first()).toContainText('A coastal mystery:');
  const unsent = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name: 'Autumn Update: New Audiobooks Section' }) });
  await expect(unsent).not.toContainText('Sent to');

  await page.goto(`/newsletters/${first?.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: first?.title ?? '' })).toBeVisible();
});

test('the feeds are RSS 2.0 listing the published items with absolute links', async ({ request }) => {
  for (const [path, collection, base] of [
    ['/blog/rss.xml', 'blog_posts', '/blog/'],
    ['/newsletters/rss.xml', 'newsletters', '/newsletters/'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const items = await published(collection);
    const links = [...xml.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(links).toEqual(items.map((i) => `${base}${i.slug}`));
  }
});

test("the home page's teasers open real pages", async ({ page }) => {
  await page.goto('/');
  const teaser = page
    .getByRole('region', { name: 'From the Blog' })
    .getByRole('listitem')
    .getByRole('link')
    .first();
  const title = await teaser.textContent();
  await teaser.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
  await page.goto('/');
  const news = page
    .getByRole('region', { name: 'Latest Newsletters' })
    .getByRole('listitem')
    .getByRole('link')
    .first();
  const newsTitle = await news.textContent();
  await news.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newsTitle ?? '');
});
