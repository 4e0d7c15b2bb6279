// Minimal valid documents, as the site writes them, and sign-up requests.
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { approvedProfile } from '../../shared/profile';
import { adminDb, uniqueId } from './emulator';

/** A fresh email address, so tests never meet each other's accounts (the Auth emulator is not cleared between tests). */
export function newEmail(name = 'member'): string {
  return `${uniqueId(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}@example.com`;
}

/** A valid sign-up request with a fresh address. */
export function signupRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: newEmail(),
    password: 'secret-pass',
    display_name: 'Jane Doe',
    category: 'Book Author',
    ...overrides,
  };
}

/** True when the Auth emulator holds a user with this address. */
export async function authUserExists(email: string): Promise<boolean> {
  try {
    await getAuth(getApps()[0]).getUserByEmail(email);
    return true;
  } catch {
    return false;
  }
}

/**
 * A member as sign-up and approval leave them: an Auth account with `password`
 * and a verified address (unless `verified` is false), and an approved profile
 * named `name` (with `profile`'s overrides). The Auth name is `authName`, else `name`.
 */
export async function memberWithPassword(
  name: string,
  password: string,
  options: { verified?: boolean; authName?: string; profile?: Record<string, unknown> } = {},
): Promise<{ uid: string; email: string }> {
  const email = newEmail(name);
  const user = await getAuth(getApps()[0]).createUser({
    email,
    password,
    displayName: options.authName ?? name,
    emailVerified: options.verified ?? true,
  });
  await adminDb()
    .doc(`profiles/${user.uid}`)
    .set(profileData(user.uid, { display_name: name, ...options.profile }));
  return { uid: user.uid, email };
}

/** A profiles/{uid} document: an approved, active member on the free plan, created in 2024. */
export function profileData(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return approvedProfile(uid, { created_at: new Date('2024-01-01T00:00:00Z'), ...overrides });
}

/** Writes the profile of a new author, Alice Archer (page alice-archer), and returns her uid. */
export async function writeAliceArcher(): Promise<string> {
  const uid = uniqueId('alice');
  await adminDb()
    .doc(`profiles/${uid}`)
    .set(profileData(uid, { display_name: 'Alice Archer', page_slug: 'alice-archer' }));
  return uid;
}

/** Writes a published, unsent newsletter titled 'Issue <its id>' (with `fields` on top) and returns its id. */
export async function writeNewsletter(fields: Record<string, unknown> = {}): Promise<string> {
  const id = uniqueId('nl');
  await adminDb()
    .doc(`newsletters/${id}`)
    .set({
      title: `Issue ${id}`,
      is_published: true,
      created_by: 'admin',
      created_at: new Date(),
      sent_at: null,
      recipient_count: null,
      ...fields,
    });
  return id;
}

/** A books/{id} document owned by `uid`. */
export function bookData(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: uid,
    title: 'A Book',
    description: 'About a book.',
    category: 'fiction',
    genre: [],
    sub_genre: [],
    is_active: true,
    is_full_book_free: false,
    manuscript_content: [],
    created_at: new Date('2024-02-01T00:00:00Z'),
    ...overrides,
  };
}

/** A classified_ads/{id} document owned by `uid`, complete enough to be listed in the market. */
export function adData(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: uid,
    title: 'Oak bookshelf',
    description: 'Solid oak, five shelves.',
    category: 'storage-organization',
    subcategory: 'bookshelves',
    price: 120,
    currency: 'GBP',
    condition: 'good',
    location: 'Leeds',
    contact_method: 'message',
    is_service: false,
    tags: ['oak', 'furniture'],
    is_active: true,
    is_featured: false,
    views_count: 0,
    created_at: new Date('2024-03-01T00:00:00Z'),
    ...overrides,
  };
}

/** A products_services/{id} document owned by `uid`, complete enough to be listed in the market. */
export function productData(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: uid,
    title: 'Copy editing',
    description: 'Careful edits.',
    category: 'service',
    subcategory: 'editing',
    price: 'from $40',
    price_numeric: 40,
    currency: 'USD',
    tags: ['edits'],
    is_active: true,
    is_featured: false,
    views_count: 2,
    created_at: new Date('2024-03-02T00:00:00Z'),
    ...overrides,
  };
}

/** A profiles/{uid}/private/billing record of a member paying through Stripe: an active subscription `key` (cus_<key>, sub_<key>). */
export function paidBillingRecord(key: string): Record<string, unknown> {
  return {
    customer_id: `cus_${key}`,
    subscription: {
      id: `sub_${key}`,
      status: 'active',
      current_period_end: Date.now() + 86_400_000,
      cancel_at_period_end: false,
      trial_end: null,
    },
    trial_used: false,
    grant: null,
  };
}

/** The ad form's values as the browser sends them to saveClassifiedAd (after the form's own parsing). */
export function classifiedAdForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Oak book stand',
    description: 'A sturdy oak stand for heavy art books.',
    category: 'reading-accessories',
    subcategory: null,
    price: 25,
    currency: 'EUR',
    condition: 'good',
    location: 'Lyon',
    contact_method: 'email',
    contact_info: 'seller@example.com',
    is_service: false,
    image_url: null,
    tags: ['oak'],
    ...overrides,
  };
}
