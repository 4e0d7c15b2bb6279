// The first paint waits for nothing but the HTML: no page links a stylesheet or a
// synchronous script, no script or picture is fetched before the page has painted
// (enhancement scripts sit in AfterPaint templates until then, pictures load lazily,
// but for a book page's cover, its main content, which comes with the HTML),
// and the paint itself waits until the main landmark is parsed (HoldFirstPaint), so
// Lighthouse's LCP lands with the FCP. npm run bench measures the timings themselves.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../helpers/fixtures';
import { sitemapPages } from '../helpers/sitemap';
import { EXTRA_PAGES, fetchPages } from '../helpers/pages';
import { splitStatements } from '../../../src/security/critical-css.ts';

/** Fetches every sitemap page (expecting 200) and `extra`, with 2 s of test time per page: their HTML and the problems met. */
async function fetchSitemapPages(request: APIRequestContext, extra: { path: string; status: number }[] = []) {
  const pages = [...(await sitemapPages(request)).map(({ path }) => ({ path, status: 200 })), ...extra];
  test.setTimeout(30_000 + pages.length * 2_000);
  return fetchPages(request, pages);
}

/** Tags of `html` named `tag`, with their attributes (names lower-cased; a bare attribute has the value ''). */
function tagsOf(html: string, tag: string): Map<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attributes]) => {
    const map = new Map<string, string>();
    for (const [, name, , double, single, bare] of (attributes ?? '').matchAll(
      /([^\s=/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      map.set((name as string).toLowerCase(), double ?? single ?? bare ?? '');
    }
    return map;
  });
}

/** The HTML outside <template> elements: what the browser parses, preloads and runs as the page loads. */
const outsideTemplates = (html: string) => html.replace(/<template\b[\s\S]*?<\/template>/gi, '');

test('no page asks for a render-blocking stylesheet or a synchronous external script: the CSS travels in the HTML', async ({
  request,
}) => {
  const { bodies, problems } = await fetchSitemapPages(request, EXTRA_PAGES);
  for (const { path, html } of bodies) {
    const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));
    if (!/<style\b/i.test(head))
      problems.push(`${path}: no inline <style> in the head (the critical CSS should travel in the HTML)`);
    // A stylesheet inside an AfterPaint template (the site sheet of on-demand pages) loads after the paint.
    for (const link of tagsOf(outsideTemplates(html), 'link')) {
      const rel = (link.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('stylesheet') && link.get('media') !== 'print')
        problems.push(`${path}: render-blocking <link rel="stylesheet" href="${link.get('href')}">`);
    }
    for (const script of tagsOf(html, 'script')) {
      if (!script.has('src')) continue;
      const deferred =
        script.has('async') || script.has('defer') || script.get('type')?.toLowerCase() === 'module';
      if (!deferred)
        problems.push(
          `${path}: synchronous <script src="${script.get('src')}"> (needs async, defer or type="module")`,
        );
    }
  }
  expect(problems, 'render-blocking requests').toEqual([]);
});

test('no public page fetches a script before its first paint: bundled scripts wait in AfterPaint templates', async ({
  request,
}) => {
  const { bodies, problems } = await fetchSitemapPages(request);
  for (const { path, html } of bodies) {
    for (const script of tagsOf(outsideTemplates(html), 'script')) {
      if (script.has('src'))
        problems.push(`${path}: <script src="${script.get('src')}"> outside an AfterPaint template`);
    }
    for (const link of tagsOf(outsideTemplates(html), 'link')) {
      if ((link.get('rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload'))
        problems.push(`${path}: <link rel="modulepreload" href="${link.get('href')}">`);
    }
  }
  expect(problems, 'scripts fetched before the first paint').toEqual([]);
});

/**
 * Pages whose main picture is their content above the fold, fetched with the HTML: a
 * book page's cover (not a reading page's) and a product page's photo.
 */
const FIRST_PAINT_PICTURE = /^\/(book|product-service)\/[^/]+$/;

test('no public page fetches a picture before its first paint but a book page its cover and a product page its photo: the others wait with a data: pixel and load lazily', async ({
  request,
}) => {
  const { bodies, problems } = await fetchSitemapPages(request);
  let waiting = 0;
  let covers = 0;
  for (const { path, html } of bodies) {
    let main = 0;
    // <noscript> copies are for browsers without JavaScript, which never run the loader.
    for (const img of tagsOf(
      outsideTemplates(html).replace(/<noscript\b[\s\S]*?<\/noscript>/gi, ''),
      'img',
    )) {
      const name = `${path}: <img data-src="${img.get('data-src')}" src="${(img.get('src') ?? '').slice(0, 40)}">`;
      // The page's main picture: fetched with the HTML, eagerly and first; one per page.
      if (FIRST_PAINT_PICTURE.test(path) && img.get('fetchpriority') === 'high') {
        if ((img.get('src') ?? 'data:').startsWith('data:') || img.has('data-src'))
          problems.push(`${name}: the main picture waits for the first paint`);
        if (img.get('loading') !== 'eager')
          problems.push(`${name}: the main picture without loading="eager"`);
        if ((main += 1) > 1) problems.push(`${name}: a second picture at high priority`);
        if ((img.get('alt') ?? '').startsWith('Cover of ')) covers += 1;
        continue;
      }
      if (!(img.get('src') ?? '').startsWith('data:') || !img.get('data-src'))
        problems.push(`${name} is fetched before the first paint`);
      if (img.has('srcset')) problems.push(`${name} has a srcset before the first paint`);
      if (img.get('loading') !== 'lazy') problems.push(`${name} without loading="lazy"`);
      waiting += 1;
    }
  }
  expect(problems, 'pictures fetched before the first paint').toEqual([]);
  expect(waiting, 'pictures checked').toBeGreaterThan(10);
  expect(covers, 'book covers that paint with the first frame').toBeGreaterThan(0);
});

test('pictures get their addresses once the page has painted and as they come near the viewport, in appended results too, and without JavaScript from <noscript>', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/categories');
  const covers = page.locator('#results img[data-fallback]');
  // On a phone the filters come first: the first cover gets its address as it comes near.
  await covers.first().scrollIntoViewIfNeeded();
  await expect(covers.first()).toHaveAttribute('src', /^\/(media|placeholder)/);
  // Far below the viewport a picture waits, whatever the browser guesses of the connection.
  await expect(covers.last()).toHaveAttribute('data-src', /./);
  const before = await covers.count();
  await page.getByRole('link', { name: 'Load more' }).click();
  await expect.poll(() => covers.count()).toBeGreaterThan(before);
  // A page's own <noscript> holds text; one parsed by DOMParser (scripting off) would hold a real <img>.
  await expect
    .poll(() => page.locator('#results noscript img').count(), 'appended noscript copies dropped')
    .toBe(0);
  await expect(covers.last()).toHaveAttribute('data-src', /./);
  await covers.last().scrollIntoViewIfNeeded();
  await expect(covers.last()).toHaveAttribute('src', /^\/(media|placeholder)/);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto('/categories');
    const shown = plain.locator('#results img:visible');
    expect(await shown.count()).toBeGreaterThan(0);
    for (const src of await shown.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? '')))
      expect(src).not.toMatch(/^data:/);
  } finally {
    await context.close();
  }
});

test('a long profile fetches the same pictures on every visit: those near the viewport, not the rest', async ({
  browser,
}) => {
  const fetched: number[] = [];
  for (let visit = 0; visit < 2; visit += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      const pictures = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'image' && !request.url().startsWith('data:'))
          pictures.add(request.url());
      });
      await page.goto('/profile/margot-ellery', { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      expect(
        await page.locator('img[data-src]').count(),
        'pictures far below the viewport wait',
      ).toBeGreaterThan(0);
      fetched.push(pictures.size);
    } finally {
      await context.close();
    }
  }
  expect(fetched[0]).toBeGreaterThan(0);
  expect(fetched[1]).toBe(fetched[0]);
});

test('the first paint waits for the whole main landmark, on every page', async ({ page, request }) => {
  const pages = [...(await sitemapPages(request)), ...EXTRA_PAGES].map(({ path }) => path);
  test.setTimeout(30_000 + pages.length * 2_000);
  const problems: string[] = [];
  const read = () =>
    page.evaluate(() => ({
      hold: document.head.querySelectorAll('link[rel="expect"][href="#main"][blocking="render"]').length,
      main: document.getElementById('main')?.tagName ?? null,
    }));
  for (const path of pages) {
    // A screen that sends a visitor elsewhere (/profile-edit to /auth) is read where it lands:
    // its redirect may abort the navigation being awaited, which is not a failure here.
    const visit = () =>
      page.goto(path, { waitUntil: 'domcontentloaded' }).catch((error: unknown) => {
        if (!String(error).includes('ERR_ABORTED')) throw error;
      });
    // The previous screen's own redirect (to /auth) may land during this navigation: go again once.
    await visit().catch(async (error: unknown) => {
      if (!String(error).includes('interrupted by another navigation')) throw error;
      await page.waitForLoadState('load');
      await visit();
    });
    const found = await read().catch(async () => {
      await page.waitForLoadState('load');
      return read();
    });
    if (found.hold !== 1) problems.push(`${path}: ${found.hold} render holds for #main in the head`);
    if (found.main !== 'MAIN') problems.push(`${path}: #main is ${found.main ?? 'missing'}`);
  }
  expect(problems).toEqual([]);
});

test('no script runs between <body> and the main content: the parser never pauses to paint the header alone', async ({
  request,
}) => {
  const { bodies, problems } = await fetchSitemapPages(request);
  for (const { path, html } of bodies) {
    const start = html.search(/<body\b/i);
    const main = html.search(/<main\b/i);
    if (start < 0 || main < start) {
      problems.push(`${path}: no <main> after <body>`);
      continue;
    }
    for (const script of tagsOf(outsideTemplates(html.slice(start, main)), 'script')) {
      if (script.get('type')?.toLowerCase() !== 'module')
        problems.push(
          `${path}: a classic <script${script.has('src') ? ` src="${script.get('src')}"` : ''}> before <main>`,
        );
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

test('a toast left by the previous page still shows: the account script loads after the first paint', async ({
  page,
}) => {
  await page.goto('/about');
  await page.evaluate(() =>
    sessionStorage.setItem(
      'shelfmark.flash',
      JSON.stringify({ title: 'Logged out', description: 'You have been successfully logged out.' }),
    ),
  );
  await page.goto('/terms');
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
});

test('hero quiz answers given before its script arrives still show the result once it runs', async ({
  page,
}) => {
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

/** Computed styles that show whether an element is styled as the whole stylesheet would style it. */
const STYLE_PROPERTIES = [
  'display',
  'position',
  'visibility',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'width',
  'height',
  'border-top-width',
  'border-top-color',
  'border-radius',
  'box-shadow',
  'opacity',
  'text-decoration-line',
  'text-transform',
  'white-space',
  'overflow-x',
  'gap',
  'grid-template-columns',
  'flex-direction',
  'justify-content',
  'align-items',
  'aspect-ratio',
  'object-fit',
];

test('a page rendered on demand adds the site stylesheet at the first interaction, not while it is only looked at', async ({
  page,
}) => {
  const sheets: string[] = [];
  page.on('request', (request) => {
    if (/\/styles\/site\.[0-9a-f]+\.css$/.test(request.url())) sheets.push(request.url());
  });
  await page.goto('/categories', { waitUntil: 'load' });
  // Painted, pictures revealed: the loader has run.
  await expect(page.locator('#results img[data-fallback]').first()).toHaveAttribute(
    'src',
    /^\/(media|placeholder)/,
  );
  await page.waitForLoadState('networkidle');
  expect(sheets, 'no site stylesheet while the page is only looked at').toEqual([]);
  await expect(page.locator('link[rel="stylesheet"][href^="/styles/site."]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.locator('link[rel="stylesheet"][href^="/styles/site."]')).toHaveCount(1);
  await expect.poll(() => sheets.length).toBe(1);
});

test('a page rendered on demand carries only its critical CSS, and it styles every element as the whole site stylesheet does', async ({
  browser,
  request,
}) => {
  const paths = (await sitemapPages(request)).map(({ path }) => path);
  const pages = [/^\/book\/[^/]+$/, /^\/profile\/[^/]+$/, /^\/product-service\/[^/]+$/, /^\/categories$/].map(
    (pattern) => {
      const path = paths.find((candidate) => pattern.test(candidate));
      expect(path, `a page matching ${pattern} in the sitemap`).toBeTruthy();
      return path as string;
    },
  );
  // Without JavaScript the after-paint loader never runs, so a page shows its inline CSS
  // alone. The same page with the site stylesheet linked in its head must style every
  // element the same.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      const href =
        /<template data-after-paint="styles"><link rel="stylesheet" href="(\/styles\/site\.[0-9a-f]+\.css)"><\/template>/.exec(
          html,
        )?.[1];
      expect(href, `${path}: the site stylesheet waits in a styles template`).toBeTruthy();
      const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      const late = await (await request.get(href as string)).text();
      // The late sheet is the site's utilities layer; the page carries only the utilities it uses.
      const inlineUtilities = splitStatements(inline)?.find((node) => node.prelude === '@layer utilities');
      expect(late.startsWith('@layer utilities{'), `${path}: the late sheet is the utilities layer`).toBe(
        true,
      );
      expect(
        inlineUtilities?.body?.length ?? Infinity,
        `${path}: the page's utilities are fewer than the site's`,
      ).toBeLessThan(late.length / 1.5);
      const styles = async (withSiteSheet: boolean, width: number) => {
        await page.unrouteAll();
        if (withSiteSheet)
          await page.route(path, async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replace(
              '</head>',
              `<link rel="stylesheet" href="${href}"></head>`,
            );
            await route.fulfill({ response, body });
          });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path, { waitUntil: 'load' });
        return page.evaluate((properties) => {
          return [...document.querySelectorAll('body *')].map((element) => {
            const computed = getComputedStyle(element);
            return `${element.tagName.toLowerCase()} ${properties.map((name) => computed.getPropertyValue(name)).join('|')}`;
          });
        }, STYLE_PROPERTIES);
      };
      for (const width of [375, 1280]) {
        const critical = await styles(false, width);
        const full = await styles(true, width);
        expect(full.length, `${path}: the same elements`).toBe(critical.length);
        expect(critical.length).toBeGreaterThan(50);
        const differences = critical.flatMap((style, index) =>
          style === full[index] ? [] : [`${path} at ${width}px, element ${index}: ${style} → ${full[index]}`],
        );
        expect(differences.slice(0, 5), 'elements the critical CSS styles differently').toEqual([]);
      }
    }
  } finally {
    await context.close();
  }
});
