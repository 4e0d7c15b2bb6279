/**
 * schema.org structured data for a profile page: a ProfilePage whose main
 * entity is the member (sameAs: their website and social accounts), and their
 * books as Book items. A member of category Publisher is an Organization, the
 * publisher of their books; every other member is a Person, their author. Pure:
 * the page passes absolute URLs in.
 */
import type { Book } from '../books/book.ts';
import type { Profile } from '../accounts/profile.ts';
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

/**
 * The schema.org type of a member: a Publisher is an Organization (and the
 * `publisher` of its books, the Book property that fits a publishing house);
 * Book Authors (Admins count as one) and Book Lover/Marketers are a Person
 * (the `author` of their books).
 */
export function memberSchemaType(profile: Pick<Profile, 'role' | 'category'>): 'Organization' | 'Person' {
  return profileCategory(profile) === 'Publisher' ? 'Organization' : 'Person';
}

/** The Book property that names a member of this type: `publisher` for an Organization, `author` for a Person. */
export function bookRoleOf(type: 'Organization' | 'Person'): 'publisher' | 'author' {
  return type === 'Organization' ? 'publisher' : 'author';
}

/** The http(s) URLs of the member's website and social accounts, each once. */
export function sameAsLinks(socialLinks: Profile['social_links']): string[] {
  const urls = Object.values(socialLinks).filter(
    (url): url is string => typeof url === 'string' && /^https?:\/\//.test(url.trim()),
  );
  return [...new Set(urls.map((url) => url.trim()))];
}

/** The JSON-LD object of a profile page (`@graph` of ProfilePage, the member as Person or Organization, and Books). */
export function profileJsonLd({
  profile,
  books,
  pageUrl,
  imageUrl,
  site,
}: ProfileJsonLdInput): Record<string, unknown> {
  const type = memberSchemaType(profile);
  const personId = `${pageUrl}#${type === 'Organization' ? 'organization' : 'person'}`;
  const about = profile.about_me?.trim();
  const sameAs = sameAsLinks(profile.social_links);
  const person: Record<string, unknown> = {
    '@type': type,
    '@id': personId,
    name: profile.display_name,
    url: pageUrl,
    // jobTitle is a Person's property; an Organization's kind is its type.
    ...(type === 'Person' ? { jobTitle: profileCategory(profile) } : {}),
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
      [bookRoleOf(type)]: { '@id': personId },
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
