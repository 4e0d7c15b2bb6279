/** Profile documents shared by the rules and functions tests (plain data, no Firebase). */

/** A profiles/{uid} document of an approved, active member on the free plan, with `overrides` on top. */
export function approvedProfile(
  uid: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    user_id: uid,
    display_name: `Author ${uid}`,
    page_slug: uid.toLowerCase().replace(/[^a-z0-9_-]/g, '-'),
    role: 'User',
    category: 'Book Author',
    subscription_status: 'free',
    approval_status: 'approved',
    is_active: true,
    book_count: 0,
    ...overrides,
  };
}
