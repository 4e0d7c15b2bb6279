// The demo data gives profile pages something to show: several public members
// whose page has every section, with books that have covers and purchase links.
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/seed/generate.ts';
import { validateDocs } from '../../../scripts/seed/validate.ts';
import { bookLinks } from '../../../src/domain/books/book-links.ts';
import type { Book } from '../../../src/domain/books/book.ts';
import type { ProductService } from '../../../src/domain/items/product-service.ts';
import { isPubliclyListed, type Profile } from '../../../src/domain/accounts/profile.ts';
import { profileSections } from '../../../src/domain/members/profile-page.ts';

const docs = validateDocs(generate({ mediaUrl: (path) => `/media/${path}` }).docs);
const entities = <T>(collection: string) =>
  docs.filter((d) => d.collection === collection).map((d) => ({ ...d.data, id: d.id }) as T);

describe('demo profile pages', () => {
  const books = entities<Book>('books');
  const products = entities<ProductService>('products_services');
  const pages = entities<Profile>('profiles')
    .filter(isPubliclyListed)
    .map((profile) => ({
      profile,
      sections: profileSections(
        profile,
        books.filter((b) => b.user_id === profile.id && b.is_active),
        products.filter((p) => p.user_id === profile.id),
      ),
    }));

  it('include several members with every section: books with covers and purchase links, products, events, an announcement, a website and social links', () => {
    const complete = pages.filter(
      ({ profile, sections }) =>
        sections.about &&
        sections.announcement &&
        sections.events &&
        sections.website &&
        sections.products &&
        (sections.books?.length ?? 0) > 0 &&
        sections.books!.every(({ book }) => book.cover_image) &&
        sections.books!.some(({ book }) => bookLinks(book).length > 0) &&
        Object.keys(profile.social_links).length > 1,
    );
    expect(complete.map((p) => p.profile.id)).toContain('demo-author');
    expect(complete.length).toBeGreaterThanOrEqual(3);
  });

  it('show each state a visitor can meet: a member without books section, one without products, one without a website', () => {
    expect(pages.some(({ sections }) => sections.books === null && sections.products)).toBe(true);
    expect(
      pages.some(({ sections }) => (sections.books?.length ?? 0) > 0 && sections.products === null),
    ).toBe(true);
    expect(pages.some(({ sections }) => sections.website === null)).toBe(true);
  });
});
