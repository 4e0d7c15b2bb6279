// Minimal valid documents, as the site writes them.

/** A profiles/{uid} document. */
export function profileData(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
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
    created_at: new Date('2024-01-01T00:00:00Z'),
    ...overrides,
  };
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
