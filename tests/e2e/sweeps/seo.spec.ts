// Findability (issue 4 "Everywhere"): the sitemap lists the public pages on the
// configured site, and each of them has its own title, description, canonical
// URL, OpenGraph tags, and images that cannot shift the layout.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../helpers/fixtures';
import { sitemapLocs, sitemapPages } from '../helpers/sitemap';

test.describe('sitemap', () => {
  test('a crawler finds sitemap.xml through robots.txt, listing the public pages as absolute URLs on one site', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const sitemapLine = (await robots.text()).split('\n').find((line) => line.startsWith('Sitemap: '));
    expect(sitemapLine, 'robots.txt names the sitemap').toBeTruthy();
    const sitemapUrl = new URL(sitemapLine!.slice('Sitemap: '.length));
    expect(sitemapUrl.pathname).toBe('/sitemap.xml');

    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const locs = await sitemapLocs(request);
    expect(locs.length).toBeGreaterThan(0);
    expect(new Set(locs).size, 'no URL listed twice').toBe(locs.length);
    for (const loc of locs) expect(new URL(loc).origin, loc).toBe(sitemapUrl.origin);
    const paths = locs.map((loc) => new URL(loc).pathname);
    expect(paths).toContain('/');
    for (const hidden of [
      '/auth',
      '/login',
      '/register',
      '/pending-approval',
      '/admin',
      '/profile-edit',
      '/404',
    ]) {
      expect(paths, `${hidden} is not a public page`).not.toContain(hidden);
    }
  });
});

test.describe('every page in the sitemap', () => {
  /** The sitemap's pages, with 10 s of test time for each to be opened in the browser. */
  async function sitemapPagesTimed(request: APIRequestContext) {
    const pages = await sitemapPages(request);
    test.setTimeout(15_000 + pages.length * 10_000);
    return pages;
  }

  test('answers 200 with a unique title and description, a canonical URL equal to its sitemap URL, and OpenGraph tags', async ({
    page,
    request,
  }) => {
    const pages = await sitemapPagesTimed(request);
    const problems: string[] = [];
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const { loc, path } of pages) {
      const response = await page.goto(path);
      if (response?.status() !== 200) {
        problems.push(`${path}: HTTP ${response?.status()}`);
        continue;
      }
      const head = await page.evaluate(() => {
        const meta = (selector: string) =>
          document.head.querySelector(selector)?.getAttribute('content')?.trim() ?? '';
        return {
          title: document.title.trim(),
          description: meta('meta[name="description"]'),
          canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
          og: {
            title: meta('meta[property="og:title"]'),
            description: meta('meta[property="og:description"]'),
            url: meta('meta[property="og:url"]'),
            image: meta('meta[property="og:image"]'),
          },
        };
      });
      if (!head.title) problems.push(`${path}: empty <title>`);
      else if (titles.has(head.title))
        problems.push(`${path}: title "${head.title}" is also the title of ${titles.get(head.title)}`);
      else titles.set(head.title, path);
      if (!head.description) problems.push(`${path}: no meta description`);
      else if (descriptions.has(head.description))
        problems.push(
          `${path}: meta description is also the description of ${descriptions.get(head.description)}`,
        );
      else descriptions.set(head.description, path);
      if (head.canonical !== loc)
        problems.push(`${path}: canonical "${head.canonical}" is not the sitemap URL "${loc}"`);
      for (const [key, value] of Object.entries(head.og)) if (!value) problems.push(`${path}: no og:${key}`);
      if (head.og.url && head.og.url !== loc)
        problems.push(`${path}: og:url "${head.og.url}" is not "${loc}"`);
      if (head.og.image && !/^https?:\/\//.test(head.og.image))
        problems.push(`${path}: og:image "${head.og.image}" is not absolute`);
    }
    expect(problems.length, `SEO problems:\n${problems.join('\n')}`).toBe(0);
  });

  test('every image has width and height, and images below the fold load lazily', async ({
    page,
    request,
  }) => {
    const pages = await sitemapPagesTimed(request);
    const problems: string[] = [];
    for (const { path } of pages) {
      const response = await page.goto(path);
      if (response?.status() !== 200) continue; // reported by the test above
      const images = await page.evaluate(() =>
        [...document.images].map((img) => {
          const box = img.getBoundingClientRect();
          return {
            src: img.getAttribute('src') ?? '',
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
            loading: img.getAttribute('loading'),
            rendered: box.width > 0 && box.height > 0,
            top: box.top + window.scrollY,
          };
        }),
      );
      const fold = page.viewportSize()?.height ?? 720;
      for (const img of images) {
        const name = `${path}: <img src="${img.src.slice(0, 80)}">`;
        if (!img.width || !img.height) problems.push(`${name} has no width/height attributes`);
        if (img.rendered && img.top >= fold && img.loading !== 'lazy')
          problems.push(`${name} is below the fold (y=${Math.round(img.top)}) without loading="lazy"`);
      }
    }
    expect(problems.length, `image problems:\n${problems.join('\n')}`).toBe(0);
  });
});
