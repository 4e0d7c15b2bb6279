// The book page (/book/{id}) and the online reader (/book/{id}/read/{n}) as a
// visitor sees them, checked against the demo data (read through the Admin SDK):
// a free book read section by section with and without JavaScript, the reader's
// remembered place, the not-found screens with their status, structured data,
// link previews and caching, and that a visitor downloads no React or Firebase.
// Read-only.
import { gzipSync } from 'node:zlib';
import { ON_DEMAND_CACHE_CONTROL } from '../../src/config';
import { bookLinks } from '../../src/domain/book-links';
import { bookSchema, freeReadingLabel, sortedSections, type Book } from '../../src/domain/book';
import { sectionTitle } from '../../src/domain/book-page';
import { parseDoc } from '../../src/data/firestore-convert';
import { adminDb, expect, expectNoAxeViolations, test } from './fixtures';
import { sitemapLocs } from './helpers/sitemap';

/** The demo author's books, parsed. */
async function demoBooks(): Promise<Book[]> {
  const snap = await adminDb().collection('books').where('user_id', '==', 'demo-author').get();
  return snap.docs.map((d) => parseDoc(bookSchema, d.id, d.data()));
}

/** The demo author's active free read (seeded with text sections and an audiobook). */
async function freeRead(): Promise<Book> {
  const reads = (await demoBooks()).filter((b) => b.is_active && b.manuscript_content.some((s) => s.type === 'text'));
  const book = reads.find((b) => b.audiobook_url) ?? reads[0];
  if (!book) throw new Error('the demo author has no active free read');
  return book;
}

test('a visitor opens a free book, sees every part of it, and reads it section by section', async ({ page }) => {
  const book = await freeRead();
  const sections = sortedSections(book.manuscript_content);
  const response = await page.goto(`/book/${book.id}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe(ON_DEMAND_CACHE_CONTROL);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
  await expect(page.getByRole('img', { name: `Cover of ${book.title}` })).toBeVisible();
  await expect(page.locator('[data-book-free-label]')).toHaveText(freeReadingLabel(book));
  if (book.audiobook_url) await expect(page.getByRole('link', { name: /Listen to Audiobook/ })).toHaveAttribute('href', book.audiobook_url);
  else await expect(page.getByRole('link', { name: /Listen to Audiobook/ })).toHaveCount(0);
  const links = bookLinks(book);
  await expect(page.locator('[data-book-links] li')).toHaveCount(links.length);
  await expect(page.getByRole('link', { name: new RegExp(`Back to ${book.author!.display_name}`) })).toHaveAttribute('href', `/profile/${book.author!.page_slug}`);
  await expect(page.locator('[data-book-contents] li')).toHaveCount(sections.length);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Start reading' }).click();
  for (let n = 1; n <= sections.length; n++) {
    await expect(page).toHaveURL(new RegExp(`/book/${book.id}/read/${n}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sectionTitle(sections[n - 1]!, n));
    await expect(page.locator('[data-reader-position]')).toHaveText(`Section ${n} of ${sections.length}`);
    const first = sections[n - 1]!.content.split(/\n\s*\n/)[0]!.trim();
    if (sections[n - 1]!.type === 'text') await expect(page.locator('[data-reader-body] p').first()).toHaveText(first);
    if (n < sections.length) await page.getByRole('link', { name: /Next/ }).click();
  }
  await expect(page.getByRole('link', { name: 'Back to the book' })).toBeVisible();
  if (sections.length > 1) {
    await page.getByRole('link', { name: /Previous/ }).click();
    await expect(page).toHaveURL(new RegExp(`/read/${sections.length - 1}$`));
  }
  await expectNoAxeViolations(page);

  // The place is remembered in this browser: the book page now offers to continue.
  if (sections.length > 1) {
    await page.goto(`/book/${book.id}`);
    await expect(page.locator('[data-start-reading]')).toHaveText(`Continue reading (section ${sections.length - 1} of ${sections.length})`);
  }
});

test('the reader works without JavaScript: contents, next and previous are plain links', async ({ browser }) => {
  const book = await freeRead();
  const sections = sortedSections(book.manuscript_content);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/book/${book.id}/read/1`);
  await page.locator('[data-reader-contents] summary').click();
  await page.locator('[data-reader-contents] a').last().click();
  await expect(page).toHaveURL(new RegExp(`/read/${sections.length}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sectionTitle(sections.at(-1)!, sections.length));
  await context.close();
});

test('unknown, malformed and disabled books, and sections out of range, are Book Not Found with 404', async ({ page }) => {
  const disabled = (await demoBooks()).find((b) => !b.is_active);
  const book = await freeRead();
  const paths = ['/book/no-such-book-id', '/book/bad%20id', `/book/${'x'.repeat(300)}`, `/book/${book.id}/read/0`, `/book/${book.id}/read/999`, `/book/${book.id}/read/abc`];
  if (disabled) paths.push(`/book/${disabled.id}`, `/book/${disabled.id}/read/1`);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Book Not Found');
  }
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('structured data, link previews and the sitemap describe the book', async ({ page, request }) => {
  const book = await freeRead();
  await page.goto(`/book/${book.id}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
  expect(ld['@type']).toBe('Book');
  expect(ld.name).toBe(book.title);
  expect(ld.author).toMatchObject({ '@type': 'Person', name: book.author!.display_name });
  expect(Array.isArray(ld.offers) ? ld.offers.length : 0).toBe(bookLinks(book).length);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'book');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(book.cover_image!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const locs = await sitemapLocs(request);
  expect(locs.some((loc) => loc.endsWith(`/book/${book.id}`))).toBe(true);
  const disabled = (await demoBooks()).find((b) => !b.is_active);
  if (disabled) expect(locs.some((loc) => loc.endsWith(`/book/${disabled.id}`))).toBe(false);
});

test('a visitor of a book and a reading page downloads no React and no Firebase, and under 15 KB of JavaScript (gzip)', async ({ page }) => {
  const book = await freeRead();
  for (const path of [`/book/${book.id}`, `/book/${book.id}/read/1`]) {
    const bodies: Promise<{ url: string; text: string }>[] = [];
    const onResponse = (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text().then((text) => ({ url: response.url(), text })));
    };
    page.on('response', onResponse);
    await page.goto(path, { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    const scripts = await Promise.all(bodies);
    for (const { url, text } of scripts) {
      expect(text, `${url} carries Firebase`).not.toContain('@firebase/');
      expect(text, `${url} carries React`).not.toContain('react.transitional.element');
    }
    const inline = await page.$$eval('script:not([src]):not([type="application/ld+json"])', (nodes) => nodes.map((n) => n.textContent ?? ''));
    const gzip = [...scripts.map((s) => s.text), ...inline].reduce((sum, text) => sum + gzipSync(Buffer.from(text), { level: 9 }).length, 0);
    expect(gzip, path).toBeLessThanOrEqual(15 * 1024);
  }
});
