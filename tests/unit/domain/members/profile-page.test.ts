import { describe, expect, it } from 'vitest';
import { bookSchema, type Book } from '../../../../src/domain/books/book.ts';
import { bookLinks } from '../../../../src/domain/books/book-links.ts';
import { productServiceSchema, type ProductService } from '../../../../src/domain/items/product-service.ts';
import { profileSchema, type Profile } from '../../../../src/domain/accounts/profile.ts';
import {
  profileCategory,
  profileDescription,
  profileHeading,
  profileSections,
  showsBooks,
} from '../../../../src/domain/members/profile-page.ts';

const profile = (fields: Record<string, unknown> = {}): Profile =>
  profileSchema.parse({
    id: 'u1',
    user_id: 'u1',
    page_slug: 'jane-doe',
    display_name: 'Jane Doe',
    created_at: new Date(0),
    ...fields,
  });
const book = (fields: Record<string, unknown> = {}): Book =>
  bookSchema.parse({ id: 'b1', user_id: 'u1', title: 'Tides', created_at: new Date(0), ...fields });
const product = (fields: Record<string, unknown> = {}): ProductService =>
  productServiceSchema.parse({
    id: 'p1',
    user_id: 'u1',
    title: 'Editing',
    created_at: new Date(0),
    ...fields,
  });

describe('profileSections', () => {
  it('shows Books for Book Authors and Publishers, and for an Admin without a category (presented as Book Author)', () => {
    for (const fields of [
      { category: 'Book Author' },
      { category: 'Publisher' },
      { role: 'Admin', category: null },
    ]) {
      expect(showsBooks(profile(fields)), JSON.stringify(fields)).toBe(true);
      expect(profileSections(profile(fields), [book()], []).books?.map((item) => item.book.id)).toEqual([
        'b1',
      ]);
    }
  });
  it('has no Books section for Book Lovers/Marketers, even if books were passed', () => {
    const sections = profileSections(profile({ category: 'Book Lover/Marketer' }), [book()], []);
    expect(sections.books).toBeNull();
    expect(showsBooks(profile({ role: 'User', category: null }))).toBe(false);
  });
  it('keeps an author’s empty Books section (the page says there are none yet) but leaves out empty text sections', () => {
    const sections = profileSections(
      profile({
        category: 'Book Author',
        about_me: '  ',
        special_announcement: null,
        upcoming_events: '\n \n',
      }),
      [],
      [],
    );
    expect(sections).toEqual({
      about: null,
      announcement: null,
      books: [],
      products: null,
      events: null,
      website: null,
    });
  });
  it('reads a preorder’s links as preorders under its coming date, and an out book’s as they are', () => {
    const links = { purchase_url: 'https://shop.example.com/tides', ebook_url: 'https://shop.example.com/e' };
    const now = new Date('2026-12-01T10:00:00Z');
    const [coming, out, undated] = profileSections(
      profile({ category: 'Book Author' }),
      [
        book({ id: 'coming', publication_date: '2027-03-14', ...links }),
        book({ id: 'out', publication_date: '2026-12-01', ...links }),
        book({ id: 'undated', ...links }),
      ],
      [],
      now,
    ).books!;
    expect(coming!.comesOut).toBe('Comes out 14 March 2027');
    expect(coming!.links.map((link) => link.label)).toEqual(['Preorder the Book', 'Preorder the eBook']);
    for (const item of [out!, undated!]) {
      expect(item.comesOut, item.book.id).toBeNull();
      expect(item.links).toEqual(bookLinks(item.book));
    }
    // The day it comes out, the same book reads as out.
    const released = profileSections(
      profile({ category: 'Book Author' }),
      [book({ id: 'coming', publication_date: '2027-03-14', ...links })],
      [],
      new Date('2027-03-14T00:00:01Z'),
    ).books![0]!;
    expect(released.comesOut).toBeNull();
    expect(released.links.map((link) => link.label)).toEqual(['Buy the Book', 'eBook']);
  });

  it('with the preorders switch off, reads a book dated ahead as any other: plain links, no coming date', () => {
    const links = { purchase_url: 'https://shop.example.com/tides', ebook_url: 'https://shop.example.com/e' };
    const [coming] = profileSections(
      profile({ category: 'Book Author' }),
      [book({ id: 'coming', publication_date: '2027-03-14', ...links })],
      [],
      new Date('2026-12-01T10:00:00Z'),
      false,
    ).books!;
    expect(coming!.comesOut).toBeNull();
    expect(coming!.links).toEqual(bookLinks(coming!.book));
  });
  it('shows only active books and products', () => {
    const sections = profileSections(
      profile({ category: 'Publisher' }),
      [book({ id: 'on' }), book({ id: 'off', is_active: false })],
      [product({ id: 'on' }), product({ id: 'off', is_active: false })],
    );
    expect(sections.books?.map((item) => item.book.id)).toEqual(['on']);
    expect(sections.products?.map((item) => item.id)).toEqual(['on']);
    expect(profileSections(profile(), [], [product({ is_active: false })]).products).toBeNull();
  });
  it('gives one event per non-blank line, the announcement and about text trimmed, and the website for Connect With Me', () => {
    const sections = profileSections(
      profile({
        about_me: ' Hello. ',
        special_announcement: 'New book!',
        upcoming_events: 'Reading, 1 May\r\n\r\n  Signing, 2 May  ',
        social_links: {
          website: 'https://jane.example.com',
          instagram: 'https://instagram.example.com/jane',
        },
      }),
      [],
      [],
    );
    expect(sections).toMatchObject({
      about: 'Hello.',
      announcement: 'New book!',
      events: ['Reading, 1 May', 'Signing, 2 May'],
      website: 'https://jane.example.com',
    });
    expect(
      profileSections(profile({ social_links: { instagram: 'https://instagram.example.com/jane' } }), [], [])
        .website,
    ).toBeNull();
  });
});

describe('profile heading, category and description', () => {
  it('uses the page title when set, else the display name', () => {
    expect(profileHeading(profile({ page_title: 'Jane Doe | Novelist' }))).toBe('Jane Doe | Novelist');
    expect(profileHeading(profile({ page_title: ' ' }))).toBe('Jane Doe');
  });
  it('presents the category, and an Admin without one as Book Author', () => {
    expect(profileCategory(profile({ category: 'Publisher' }))).toBe('Publisher');
    expect(profileCategory(profile({ role: 'Admin' }))).toBe('Book Author');
  });
  it('describes the profile with the name and the start of About Me, cut at a word under 161 characters', () => {
    expect(profileDescription(profile({ about_me: 'I write\nsea stories.' }))).toBe(
      'Jane Doe: I write sea stories.',
    );
    const long = profileDescription(profile({ about_me: 'word '.repeat(100) }));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/^Jane Doe: word word .*word…$/);
    expect(profileDescription(profile({ category: 'Publisher' }))).toBe('Jane Doe, Publisher on Shelfmark.');
  });
});

describe('bookLinks', () => {
  it('lists the format links with their prices, then the labelled links, each URL once and blanks left out', () => {
    const links = bookLinks(
      book({
        purchase_url: 'https://shop.example.com/tides',
        ebook_url: 'https://ebooks.example.com/tides',
        ebook_price: 4.99,
        paperback_url: '',
        audiobook_url: 'https://audio.example.com/tides',
        purchase_links: [
          { label: 'Kobo', url: 'https://kobo.example.com/tides', price: '$5.00' },
          { label: 'Again', url: 'https://shop.example.com/tides' },
        ],
      }),
    );
    expect(links).toEqual([
      { label: 'Buy the Book', url: 'https://shop.example.com/tides' },
      { label: 'eBook', url: 'https://ebooks.example.com/tides', price: '$4.99' },
      { label: 'Audiobook', url: 'https://audio.example.com/tides' },
      { label: 'Kobo', url: 'https://kobo.example.com/tides', price: '$5.00' },
    ]);
    expect(bookLinks(book())).toEqual([]);
  });
});
