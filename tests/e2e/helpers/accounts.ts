// What a person does on the auth screen, as steps the account tests share.
import { expect, type Page } from '@playwright/test';

/** A mailbox no other test (or earlier run) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/**
 * Opens the auth screen and waits until its island has hydrated: the server HTML
 * already shows the tabs, but keys and clicks only work once React runs, which is
 * when the form fields are enabled.
 */
export async function openAuthScreen(page: Page, path = '/auth'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('tabpanel').getByLabel('Email')).toBeEditable();
}

/** Opens the Login tab and signs in through the form. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The header's account area. */
export function accountArea(page: Page) {
  return page.getByRole('banner').getByRole('group', { name: 'Your account' });
}

/** Checks the header shows the logged-out buttons. */
export async function expectLoggedOutHeader(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Join' })).toBeVisible();
  await expect(accountArea(page)).toBeHidden();
}
