// Focus not obscured (WCAG 2.2, 2.4.11): a keyboard user tabbing through a page always
// sees the element that has the focus; no header, banner, cookie notice or toast
// layer covers it. axe cannot check this, so each kind of page is tabbed through
// here, at a desktop and a phone width: at every stop the element the browser finds
// at the centre of the focused element must be that element (or a part of it), and
// the element must not sit wholly under a fixed or sticky layer.
import type { Page } from '@playwright/test';
import { adminDb, expect, test } from '../helpers/fixtures';

/** Tab stops checked per page at most (a page with more is checked up to there). */
const MAX_STOPS = 150;

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
];

/** One of each kind of page: the ids of the book and the product come from the demo data. */
async function pagesToTab(): Promise<{ kind: string; path: string }[]> {
  const db = adminDb();
  const books = await db
    .collection('books')
    .where('user_id', '==', 'demo-author')
    .where('is_active', '==', true)
    .limit(1)
    .get();
  const products = await db
    .collection('products_services')
    .where('user_id', '==', 'demo-author')
    .where('is_active', '==', true)
    .limit(1)
    .get();
  const book = books.docs[0];
  const product = products.docs[0];
  if (!book || !product) throw new Error('the demo author has no active book or product');
  return [
    { kind: 'home', path: '/' },
    { kind: 'listing', path: '/free-books' },
    { kind: 'book page', path: `/book/${book.id}` },
    { kind: 'product page', path: `/product-service/${product.id}` },
    { kind: 'profile', path: '/profile/margot-ellery' },
    { kind: 'directory', path: '/directory' },
    { kind: 'blog post', path: '/blog/welcome-to-shelfmark' },
    { kind: 'marketplace', path: '/classifieds' },
    { kind: 'auth', path: '/auth' },
    { kind: 'sign-up', path: '/auth?tab=signup' },
  ];
}

/**
 * What the focused element looks like to the check: its name, and why it is covered
 * (null when it is not). Runs in the page, so it is self-contained.
 */
function focusState(): { name: string; covered: string | null } | null {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const describe = (node: Element) => {
    const id = node.id ? `#${node.id}` : '';
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${node.tagName.toLowerCase()}${id}>${text ? ` "${text}"` : ''}`;
  };
  const name = describe(el);
  const rect = el.getBoundingClientRect();
  // A visually hidden control (an sr-only input behind its styled label) has no box of its own to cover.
  if (rect.width < 2 || rect.height < 2) return { name, covered: null };
  // A link that wraps has one box per line: it is seen when the centre of any of them shows it.
  const shows = (hit: Element | null) =>
    hit !== null &&
    (hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el));
  let hidden: Element | null = null;
  let visible = false;
  for (const box of el.getClientRects()) {
    if (box.width < 1 || box.height < 1) continue;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (shows(hit)) {
      visible = true;
      break;
    }
    hidden ??= hit;
  }
  if (!visible)
    return {
      name,
      covered: hidden ? `its centre shows ${describe(hidden)}` : 'nothing at its centre: off screen',
    };
  // A fixed or sticky layer (header, banner, toast) may cover it wholly without being at a centre point.
  for (const layer of document.body.querySelectorAll('*')) {
    if (layer.contains(el) || el.contains(layer)) continue;
    const style = getComputedStyle(layer);
    if ((style.position !== 'fixed' && style.position !== 'sticky') || style.visibility === 'hidden')
      continue;
    const box = layer.getBoundingClientRect();
    if (box.left <= rect.left && box.top <= rect.top && box.right >= rect.right && box.bottom >= rect.bottom)
      return { name, covered: `it lies under the ${style.position} ${describe(layer)}` };
  }
  return { name, covered: null };
}

/** Tabs through `page` from the top; the stops where the focused element was covered. */
async function coveredStops(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  let first: string | null = null;
  for (let stop = 0; stop < MAX_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(focusState);
    if (!state) {
      // Focus left the document (past the last stop): the page is done.
      if (stop > 0) break;
      continue;
    }
    const key = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      return `${el.tagName}|${el.outerHTML.slice(0, 200)}|${Math.round(r.left)},${Math.round(r.top + window.scrollY)}`;
    });
    // Back at the first stop: focus went round the page.
    if (first === key) break;
    first ??= key;
    if (seen.has(key)) continue;
    seen.add(key);
    if (state.covered) problems.push(`stop ${stop + 1}, ${state.name}: ${state.covered}`);
  }
  expect(seen.size, 'tab stops reached').toBeGreaterThan(1);
  return problems;
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`${name} (${viewport.width}px)`, () => {
    test.use({ viewport });

    test('tabbing through each kind of page never hides the focused element', async ({ page }) => {
      const pages = await pagesToTab();
      test.setTimeout(30_000 + pages.length * 30_000);
      const failures: string[] = [];
      for (const { kind, path } of pages) {
        await page.goto(path);
        // Scripts that run after the first paint (menus, toasts, the session) are in place.
        await page.waitForLoadState('load');
        const problems = await coveredStops(page);
        if (problems.length)
          failures.push(`${kind} (${path})\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      }
      expect(
        failures.length,
        `focused elements covered at ${viewport.width}px:\n${failures.join('\n')}`,
      ).toBe(0);
    });
  });
}
