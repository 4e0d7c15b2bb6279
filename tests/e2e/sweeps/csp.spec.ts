// The Content-Security-Policy never gets in a visitor's way: every page of the
// sitemap (and the auth screen, /pending-approval and the 404) loads without a
// violation, and so does each island while a person uses it. The `cspViolations`
// fixture (fixtures.ts) records the browser's securitypolicyviolation events and
// console reports; it also guards every other e2e test.
import type { Page } from '@playwright/test';
import { demoAccount } from '../../../scripts/seed/accounts';
import { expect, test } from '../helpers/fixtures';
import { accountArea, logInThroughForm } from '../helpers/accounts';
import { sitemapPages } from '../helpers/sitemap';

/** /pending-approval comes last: it sends a signed-out visitor on to /auth by itself. */
const EXTRA_PAGES = [
  '/auth',
  '/auth?tab=signup',
  '/this-page-does-not-exist',
  '/profile/no-such-member',
  '/billing/success?session_id=cs_test',
  '/billing/cancelled',
  '/pending-approval',
];

/** Waits until sonner's toaster shows a toast with its own styles applied (its injected <style> was allowed). */
async function expectStyledToast(page: Page, title: string): Promise<void> {
  await expect(page.getByText(title)).toBeVisible();
  const toaster = page.locator('[data-sonner-toaster]').first();
  await expect(toaster).toHaveCSS('position', 'fixed');
  await expect(page.locator('[data-sonner-toast]').first()).toHaveCSS('position', 'absolute');
}

test('every page of the sitemap loads without a Content-Security-Policy violation', async ({
  page,
  request,
  cspViolations,
}) => {
  const paths = [...(await sitemapPages(request)).map((p) => p.path), ...EXTRA_PAGES];
  test.setTimeout(15_000 + paths.length * 5_000);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('load');
    await page.mouse.wheel(0, 400);
  }
  await page.waitForURL(/\/auth/);
  await page.waitForLoadState('load');
  expect(cspViolations).toEqual([]);
});

test('signing up: typing in the form loads Firebase, and a failed check shows a styled toast', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/auth?tab=signup');
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Email').fill('csp-signup@example.test');
  await form.getByLabel('Display Name').fill('Policy Reader');
  await form.getByLabel('I agree to the Terms and Conditions').check();
  await form.getByLabel('I agree to the Privacy Policy').check();
  await form.getByLabel('Password', { exact: true }).fill('abcdef');
  await form.getByLabel('Confirm Password', { exact: true }).fill('abcdeg');
  // Filling the form in is what loads the Firebase SDK; let it arrive and run.
  await page.waitForLoadState('networkidle');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expectStyledToast(page, 'Password Mismatch');
  expect(cspViolations).toEqual([]);
});

test('logging in: the session is confirmed with Firebase, the welcome toast is styled, the next page shows the member', async ({
  page,
  cspViolations,
}) => {
  const author = demoAccount('demo-author');
  await logInThroughForm(page, author.email, author.password);
  await expect(page).toHaveURL(/\/$/);
  await expectStyledToast(page, 'Welcome back!');
  // The session hint's inline scripts fill the header on the next page before Firebase confirms it.
  await page.goto('/about');
  await expect(accountArea(page).getByText('Margot Ellery')).toBeVisible();
  await expect(accountArea(page).getByText('Premium')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(cspViolations).toEqual([]);
});

test('the home page starts its live refresh from the Firestore emulator after a visitor interacts', async ({
  page,
  cspViolations,
}) => {
  const patch = page.waitForResponse((r) => /\/_astro\/patch-home\.[^/]+\.js$/.test(r.url()));
  const firestore = page.waitForRequest((r) =>
    /google\.firestore\.v1\.Firestore\/(Listen|Write)/.test(r.url()),
  );
  await page.goto('/');
  await page.mouse.wheel(0, 300);
  await patch;
  await firestore;
  await page.waitForTimeout(500);
  expect(cspViolations).toEqual([]);
});

test('pictures that fail to load show their placeholder, without an inline event handler', async ({
  page,
  request,
  cspViolations,
}) => {
  const html = await (await request.get('/directory')).text();
  const served = [
    ...html.matchAll(/<img[^>]*\bdata-src="([^"]+)"[^>]*data-fallback="\/placeholder-avatar\.svg"/g),
  ]
    .map((m) => m[1])
    .slice(0, 6);
  expect(
    served.some((src) => src?.startsWith('/media/')),
    'a member picture from /media/ among the first cards',
  ).toBe(true);
  await page.route('**/media/**', (route) => route.abort());
  await page.goto('/directory');
  const avatars = page.locator('[data-member-card] img[data-fallback]');
  for (let i = 0; i < served.length; i += 1) await avatars.nth(i).scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      avatars.evaluateAll((imgs, n) => imgs.slice(0, n).map((img) => img.getAttribute('src')), served.length),
    )
    .toEqual(served.map(() => '/placeholder-avatar.svg'));
  expect(cspViolations).toEqual([]);
});
