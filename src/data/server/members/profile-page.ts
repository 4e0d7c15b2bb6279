// Everything /profile/{slug} shows, in a bounded number of reads whatever the size
// of the site: the public profile by slug (1 query), then its active books and
// products (2 queries, each capped by PROFILE_PAGE_LIMITS), the catalogue books they
// claimed (1 query, CLAIMED_BOOKS_SHOWN) and the author's newest
// updates (1 query, capped by UPDATES_SHOWN). When the slug matches
// no public profile: its page_slugs claim (1 read) and, if claimed, the claimant's
// profile (1 read), to redirect an old slug to the member's current one.
import type { Firestore } from 'firebase-admin/firestore';
import type { Book } from '../../../domain/books/book.ts';
import type { CatalogueBook } from '../../../domain/books/catalogue-book.ts';
import { getClaimedBooksOf } from '../books/claimed-books.ts';
import type { ProductService } from '../../../domain/items/product-service.ts';
import { PROFILE_PAGE_LIMITS, showsBooks } from '../../../domain/members/profile-page.ts';
import { isPubliclyListed, type Profile } from '../../../domain/accounts/profile.ts';
import { UPDATES_SHOWN, type AuthorUpdate } from '../../../domain/updates/author-update.ts';
import { PAGE_SLUG_PATTERN } from '../../../domain/shared/slug.ts';
import { getDb } from '../shared/firestore.ts';
import { getAuthorUpdates } from '../updates/author-updates.ts';
import { getActiveBooksOf, getActiveProductsOf } from './member-items.ts';
import { getPageSlugClaim } from '../accounts/page-slugs.ts';
import { getProfileById, getPublicProfileBySlug } from '../accounts/profiles.ts';

/** What the profile page renders for a slug. */
export type ProfilePageData =
  | {
      kind: 'found';
      profile: Profile;
      books: Book[];
      products: ProductService[];
      /** The catalogue books whose author page the member claimed (src/domain/books/author-claim.ts). */
      claimedBooks: CatalogueBook[];
      /** The author's newest shown updates, newest first. */
      updates: AuthorUpdate[];
    }
  /** The slug is a member's old one: answer 301 to their current slug. */
  | { kind: 'moved'; uid: string; slug: string }
  /** Unknown slug, or a member who is inactive, pending or denied. */
  | { kind: 'not-found' };

/**
 * Loads the profile page of `slug` (see the file comment for what it reads).
 * `onProfile` is called as soon as the public profile is found, before its books,
 * products and updates are read, so the page can start its own reads beside them.
 */
export async function loadProfilePage(
  slug: string,
  db: Firestore = getDb(),
  onProfile?: (profile: Profile) => void,
): Promise<ProfilePageData> {
  if (!PAGE_SLUG_PATTERN.test(slug)) return { kind: 'not-found' };
  const profile = await getPublicProfileBySlug(slug, db);
  if (profile) {
    onProfile?.(profile);
    const [books, claimedBooks, products, updates] = await Promise.all([
      // Members without a Books section never have their books read.
      showsBooks(profile)
        ? getActiveBooksOf(profile.user_id, PROFILE_PAGE_LIMITS.books, db)
        : Promise.resolve([]),
      showsBooks(profile) ? getClaimedBooksOf(profile.user_id, undefined, db) : Promise.resolve([]),
      getActiveProductsOf(profile.user_id, PROFILE_PAGE_LIMITS.products, db),
      getAuthorUpdates(profile.user_id, UPDATES_SHOWN, db),
    ]);
    return { kind: 'found', profile, books, claimedBooks, products, updates };
  }
  const claim = await getPageSlugClaim(slug, db);
  if (!claim) return { kind: 'not-found' };
  const owner = await getProfileById(claim.uid, db);
  if (owner && isPubliclyListed(owner) && owner.page_slug !== slug)
    return { kind: 'moved', uid: owner.user_id, slug: owner.page_slug };
  return { kind: 'not-found' };
}
