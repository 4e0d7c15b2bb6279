// The profile document the bench steps give the members they add: an approved,
// active, free member, so they count like any public member of the demo site.

/** profiles/{uid} of an approved, active, free member named `name` at /profile/{slug}. */
export function benchProfile(uid, { name, slug = uid, category = 'Book Author' }) {
  return {
    user_id: uid,
    display_name: name,
    page_slug: slug,
    role: 'User',
    category,
    subscription_status: 'free',
    approval_status: 'approved',
    is_active: true,
    book_count: 0,
    social_links: {},
    created_at: new Date(),
  };
}
