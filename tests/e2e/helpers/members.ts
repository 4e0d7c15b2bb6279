// Fresh members for tests that change a member's data: created as the sign-up
// function leaves them once approved (Auth user with a verified email, profile,
// page-slug claim), so no test edits a seeded member others read.
import { expect, type Page } from '@playwright/test';
import { hintFor, SESSION_HINT_KEY } from '../../../src/lib/session-hint';
import { adminDb } from './fixtures';
import { uniqueEmail } from './accounts';
import { adminAuth } from './emulators';
import { passwordSession } from './id-tokens';

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

/**
 * Where the web SDK keeps the signed-in user of the site's app in localStorage (its
 * demo API key and app name, src/data/client/shared/firebase.ts). The SDK moves a
 * user it finds there into IndexedDB, its first choice, when a page loads.
 */
const STORED_USER_KEY = 'firebase:authUser:demo-shelfmark-key:[DEFAULT]';

/**
 * Signs `member` in as a returning visitor whose browser kept the session: the web
 * SDK's stored user (with tokens from the Auth emulator's password sign-in) and the
 * site's session hint are written on a page of the site that runs no script, and
 * the next page the test opens restores the session and confirms it with Auth and
 * the profile, as after any reload. An admin's sign-in has passed the second factor unless
 * `options.secondFactor` is false (passwordSession). The login form itself is what the specs in
 * tests/e2e/accounts drive; for every other test it cost two page loads (the form,
 * then home), the most repeated work of the e2e layer.
 */
export async function signInAs(
  page: Page,
  member: FreshMember,
  options: { secondFactor?: boolean } = {},
): Promise<void> {
  const [session, user, profile] = await Promise.all([
    passwordSession(member.email, MEMBER_PASSWORD, options),
    adminAuth().getUser(member.uid),
    adminDb().doc(`profiles/${member.uid}`).get(),
  ]);
  const now = Date.now();
  // The fields UserImpl.toJSON() writes; absent ones are left out, as it does (null is refused on reading).
  const stored = {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    isAnonymous: false,
    providerData: user.providerData.map((info) => ({
      providerId: info.providerId,
      uid: info.uid,
      displayName: info.displayName ?? null,
      email: info.email ?? null,
      phoneNumber: null,
      photoURL: null,
    })),
    stsTokenManager: {
      refreshToken: session.refreshToken,
      accessToken: session.idToken,
      expirationTime: now + Number(session.expiresIn) * 1000,
    },
    createdAt: String(Date.parse(user.metadata.creationTime)),
    lastLoginAt: String(now),
    apiKey: 'demo-shelfmark-key',
    appName: '[DEFAULT]',
  };
  const data = profile.data();
  const hint = hintFor(
    { uid: user.uid, admin: user.customClaims?.admin === true },
    data
      ? {
          display_name: String(data.display_name ?? ''),
          role: String(data.role ?? 'User'),
          category: typeof data.category === 'string' ? data.category : null,
          subscription_status: String(data.subscription_status ?? 'free'),
          approval_status: String(data.approval_status ?? 'pending'),
        }
      : null,
    now,
  );
  await page.goto('/robots.txt');
  const entries: [string, string][] = [
    [STORED_USER_KEY, JSON.stringify(stored)],
    [SESSION_HINT_KEY, JSON.stringify(hint)],
  ];
  await page.evaluate((kept) => {
    for (const [key, value] of kept) localStorage.setItem(key, value);
  }, entries);
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
