import { describe, expect, it } from 'vitest';
import { blogPostSchema } from '../../../../src/domain/editorial/blog-post.ts';
import { bookSchema } from '../../../../src/domain/books/book.ts';
import { classifiedAdSchema } from '../../../../src/domain/market/classified-ad.ts';
import { newsletterSchema } from '../../../../src/domain/editorial/newsletter.ts';
import { productServiceSchema } from '../../../../src/domain/items/product-service.ts';
import { profileSchema } from '../../../../src/domain/accounts/profile.ts';
import {
  adSearchDocument,
  blogPostSearchDocument,
  bookSearchDocument,
  newsletterSearchDocument,
  productSearchDocument,
  profileSearchDocument,
} from '../../../../src/domain/search/search-documents.ts';

const created_at = new Date('2026-01-02T03:04:05Z');
const book = bookSchema.parse({
  id: 'b1',
  user_id: 'u1',
  title: 'Kindred',
  description: 'A woman is   pulled\nback in time.',
  cover_image: '/media/covers/b1.webp',
  ebook_price: 4.99,
  paperback_price: 12,
  category: 'fiction',
  genre: ['science-fiction'],
  author: { display_name: 'Octavia Butler', page_slug: 'octavia' },
  has_free_reading: true,
  is_featured: true,
  owner_public: true,
  is_public: true,
  created_at,
});
const seller = {
  is_active: true,
  approval_status: 'approved' as const,
  display_name: 'Margot Ellery',
  page_slug: 'margot-ellery',
};

describe('search documents', () => {
  it('a public book carries its author, plain description, labels, lowest price and reading flags', () => {
    expect(bookSearchDocument(book)).toEqual({
      id: 'book_b1',
      kind: 'book',
      title: 'Kindred',
      author: 'Octavia Butler',
      description: 'A woman is pulled back in time.',
      category: 'Fiction',
      genres: [expect.any(String)],
      keywords: '',
      price: 4.99,
      free_reading: true,
      audiobook: false,
      featured: true,
      url: '/book/b1',
      image: '/media/covers/b1.webp',
    });
    expect(bookSearchDocument({ ...book, is_public: false })).toBeNull();
  });

  it('a book is found by its ISBN-13 and ISBN-10 and its series’ name (its keywords)', () => {
    const described = { ...book, isbn: '9780306406157', series: ' The Tidewater Chronicles ' };
    expect(bookSearchDocument(described)?.keywords).toBe('9780306406157 0306406152 The Tidewater Chronicles');
    // A 979 ISBN has no ISBN-10.
    expect(bookSearchDocument({ ...book, isbn: '9791234567896' })?.keywords).toBe('9791234567896');
  });

  it('a member is found only while approved and active', () => {
    const profile = profileSchema.parse({
      id: 'u1',
      user_id: 'u1',
      page_slug: 'octavia',
      display_name: 'Octavia Butler',
      category: 'Book Author',
      about_me: 'I write about time.',
      approval_status: 'approved',
      is_active: true,
      created_at,
    });
    expect(profileSearchDocument(profile)).toMatchObject({
      id: 'author_u1',
      kind: 'author',
      title: 'Octavia Butler',
      category: 'Book Author',
      url: '/profile/octavia',
    });
    expect(profileSearchDocument({ ...profile, approval_status: 'pending' })).toBeNull();
    expect(profileSearchDocument({ ...profile, is_active: false })).toBeNull();
  });

  it('a product and an ad are found only while they and their seller are public', () => {
    const product = productServiceSchema.parse({
      id: 'p1',
      user_id: 'u2',
      title: 'Manuscript editing',
      description: 'Line editing.',
      category: 'service',
      subcategory: 'editing',
      price_numeric: 0,
      is_active: true,
      created_at,
    });
    expect(productSearchDocument(product, seller)).toMatchObject({
      id: 'product_p1',
      kind: 'product',
      author: 'Margot Ellery',
      price: 0,
      url: '/product-service/p1',
    });
    expect(productSearchDocument({ ...product, is_active: false }, seller)).toBeNull();
    expect(productSearchDocument(product, { ...seller, approval_status: 'denied' })).toBeNull();
    expect(productSearchDocument(product, null)).toBeNull();
    expect(productSearchDocument({ ...product, moderation_hidden: true }, seller)).toBeNull();

    const ad = classifiedAdSchema.parse({
      id: 'a1',
      user_id: 'u2',
      title: 'Oak bookshelf',
      description: 'Holds 300 books.',
      category: 'for-sale',
      price: 40,
      contact_method: 'message',
      is_active: true,
      created_at,
    });
    expect(adSearchDocument(ad, seller)).toMatchObject({
      id: 'ad_a1',
      kind: 'ad',
      price: 40,
      url: '/classifieds/a1',
    });
    expect(adSearchDocument(ad, { ...seller, is_active: false })).toBeNull();
    expect(adSearchDocument({ ...ad, moderation_hidden: true }, seller)).toBeNull();
  });

  it('posts and newsletters are found only once published, by their page', () => {
    const post = blogPostSchema.parse({
      id: 'x1',
      title: 'Welcome',
      author: 'The team',
      content: '## Hello\n\nWhy we **built** it.',
      is_published: true,
      slug: 'welcome',
      created_by: 'admin1',
      created_at,
    });
    const document = blogPostSearchDocument(post);
    expect(document).toMatchObject({ id: 'post_blog_x1', kind: 'post', url: '/blog/welcome' });
    expect(document?.description).not.toContain('**');
    expect(blogPostSearchDocument({ ...post, is_published: false })).toBeNull();
    expect(blogPostSearchDocument({ ...post, moderation_hidden: true })).toBeNull();
    const newsletter = newsletterSchema.parse({
      id: 'n1',
      title: 'November',
      content: 'News.',
      is_published: true,
      slug: 'november',
      created_by: 'admin1',
      created_at,
    });
    expect(newsletterSearchDocument(newsletter)).toMatchObject({
      id: 'post_newsletter_n1',
      url: '/newsletters/november',
    });
    expect(newsletterSearchDocument({ ...newsletter, is_published: false })).toBeNull();
  });
});
