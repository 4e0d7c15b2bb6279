/**
 * schema.org structured data for a profile page: a ProfilePage whose main
 * entity is the member as a Person (sameAs: their website and social accounts),
 * and their books as Book items written by that Person. Pure: the page passes
 * absolute URLs in.
 */
import type { Book } from './book.ts';
import type { Profile } from './profile.ts';
import { profileCategory } from './profile-page.ts';

/** What the builder needs besides the profile and its books. */
export interface ProfileJsonLdInput {
  profile: Pick<Profile, 'display_name' | 'about_me' | 'social_links' | 'role' | 'category'>;
  books: ReadonlyArray<Pick<Book, 'id' | 'title' | 'description' | 'cover_image'>>;
  /** Absolute canonical URL of the profile page. */
  pageUrl: string;
  /** Absolute URL of the profile picture, if the member has one. */
  imageUrl?: string;
  /** Origin the site's relative URLs (book pages, covers) resolve against. */
  site: URL | string;
}

/** The http(s) URLs of the member's website and social accounts, each once. */
export function sameAsLinks(socialLinks: Profile['social_links']): string[] {
  const urls = Object.values(socialLinks).filter(
    (url): url is string => typeof url === 'string' && /^https?:\/\//.test(url.trim()),
  );
  return [...new Set(urls.map((url) => url.trim()))];
}

/** The JSON-LD object of a profile page (`@graph` of ProfilePage, Person and Books). */
export function profileJsonLd({
  profile,
  books,
  pageUrl,
  imageUrl,
  site,
}: ProfileJsonLdInput): Record<string, unknown> {
  const personId = `${pageUrl}#person`;
  const about = profile.about_me?.trim();
  const sameAs = sameAsLinks(profile.social_links);
  const person: Record<string, unknown> = {
    '@type': 'Person',
    '@id': personId,
    name: profile.display_name,
    url: pageUrl,
    jobTitle: profileCategory(profile),
    ...(about ? { description: about } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
  const bookItems = books.map((book) => {
    const description = book.description?.trim();
    return {
      '@type': 'Book',
      name: book.title,
      url: new URL(`/book/${encodeURIComponent(book.id)}`, site).href,
      author: { '@id': personId },
      ...(description ? { description } : {}),
      ...(book.cover_image ? { image: new URL(book.cover_image, site).href } : {}),
    };
  });
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'ProfilePage', '@id': pageUrl, url: pageUrl, mainEntity: { '@id': personId } },
      person,
      ...bookItems,
    ],
  };
}

/**
 * Serialises JSON-LD for a `<script type="application/ld+json">` element: `<`, `>`
 * and `&` are written as \u escapes, so text a member typed ('</script>') cannot
 * end the element early, and the JSON still parses to the same values.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
