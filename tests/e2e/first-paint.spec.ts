// The first paint waits for nothing but the HTML: no page links a stylesheet or a
// synchronous script, and no script is fetched before the page has painted
// (enhancement scripts sit in AfterPaint templates until then), so Lighthouse's
// LCP lands with the FCP. npm run bench measures the timings themselves.
import { expect, test } from './fixtures';
import { sitemapPages } from './helpers/sitemap';
import { EXTRA_PAGES, fetchPages } from './helpers/pages';

/** Tags of `html` named `tag`, with their attributes (names lower-cased; a bare attribute has the value ''). */
function tagsOf(html: string, tag: string): Map<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attributes]) => {
    const map = new Map<string, string>();
    for (const [, name, , double, single, bare] of (attributes ?? '').matchAll(/([^\s=/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      map.set((name as string).toLowerCase(), double ?? single ?? bare ?? '');
    }
    return map;
  });
}

/** The HTML outside <template> elements: what the browser parses, preloads and runs as the page loads. */
const outsideTemplates = (html: string) => html.replace(/<template\b[\s\S]*?<\/template>/gi, '');

test('no page asks for a render-blocking stylesheet or a synchronous external script: the CSS travels in the HTML', async ({ request }) => {
  const pages = [...(await sitemapPages(request)).map(({ path }) => ({ path, status: 200 })), ...EXTRA_PAGES];
  test.setTimeout(30_000 + pages.length * 2_000);
  const { bodies, problems } = await fetchPages(request, pages);
  for (const { path, html } of bodies) {
    const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));
    if (!/<style\b/i.test(head)) problems.push(`${path}: no inline <style> in the head (the critical CSS should travel in the HTML)`);
    for (const link of tagsOf(html, 'link')) {
      const rel = (link.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('stylesheet') && link.get('media') !== 'print') problems.push(`${path}: render-blocking <link rel="stylesheet" href="${link.get('href')}">`);
    }
    for (const script of tagsOf(html, 'script')) {
      if (!script.has('src')) continue;
      const deferred = script.has('async') || script.has('defer') || script.get('type')?.toLowerCase() === 'module';
      if (!deferred) problems.push(`${path}: synchronous <script src="${script.get('src')}"> (needs async, defer or type="module")`);
    }
  }
  expect(problems, 'render-blocking requests').toEqual([]);
});

test('no public page fetches a script before its first paint: bundled scripts wait in AfterPaint templates', async ({ request }) => {
  const pages = (await sitemapPages(request)).map(({ path }) => ({ path, status: 200 }));
  test.setTimeout(30_000 + pages.length * 2_000);
  const { bodies, problems } = await fetchPages(request, pages);
  for (const { path, html } of bodies) {
    for (const script of tagsOf(outsideTemplates(html), 'script')) {
      if (script.has('src')) problems.push(`${path}: <script src="${script.get('src')}"> outside an AfterPaint template`);
    }
    for (const link of tagsOf(outsideTemplates(html), 'link')) {
      if ((link.get('rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) problems.push(`${path}: <link rel="modulepreload" href="${link.get('href')}">`);
    }
  }
  expect(problems, 'scripts fetched before the first paint').toEqual([]);
});

test('no script runs between <body> and the main content: the parser never pauses to paint the header alone', async ({ request }) => {
  const pages = (await sitemapPages(request)).map(({ path }) => ({ path, status: 200 }));
  test.setTimeout(30_000 + pages.length * 2_000);
  const { bodies, problems } = await fetchPages(request, pages);
  for (const { path, html } of bodies) {
    const start = html.search(/<body\b/i);
    const main = html.search(/<main\b/i);
    if (start < 0 || main < start) {
      problems.push(`${path}: no <main> after <body>`);
      continue;
    }
    for (const script of tagsOf(outsideTemplates(html.slice(start, main)), 'script')) {
      if (script.get('type')?.toLowerCase() !== 'module') problems.push(`${path}: a classic <script${script.has('src') ? ` src="${script.get('src')}"` : ''}> before <main>`);
    }
  }
  expect(problems, 'scripts the parser runs before the main content').toEqual([]);
});

test('an anonymous visitor with no toast waiting downloads no script on a static page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
});

test('a toast left by the previous page still shows: the account script loads after the first paint', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => sessionStorage.setItem('shelfmark.flash', JSON.stringify({ title: 'Logged out', description: 'You have been successfully logged out.' })));
  await page.goto('/terms');
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
});

test('hero quiz answers given before its script arrives still show the result once it runs', async ({ page }) => {
  // Hold the quiz script (it loads after the first paint) until all three questions are answered.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/HeroQuiz\.astro_astro_type_script/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const quiz = page.locator('#hero-quiz');
  for (const group of await quiz.getByRole('group').all()) await group.getByRole('radio').first().check();
  await expect(quiz.getByText('Answer all three questions')).toBeVisible();
  release();
  await expect(quiz.getByText('Answer all three questions')).toBeHidden();
  await expect(quiz.locator('[data-quiz-outcome]:not([hidden])')).toHaveCount(1);
});
