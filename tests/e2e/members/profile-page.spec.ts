// The public profile page (/profile/{slug}) as a visitor sees it, checked against
// what the demo data holds (read through the Admin SDK): its sections, the books
// and products that are public, the not-found screen of every slug that is not a
// public profile, the structured data and link previews, its cache headers, and
// that a visitor downloads no React and no Firebase. Read-only on the demo data
// (one test adds a fresh member of its own): the old-slug redirect, which
// writes data, is in profile-old-slug.spec.ts.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ON_DEMAND_CACHE_CONTROL } from '../../../src/config';
import { bookLinks, purchaseLinkPath } from '../../../src/domain/books/book-links';
import { bookSchema } from '../../../src/domain/books/book';
import { bookChips } from '../../../src/domain/books/book-page';
import { GENRE_CATALOGUE } from '../../../src/domain/items/genres';
import { priceLine } from '../../../src/domain/items/product-page';
import { productServiceSchema } from '../../../src/domain/items/product-service';
import { eventLines, profileSchema } from '../../../src/domain/accounts/profile';
import { parseDoc } from '../../../src/data/firestore-convert';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { freshMember } from '../helpers/members';
import { MALFORMED_PROFILE } from '../helpers/malformed-documents';
import { sitemapLocs } from '../helpers/sitemap';
import { gzipBytes, inlineScripts, scriptsLoadedBy } from '../helpers/scripts';

/** A seeded member's profile and what of theirs is public (active), newest first, as the page must show it. */
async function memberPage(uid: string) {
  const db = adminDb();
  const snap = await db.doc(`profiles/${uid}`).get();
  const profile = parseDoc(profileSchema, snap.id, snap.data());
  const newestFirst = <T extends { created_at: Date }>(items: T[]) =>
    items.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  const books = newestFirst(
    (await db.collection('books').where('user_id', '==', uid).get()).docs
      .map((d) => parseDoc(bookSchema, d.id, d.data()))
      .filter((b) => b.is_active),
  );
  const products = newestFirst(
    (await db.collection('products_services').where('user_id', '==', uid).get()).docs
      .map((d) => parseDoc(productServiceSchema, d.id, d.data()))
      .filter((p) => p.is_active),
  );
  return { profile, books, products };
}

/** The slug of one seeded member in a state a visitor must not see. */
async function slugWhere(field: 'is_active' | 'approval_status', value: unknown): Promise<string> {
  const snap = await adminDb().collection('profiles').where(field, '==', value).limit(1).get();
  const slug = snap.docs[0]?.get('page_slug') as string | undefined;
  if (!slug) throw new Error(`the demo data has no profile with ${field} = ${String(value)}`);
  return slug;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a visitor opens an author’s profile from the directory and sees every section with what is public', async ({
  page,
  context,
}) => {
  const { profile, books, products } = await memberPage('demo-author');
  await page.goto(`/directory?search=${encodeURIComponent(profile.display_name)}`);
  const card = page.locator('[data-member-card]').filter({ hasText: profile.display_name });
  // View Profile opens the profile in a new tab.
  const [profilePage] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: /View Profile/ }).click(),
  ]);
  await profilePage.waitForLoadState();
  expect(new URL(profilePage.url()).pathname).toBe(`/profile/${profile.page_slug}`);

  await expect(profilePage.getByRole('heading', { level: 1 })).toHaveText(
    profile.page_title || profile.display_name,
  );
  await expect(profilePage.locator('[data-profile-category]')).toHaveText('Book Author');
  await expect(
    profilePage.getByRole('img', { name: `Profile picture of ${profile.display_name}` }),
  ).toBeVisible();

  await expect(section(profilePage, 'About Me')).toContainText(profile.about_me!.trim());
  await expect(section(profilePage, 'Special Announcement')).toContainText(
    profile.special_announcement!.trim(),
  );
  await expect(section(profilePage, 'Upcoming Events').getByRole('listitem')).toHaveText(
    eventLines(profile.upcoming_events),
  );

  // Books: only the active ones, newest first, each title linking to its page, with its purchase links.
  const bookCards = section(profilePage, 'Books').locator('[data-profile-book]');
  await expect(bookCards.getByRole('heading')).toHaveText(books.map((b) => b.title));
  for (const [i, book] of books.entries()) {
    const cardOf = bookCards.nth(i);
    await expect(cardOf.getByRole('link', { name: book.title, exact: true })).toHaveAttribute(
      'href',
      `/book/${book.id}`,
    );
    const links = bookLinks(book);
    const shown = cardOf.getByRole('list').getByRole('link');
    await expect(shown).toHaveCount(links.length);
    // Each goes through /go, which counts the click and sends the reader to the saved link.
    for (const j of links.keys())
      await expect(shown.nth(j)).toHaveAttribute('href', purchaseLinkPath(book.id, j));
    await expect(cardOf.locator('img')).toHaveAttribute('loading', 'lazy');
  }
  expect(
    books.some((b) => bookLinks(b).length > 0),
    'the demo author has purchase links to show',
  ).toBe(true);

  // Products & Services: only the active ones (the demo author has one an admin disabled).
  await expect(section(profilePage, 'Products & Services').locator('[data-profile-product] h3')).toHaveText(
    products.map((p) => p.title),
  );
  // Each price reads as on the product's own page (the seller's text, else the amount in its currency).
  const productCards = section(profilePage, 'Products & Services').locator('[data-profile-product]');
  for (const [i, product] of products.entries()) {
    const line = priceLine(product);
    if (line) await expect(productCards.nth(i)).toContainText(line);
  }

  await expect(
    section(profilePage, 'Connect With Me').getByRole('link', { name: /Visit My Website/ }),
  ).toHaveAttribute('href', profile.social_links.website!);
  // Social links are an edit-mode section only.
  await expect(section(profilePage, 'Social Links')).toHaveCount(0);
  await expectNoAxeViolations(profilePage);
});

test('a book card shows the full card: Featured, the free-reading badge, chips, video, audiobook, Book Links, description and View Book Page', async ({
  page,
}) => {
  const author = await freshMember(`Card Author ${Date.now().toString(36)}`);
  const genre = GENRE_CATALOGUE.fiction[0]!.value;
  const full = {
    user_id: author.uid,
    title: 'The Lantern Keeper',
    description: 'A keeper of lanterns finds a map in the lighthouse wall.',
    category: 'fiction',
    genre: [genre],
    sub_genre: ['Coastal'],
    video_url: 'https://video.example.com/watch/lantern',
    audiobook_url: 'https://audio.example.com/listen/lantern',
    purchase_url: 'https://books.example.com/lantern',
    purchase_links: [],
    manuscript_content: [{ id: 's1', type: 'text', title: 'One', content: 'The lamp was lit.', order: 0 }],
    is_full_book_free: true,
    is_active: true,
    is_featured: true,
    created_at: new Date(),
  };
  const plainRef = await adminDb()
    .collection('books')
    .add({
      ...full,
      title: 'A Plain Ledger',
      description: null,
      genre: [],
      sub_genre: [],
      video_url: null,
      audiobook_url: null,
      purchase_url: null,
      manuscript_content: [],
      is_full_book_free: false,
      is_featured: false,
      created_at: new Date(Date.now() - 60_000),
    });
  const fullRef = await adminDb().collection('books').add(full);
  const partialRef = await adminDb()
    .collection('books')
    .add({
      ...full,
      title: 'Half a Map',
      is_full_book_free: false,
      is_featured: false,
      created_at: new Date(Date.now() - 30_000),
    });

  await page.goto(`/profile/${author.slug}`);
  const cards = section(page, 'Books').locator('[data-profile-book]');
  await expect(cards).toHaveCount(3);
  const card = cards.filter({ has: page.getByRole('heading', { name: full.title }) });
  await expect(card.getByText('Featured', { exact: true })).toBeVisible();
  await expect(card.getByText('Full Book Free Reading', { exact: true })).toBeVisible();
  const chips = bookChips(parseDoc(bookSchema, fullRef.id, full));
  await expect(card.getByRole('list', { name: /Category and genres/ }).getByRole('listitem')).toHaveText([
    chips.category!,
    ...chips.genres,
  ]);
  await expect(card.getByRole('link', { name: /Watch Video/ })).toHaveAttribute('href', full.video_url);
  await expect(card.getByRole('link', { name: /Listen to Audiobook/ })).toHaveAttribute(
    'href',
    full.audiobook_url,
  );
  await expect(card.getByText('Book Links', { exact: true })).toBeVisible();
  const links = card.getByRole('list', { name: `Where to buy ${full.title}` }).getByRole('link');
  await expect(links).toHaveCount(bookLinks(full).length);
  // Book Links go through /go, which counts the click and redirects to the saved link.
  await expect(links.first()).toHaveAttribute('href', purchaseLinkPath(fullRef.id, 0));
  await expect(card.getByText(full.description)).toBeVisible();
  await expect(card.getByRole('link', { name: /View Book Page/ })).toHaveAttribute(
    'href',
    `/book/${fullRef.id}`,
  );

  const partial = cards.filter({ has: page.getByRole('heading', { name: 'Half a Map' }) });
  await expect(partial.getByText('Partial Free Reading Only', { exact: true })).toBeVisible();
  await expect(partial.getByText('Featured', { exact: true })).toHaveCount(0);
  await expect(partial.getByRole('link', { name: /View Book Page/ })).toHaveAttribute(
    'href',
    `/book/${partialRef.id}`,
  );

  // A book with none of it shows only its cover, title and View Book Page.
  const plain = cards.filter({ has: page.getByRole('heading', { name: 'A Plain Ledger' }) });
  await expect(
    plain.locator('[data-book-featured], [data-book-free-label], [data-book-video], [data-book-audiobook]'),
  ).toHaveCount(0);
  await expect(plain.getByText('Book Links', { exact: true })).toHaveCount(0);
  await expect(plain.getByRole('link', { name: /View Book Page/ })).toHaveAttribute(
    'href',
    `/book/${plainRef.id}`,
  );
  await expectNoAxeViolations(page);
});

test('the profile’s content carries the member’s id and slug for the owner’s editor to attach to', async ({
  page,
}) => {
  const { profile } = await memberPage('demo-author');
  await page.goto(`/profile/${profile.page_slug}`);
  const root = page.locator('[data-profile-user-id]');
  await expect(root).toHaveCount(1);
  await expect(root).toHaveAttribute('data-profile-user-id', 'demo-author');
  await expect(root).toHaveAttribute('data-profile-slug', profile.page_slug);
  await expect(root.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a publisher has a Books section, a book lover has none, and an admin is presented as a Book Author', async ({
  page,
}) => {
  const publisher = await memberPage('demo-publisher');
  await page.goto(`/profile/${publisher.profile.page_slug}`);
  await expect(page.locator('[data-profile-category]')).toHaveText('Publisher');
  await expect(section(page, 'Books').locator('[data-profile-book]')).toHaveCount(publisher.books.length);

  const reader = await memberPage('demo-reader');
  await page.goto(`/profile/${reader.profile.page_slug}`);
  await expect(page.locator('[data-profile-category]')).toHaveText('Book Lover/Marketer');
  await expect(section(page, 'Books')).toHaveCount(0);
  await expect(section(page, 'Products & Services').locator('[data-profile-product]')).toHaveCount(
    reader.products.length,
  );

  const admin = await memberPage('demo-admin');
  expect(admin.profile.role).toBe('Admin');
  await page.goto(`/profile/${admin.profile.page_slug}`);
  await expect(page.locator('[data-profile-category]')).toHaveText('Book Author');
  await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(section(page, 'Books').locator('[data-profile-book]')).toHaveCount(admin.books.length);
});

test('unknown, inactive, pending, denied and malformed profiles show Profile Not Found with HTTP 404 and Go Back', async ({
  page,
}) => {
  const slugs = {
    unknown: 'no-one-by-this-name',
    inactive: await slugWhere('is_active', false),
    pending: await slugWhere('approval_status', 'pending'),
    denied: await slugWhere('approval_status', 'denied'),
    malformed: MALFORMED_PROFILE.data.page_slug,
  };
  for (const [why, slug] of Object.entries(slugs)) {
    const response = await page.goto(`/profile/${slug}`);
    expect(response?.status(), why).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), why).toHaveText('Profile Not Found');
    await expect(page.getByRole('link', { name: 'Go Back' }), why).toBeVisible();
    await expect(page.locator('[data-profile-user-id]'), why).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]'), why).toHaveAttribute('content', 'noindex');
  }
  await expectNoAxeViolations(page);
});

test('Go Back returns to the page the visitor came from, and without one leads to the directory', async ({
  page,
  browser,
}) => {
  await page.goto('/about');
  // As if the visitor followed a stale link on /about.
  await page.evaluate(() => {
    location.href = '/profile/no-one-by-this-name';
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/about$/);

  // Opened directly (no previous page), and with JavaScript off, it is a link to the directory.
  await page.goto('/profile/no-one-by-this-name');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/directory$/);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/profile/no-one-by-this-name');
  await plain.getByRole('link', { name: 'Go Back' }).click();
  await expect(plain).toHaveURL(/\/directory$/);
  await noScript.close();
});

test('search engines and link previews get a canonical URL, OpenGraph and Twitter tags, and schema.org JSON-LD', async ({
  page,
  request,
}) => {
  const { profile, books } = await memberPage('demo-author');
  const loc = (await sitemapLocs(request)).find(
    (l) => new URL(l).pathname === `/profile/${profile.page_slug}`,
  );
  expect(loc, 'the profile is in the sitemap').toBeTruthy();
  await page.goto(`/profile/${profile.page_slug}`);

  const meta = (selector: string) => page.locator(`head ${selector}`);
  await expect(meta('link[rel="canonical"]')).toHaveAttribute('href', loc!);
  await expect(meta('meta[property="og:url"]')).toHaveAttribute('content', loc!);
  await expect(meta('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
  const image = new URL(profile.profile_image!, loc!).href;
  await expect(meta('meta[property="og:image"]')).toHaveAttribute('content', image);
  await expect(meta('meta[name="twitter:image"]')).toHaveAttribute('content', image);
  await expect(meta('meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    `Profile picture of ${profile.display_name}`,
  );

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  const graph = (JSON.parse(blocks[0]!) as { '@graph': Array<Record<string, unknown>> })['@graph'];
  const person = graph.find((node) => node['@type'] === 'Person')!;
  expect(person).toMatchObject({ name: profile.display_name, url: loc, image });
  const socialUrls = [...new Set(Object.values(profile.social_links).filter((url): url is string => !!url))];
  expect(new Set(person.sameAs as string[])).toEqual(new Set(socialUrls));
  expect(graph.filter((node) => node['@type'] === 'Book').map((node) => node.name)).toEqual(
    books.map((b) => b.title),
  );
});

test('the page is cacheable by the CDN, the same for every visitor, and tagged with the member', async ({
  request,
}) => {
  const { profile } = await memberPage('demo-author');
  const anonymous = await request.get(`/profile/${profile.page_slug}`);
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);
  expect(anonymous.headers()['netlify-cache-tag']).toBe(
    `profile-demo-author,profile-slug-${profile.page_slug}`,
  );
  expect(anonymous.headers()['cache-tag']).toBe(`profile-demo-author,profile-slug-${profile.page_slug}`);
  expect(anonymous.headers()['set-cookie']).toBeUndefined();
  expect(anonymous.headers()['vary'] ?? '').not.toMatch(/cookie|authorization/i);
  // A member's browser (a cookie, a session) gets the very same HTML.
  const withCookie = await request.get(`/profile/${profile.page_slug}`, {
    headers: { Cookie: 'session=anything' },
  });
  expect(await withCookie.text()).toBe(await anonymous.text());

  const missing = await request.get('/profile/no-one-by-this-name');
  expect(missing.status()).toBe(404);
  // A 404 belongs to no member, only to its address (purged when someone takes the slug).
  expect(missing.headers()['netlify-cache-tag']).toBe('profile-slug-no-one-by-this-name');
  expect(missing.headers()['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);
});

test('a visitor downloads no React and no Firebase, and under 15 KB of JavaScript (gzip)', async ({
  page,
}) => {
  const { profile } = await memberPage('demo-author');
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  const scripts = await scriptsLoadedBy(page, async () => {
    await page.goto(`/profile/${profile.page_slug}`, { waitUntil: 'networkidle' });
    await page.mouse.wheel(0, 1500);
    await page.waitForLoadState('networkidle');
  });
  for (const { url, text } of scripts) {
    expect(text, `${url} carries Firebase`).not.toContain('@firebase/');
    expect(text, `${url} carries React`).not.toContain('react.transitional.element');
  }
  expect([...hosts].filter((host) => /googleapis|firebase|:(9099|8080|5001)$/.test(host))).toEqual([]);
  const gzip = gzipBytes([...scripts.map((s) => s.text), ...(await inlineScripts(page))]);
  expect(gzip).toBeLessThanOrEqual(15 * 1024);
});

test('on a phone every link and button is large enough, or far enough from the next, to tap (WCAG 2.2 target size)', async ({
  page,
}) => {
  const { profile } = await memberPage('demo-author');
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`/profile/${profile.page_slug}`);
  const results = await new AxeBuilder({ page }).setLegacyMode().withRules(['target-size']).analyze();
  expect(
    results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)),
  ).toEqual([]);
});
