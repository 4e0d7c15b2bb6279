// Fresh members for tests that change a member's data: created as the sign-up
// function leaves them once approved (Auth user with a verified email, profile,
// page-slug claim), so no test edits a seeded member others read.
import { expect, type Page } from '@playwright/test';
import { adminDb } from './fixtures';
import { logInThroughForm, uniqueEmail } from './accounts';
import { adminAuth } from './emulators';

/** Password of every member these helpers create. */
export const MEMBER_PASSWORD = 'edit-my-page';

/** A member created for one test. */
export interface FreshMember {
  uid: string;
  email: string;
  displayName: string;
  slug: string;
}

/** Creates an approved, active, verified member (with the `admin` claim when asked). */
export async function freshMember(
  name: string,
  options: { admin?: boolean; category?: string } = {},
): Promise<FreshMember> {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const email = uniqueEmail(base);
  const user = await adminAuth().createUser({
    email,
    password: MEMBER_PASSWORD,
    displayName: name,
    emailVerified: true,
  });
  if (options.admin) await adminAuth().setCustomUserClaims(user.uid, { admin: true });
  const slug = `${base}-${user.uid
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const db = adminDb();
  await db.doc(`page_slugs/${slug}`).set({ uid: user.uid, claimed_at: new Date() });
  await db.doc(`profiles/${user.uid}`).set({
    user_id: user.uid,
    display_name: name,
    role: options.admin ? 'Admin' : 'User',
    category: options.category ?? 'Book Author',
    page_slug: slug,
    approval_status: 'approved',
    subscription_status: 'free',
    is_active: true,
    book_count: 0,
    social_links: {},
    created_at: new Date(),
  });
  return { uid: user.uid, email, displayName: name, slug };
}

/** Signs `member` in through the login form and waits until home has loaded as them. */
export async function signInAs(page: Page, member: FreshMember): Promise<void> {
  await logInThroughForm(page, member.email, MEMBER_PASSWORD);
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
}

/** Opens /profile-edit (with `query`) and waits until the form has loaded. */
export async function openProfileEditor(page: Page, query = ''): Promise<void> {
  await page.goto(`/profile-edit${query}`);
  await expect(page.getByLabel('Display Name')).toBeEditable({ timeout: 20_000 });
}

/** What a new book starts with: fiction, active, not featured, nothing free, no links or sections. */
export const NEW_BOOK = {
  category: 'fiction',
  sub_genre: [],
  purchase_links: [],
  manuscript_content: [],
  is_active: true,
  is_featured: false,
  is_full_book_free: false,
};

/**
 * A book of `member` as saveBook and the triggers would have stored it (active,
 * with its author snapshot), for `adminDb().collection('books').add(...)`;
 * `extra` sets or overrides fields.
 */
export function storedBook(
  member: FreshMember,
  title: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = new Date();
  return {
    user_id: member.uid,
    title,
    description: `About ${title}.`,
    ...NEW_BOOK,
    genre: ['fantasy'],
    has_free_reading: false,
    has_audiobook: false,
    search_keywords: [],
    author: { display_name: member.displayName, page_slug: member.slug },
    created_at: now,
    updated_at: now,
    ...extra,
  };
}
