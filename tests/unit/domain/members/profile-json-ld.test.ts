import { describe, expect, it } from 'vitest';
import {
  memberSchemaType,
  profileJsonLd,
  sameAsLinks,
} from '../../../../src/domain/members/profile-json-ld.ts';

const profile = {
  display_name: 'Jane Doe',
  about_me: 'I write sea stories.',
  role: 'Book Author' as const,
  category: 'Book Author' as const,
  social_links: {
    website: 'https://jane.example.com',
    instagram: 'https://instagram.example.com/jane',
    twitter: '',
    goodreads: 'https://jane.example.com',
  },
};

describe('profileJsonLd', () => {
  const data = profileJsonLd({
    profile,
    books: [
      { id: 'b1', title: 'Tides', description: 'A novel.', cover_image: '/media/covers/b1.webp' },
      { id: 'b2', title: 'Shoals', description: null, cover_image: null },
    ],
    pageUrl: 'https://shelfmark.example/profile/jane-doe',
    imageUrl: 'https://shelfmark.example/media/profiles/u1.webp',
    site: 'https://shelfmark.example',
  });
  const graph = data['@graph'] as Array<Record<string, unknown>>;

  it('is a ProfilePage about a Person with the social links as sameAs (each once, blanks left out)', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(graph[0]).toEqual({
      '@type': 'ProfilePage',
      '@id': 'https://shelfmark.example/profile/jane-doe',
      url: 'https://shelfmark.example/profile/jane-doe',
      mainEntity: { '@id': 'https://shelfmark.example/profile/jane-doe#person' },
    });
    expect(graph[1]).toEqual({
      '@type': 'Person',
      '@id': 'https://shelfmark.example/profile/jane-doe#person',
      name: 'Jane Doe',
      url: 'https://shelfmark.example/profile/jane-doe',
      jobTitle: 'Book Author',
      description: 'I write sea stories.',
      image: 'https://shelfmark.example/media/profiles/u1.webp',
      sameAs: ['https://jane.example.com', 'https://instagram.example.com/jane'],
    });
  });
  it('lists each book as a Book by that Person, with absolute URLs', () => {
    expect(graph.slice(2)).toEqual([
      {
        '@type': 'Book',
        name: 'Tides',
        url: 'https://shelfmark.example/book/b1',
        author: { '@id': 'https://shelfmark.example/profile/jane-doe#person' },
        description: 'A novel.',
        image: 'https://shelfmark.example/media/covers/b1.webp',
      },
      {
        '@type': 'Book',
        name: 'Shoals',
        url: 'https://shelfmark.example/book/b2',
        author: { '@id': 'https://shelfmark.example/profile/jane-doe#person' },
      },
    ]);
  });
  it('leaves out sameAs, image and description when the member has none', () => {
    const bare = profileJsonLd({
      profile: { ...profile, about_me: null, social_links: {} },
      books: [],
      pageUrl: 'https://s.example/profile/x',
      site: 'https://s.example',
    });
    const person = (bare['@graph'] as Array<Record<string, unknown>>)[1];
    expect(person).not.toHaveProperty('sameAs');
    expect(person).not.toHaveProperty('image');
    expect(person).not.toHaveProperty('description');
  });
});

describe('profileJsonLd of a Publisher', () => {
  const data = profileJsonLd({
    profile: { ...profile, display_name: 'Tidewater Press', role: 'User', category: 'Publisher' },
    books: [{ id: 'b1', title: 'Tides', description: null, cover_image: null }],
    pageUrl: 'https://shelfmark.example/profile/tidewater',
    site: 'https://shelfmark.example',
  });
  const graph = data['@graph'] as Array<Record<string, unknown>>;

  it('is about an Organization (with no Person-only jobTitle)', () => {
    expect(graph[0]?.mainEntity).toEqual({
      '@id': 'https://shelfmark.example/profile/tidewater#organization',
    });
    expect(graph[1]).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://shelfmark.example/profile/tidewater#organization',
      name: 'Tidewater Press',
    });
    expect(graph[1]).not.toHaveProperty('jobTitle');
  });
  it('names the Organization as the publisher of its books, not their author', () => {
    expect(graph[2]).toEqual({
      '@type': 'Book',
      name: 'Tides',
      url: 'https://shelfmark.example/book/b1',
      publisher: { '@id': 'https://shelfmark.example/profile/tidewater#organization' },
    });
  });
});

describe('memberSchemaType', () => {
  it('is Organization for a member of category Publisher only, whatever the role', () => {
    expect(memberSchemaType({ role: 'User', category: 'Publisher' })).toBe('Organization');
    expect(memberSchemaType({ role: 'User', category: 'Book Author' })).toBe('Person');
    expect(memberSchemaType({ role: 'User', category: 'Book Lover/Marketer' })).toBe('Person');
    expect(memberSchemaType({ role: 'Admin', category: 'Publisher' })).toBe('Organization');
    expect(memberSchemaType({ role: 'Admin', category: 'Book Author' })).toBe('Person');
  });
});

describe('sameAsLinks', () => {
  it('keeps only http(s) URLs', () => {
    expect(sameAsLinks({ website: 'javascript:alert(1)', medium: 'https://medium.example/@j' })).toEqual([
      'https://medium.example/@j',
    ]);
  });
});
