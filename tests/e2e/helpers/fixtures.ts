// Shared e2e fixtures: the Admin SDK pointed at the emulators, so a test can read
// what the demo data holds and check that the page shows exactly that, rather than
// hard-coding seeded strings.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** The emulator Firestore of the demo project (FIRESTORE_EMULATOR_HOST is set by the test runner). */
export function adminDb(): Firestore {
  const app = getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-shelfmark' });
  return getFirestore(app);
}

/** The WCAG 2.1 A/AA rules axe runs by default. */
const WCAG21_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The violations axe finds on the current page, one line each: rule, impact, help and
 * up to three targets. By default the WCAG 2.1 A/AA rules; `tags` adds others
 * (`wcag22aa`: target size).
 */
export async function axeViolations(page: Page, tags: readonly string[] = []): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself. The default runs axe in every frame and merges the
    // results in a blank page it opens (a new renderer that evaluates axe's 550 kB
    // again), which only matters for cross-origin frames; the site has no frames.
    .setLegacyMode()
    .withTags([...WCAG21_TAGS, ...tags])
    // Only violations are read: axe then keeps no node details for the rules that passed,
    // the work that grows with the page's size.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** Fails the test with the list of WCAG 2.1 A/AA violations on the current page, if any. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), 'axe WCAG 2.1 AA violations').toEqual([]);
}

/** A Content-Security-Policy violation seen in a page: what was blocked and which directive blocked it. */
export interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
  sample?: string;
}

/** Console messages in which Chromium reports a blocked script, style, frame or connection. */
const CSP_CONSOLE_REPORT = /Content Security Policy|Content-Security-Policy/i;

/**
 * Starts recording CSP violations in every page of `page`'s context: the
 * `securitypolicyviolation` events (listened for before any page script runs)
 * and the console's reports. Returns the live list.
 */
export async function recordCspViolations(page: Page): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await page.exposeBinding('__reportCspViolation', ({ frame }, v: Omit<CspViolation, 'url'>) => {
    violations.push({ url: frame.url(), ...v });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: object) => void })
        .__reportCspViolation;
      void report({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  page.on('console', (message) => {
    if (CSP_CONSOLE_REPORT.test(message.text()))
      violations.push({ url: page.url(), directive: 'console', blocked: message.text() });
  });
  return violations;
}

/**
 * Every e2e test fails if the Content-Security-Policy blocked anything while it
 * ran: each spec drives the islands the way a person does (logging in, signing
 * up, toasts, the home page's live refresh), so this proves they all work under
 * the policy.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations = await recordCspViolations(page);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
