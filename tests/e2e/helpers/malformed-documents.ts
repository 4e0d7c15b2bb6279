// Documents that fail their schema but match every public query, written by
// scripts/write-malformed-documents.ts after the seed and before the build, as a
// document written before a rule was tightened (or by a migration) would be. The
// site must leave them out and show everything else; the specs that compute their
// expectations from Firestore leave them out the same way (isListable).
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { parseDoc } from '../../../src/data/firestore-convert';
import { bookSchema } from '../../../src/domain/books/book';
import { listingFieldsOf } from '../../../src/domain/books/book-listing';
import { directoryFields, directoryMemberSchema } from '../../../src/domain/accounts/directory';
import { profileSchema } from '../../../src/domain/accounts/profile';

/**
 * Newer than every document the seed or any test writes (a date to come), so newest-first
 * lists meet these first whichever tests ran before.
 */
const NEWEST = new Date(Date.UTC(2100, 0, 1, 13, 0, 0));

const AUTHOR_NAME = 'Malformed Marlowe';

/** An approved, active Book Author whose website link is a javascript: URL (refused by the schema). */
export const MALFORMED_PROFILE = {
  id: 'e2e-malformed-author',
  name: AUTHOR_NAME,
  data: {
    user_id: 'e2e-malformed-author',
    page_slug: 'e2e-malformed-author',
    display_name: AUTHOR_NAME,
    role: 'User',
    category: 'Book Author',
    about_me: 'A profile saved before website links had to be http or https.',
    profile_image: null,
    social_links: { website: 'javascript:alert(1)' },
    subscription_status: 'free',
    approval_status: 'approved',
    is_active: true,
    book_count: 1,
    created_at: NEWEST,
    ...directoryFields({
      display_name: AUTHOR_NAME,
      category: 'Book Author',
      about_me: 'A profile saved before website links had to be http or https.',
    }),
  },
};

const BOOK_TITLE = 'Malformed Manuscript';
const bookAuthor = { display_name: AUTHOR_NAME, page_slug: MALFORMED_PROFILE.data.page_slug };
const manuscript = [
  {
    id: 'chapter-1',
    type: 'text' as const,
    title: 'Chapter 1',
    content: 'It was a dark and stormy night.',
    order: 0,
  },
];
const audiobookUrl = 'https://example.com/audio/malformed';

/** An active fiction book, free to read and with an audiobook, whose purchase link is a javascript: URL. */
export const MALFORMED_BOOK = {
  id: 'e2e-malformed-book',
  title: BOOK_TITLE,
  data: {
    user_id: MALFORMED_PROFILE.id,
    title: BOOK_TITLE,
    description: 'Saved before purchase links had to be http or https.',
    category: 'fiction',
    genre: ['fantasy'],
    sub_genre: [],
    purchase_links: [],
    purchase_url: 'javascript:alert(1)',
    audiobook_url: audiobookUrl,
    manuscript_content: manuscript,
    is_full_book_free: true,
    is_active: true,
    is_featured: false,
    // Its owner is approved and active: the bookVisibility triggers would write the same.
    owner_public: true,
    is_public: true,
    author: bookAuthor,
    created_at: NEWEST,
    ...listingFieldsOf({
      title: BOOK_TITLE,
      audiobook_url: audiobookUrl,
      author: bookAuthor,
      manuscript_content: manuscript,
    }),
  },
};

/** Writes both documents (the book first, so the book-count trigger finds the profile already counted). */
export async function writeMalformedDocuments(db: Firestore): Promise<void> {
  await db.doc(`books/${MALFORMED_BOOK.id}`).set(MALFORMED_BOOK.data);
  await db.doc(`profiles/${MALFORMED_PROFILE.id}`).set(MALFORMED_PROFILE.data);
}

function parses(schema: z.ZodType, id: string, data: unknown): boolean {
  try {
    parseDoc(schema, id, data);
    return true;
  } catch {
    return false;
  }
}

/** True when the site can show this book: its document passes the schema the listings parse with. */
export function isListableBook(id: string, data: unknown): boolean {
  return parses(bookSchema, id, data);
}

/** True when the directory can show this profile: its document passes the directory card's schema. */
export function isListableMember(id: string, data: unknown): boolean {
  return parses(directoryMemberSchema, id, data);
}

/** True when the home page can show this profile: its document passes the profile schema. */
export function isListableProfile(id: string, data: unknown): boolean {
  return parses(profileSchema, id, data);
}
