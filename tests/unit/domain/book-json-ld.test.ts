// The book page's schema.org Book (src/domain/book-json-ld.ts): its owner, offers and
// preorders; the catalogue facts, ratings and series it carries are tested with their areas.
import { describe, expect, it } from 'vitest';
import { bookJsonLd, catalogueBookJsonLd } from '../../../src/domain/book-json-ld.ts';

describe('bookJsonLd', () => {
  /** A book with no description, genres or links: the fewest facts JSON-LD is made from. */
  const minimalBook = {
    id: 'b2',
    title: 'Harbour Lights',
    description: null,
    user_id: 'p1',
    author: { display_name: 'Tidewater Press', page_slug: 'tidewater' },
    category: 'fiction' as const,
    genre: [],
    sub_genre: [],
    purchase_url: null,
    ebook_url: null,
    ebook_price: null,
    paperback_url: null,
    paperback_price: null,
    hardcover_url: null,
    hardcover_price: null,
    audiobook_url: null,
    audiobook_price: null,
    purchase_links: [],
  };

  it('is a Book with author, genre, image and one Offer per link, priced when known', () => {
    const data = bookJsonLd({
      book: {
        ...minimalBook,
        id: 'b1',
        title: 'Tides',
        description: 'A novel.',
        user_id: 'u1',
        author: { display_name: 'Jane Doe', page_slug: 'jane' },
        genre: ['fantasy'],
        sub_genre: ['Sea'],
        ebook_url: 'https://e.example/b1',
        ebook_price: 4.5,
        purchase_links: [{ label: 'Shop', url: 'https://shop.example/b1', price: null }],
      },
      pageUrl: 'https://s.example/book/b1',
      imageUrl: 'https://s.example/c.webp',
      site: 'https://s.example',
    });
    expect(data).toMatchObject({
      '@type': 'Book',
      name: 'Tides',
      image: 'https://s.example/c.webp',
      genre: ['Fantasy', 'Sea'],
      author: { '@type': 'Person', name: 'Jane Doe', url: 'https://s.example/profile/jane' },
      offers: [
        { '@type': 'Offer', name: 'eBook', url: 'https://e.example/b1', price: '4.50', priceCurrency: 'USD' },
        { '@type': 'Offer', name: 'Shop', url: 'https://shop.example/b1' },
      ],
    });
    expect((data.offers as Array<Record<string, unknown>>)[1]).not.toHaveProperty('price');
  });

  it('offers a book whose date is to come as a preorder, named as the page names its links, and plainly from its day', () => {
    const input = {
      book: {
        ...minimalBook,
        publication_date: '2027-03-18',
        ebook_url: 'https://e.example/b2',
        ebook_price: 4.5,
        purchase_links: [{ label: 'Kobo', url: 'https://kobo.example/b2', price: null }],
      },
      pageUrl: 'https://s.example/book/b2',
      site: 'https://s.example',
    };
    const before = bookJsonLd({ ...input, now: new Date('2027-03-17T23:59:00Z') });
    expect(before.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Preorder the eBook',
        url: 'https://e.example/b2',
        price: '4.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/PreOrder',
        availabilityStarts: '2027-03-18',
      },
      {
        '@type': 'Offer',
        name: 'Preorder on Kobo',
        url: 'https://kobo.example/b2',
        availability: 'https://schema.org/PreOrder',
        availabilityStarts: '2027-03-18',
      },
    ]);
    for (const data of [bookJsonLd({ ...input, now: new Date('2027-03-18T00:00:00Z') }), bookJsonLd(input)]) {
      const offers = data.offers as Array<Record<string, unknown>>;
      expect(offers.map((offer) => offer.name)).toEqual(['eBook', 'Kobo']);
      for (const offer of offers) expect(offer).not.toHaveProperty('availability');
    }
  });

  it('names a Publisher member as the book’s publisher, an Organization, not as a Person author', () => {
    const data = bookJsonLd({
      book: minimalBook,
      pageUrl: 'https://s.example/book/b2',
      site: 'https://s.example',
      owner: { role: 'User', category: 'Publisher' },
    });
    expect(data.publisher).toEqual({
      '@type': 'Organization',
      name: 'Tidewater Press',
      url: 'https://s.example/profile/tidewater',
    });
    expect(data).not.toHaveProperty('author');
  });

  it.each([
    ['Book Author', 'User'],
    ['Book Lover/Marketer', 'User'],
    ['Book Author', 'Admin'],
  ] as const)('names a %s (role %s) as the author, a Person', (category, role) => {
    const data = bookJsonLd({
      book: minimalBook,
      pageUrl: 'https://s.example/book/b2',
      site: 'https://s.example',
      owner: { role, category },
    });
    expect(data.author).toMatchObject({ '@type': 'Person', name: 'Tidewater Press' });
    expect(data).not.toHaveProperty('publisher');
  });
});

describe('catalogueBookJsonLd', () => {
  const book = {
    title: 'Мастер и Маргарита',
    description: ' A novel. ',
    authors: [{ name: 'Mikhail Bulgakov', source_id: 'OL1A' }, { name: 'A. Translator' }],
    isbn: '9780306406157',
    editions: [
      {
        isbn: '9780306406157',
        format: 'Paperback',
        publisher: 'Saltmarsh Press',
        publication_date: '1998-04-02',
        pages: 384,
        language: 'ru' as const,
      },
      { isbn: null, format: 'Board book', publication_year: 1967 },
    ],
  };

  it('is a Book with its authors as Persons, the first ISBN and a workExample per edition', () => {
    const data = catalogueBookJsonLd({
      book,
      pageUrl: 'https://s.example/book/c1',
      imageUrl: 'https://s.example/c.webp',
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Book',
      '@id': 'https://s.example/book/c1#book',
      name: 'Мастер и Маргарита',
      url: 'https://s.example/book/c1',
      author: [
        { '@type': 'Person', name: 'Mikhail Bulgakov' },
        { '@type': 'Person', name: 'A. Translator' },
      ],
      isbn: '9780306406157',
      description: 'A novel.',
      image: 'https://s.example/c.webp',
      workExample: [
        {
          '@type': 'Book',
          isbn: '9780306406157',
          bookFormat: 'https://schema.org/Paperback',
          numberOfPages: 384,
          inLanguage: 'ru',
          datePublished: '1998-04-02',
          publisher: { '@type': 'Organization', name: 'Saltmarsh Press' },
        },
        { '@type': 'Book', datePublished: '1967' },
      ],
    });
  });

  it('names an author whose page a member claimed as that member: a Publisher an Organization with its profile', () => {
    const data = catalogueBookJsonLd({
      book: {
        title: 'Guides',
        description: null,
        authors: [{ name: 'Wayfarer Press' }, { name: 'Anna Kovač' }],
        isbn: null,
        editions: [],
      },
      pageUrl: 'https://s.example/book/c3',
      claimed: {
        slugs: new Set(['wayfarer-press']),
        type: 'Organization',
        url: 'https://s.example/profile/wayfarer',
      },
    });
    expect(data.author).toEqual([
      { '@type': 'Organization', name: 'Wayfarer Press', url: 'https://s.example/profile/wayfarer' },
      { '@type': 'Person', name: 'Anna Kovač' },
    ]);
  });

  it('states ratings only when there are some, and nothing for unknown facts', () => {
    const bare = catalogueBookJsonLd({
      book: { title: 'Bare', description: null, authors: [{ name: 'Anon' }], isbn: null, editions: [] },
      pageUrl: 'https://s.example/book/c2',
      ratings: { totals: { rating_count: 0, rating_sum: 0 }, reviews: [] },
    });
    expect(Object.keys(bare).sort()).toEqual(['@context', '@id', '@type', 'author', 'name', 'url']);
    const rated = catalogueBookJsonLd({
      book,
      pageUrl: 'https://s.example/book/c1',
      ratings: { totals: { rating_count: 2, rating_sum: 9 }, reviews: [] },
    });
    expect(rated.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      ratingCount: 2,
    });
    expect(rated).not.toHaveProperty('review');
    expect(rated).not.toHaveProperty('offers');
  });
});
