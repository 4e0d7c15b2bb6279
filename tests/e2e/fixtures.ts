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

/** The WCAG 2.1 A/AA violations axe finds on the current page, one line each: rule, impact, help and up to three targets. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Fails the test with the list of WCAG 2.1 A/AA violations on the current page, if any. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), 'axe WCAG 2.1 AA violations').toEqual([]);
}

export const test = base;
export { expect };
