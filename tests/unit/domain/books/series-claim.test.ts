// A series belongs to the author who named it first (src/domain/books/series-claim.ts):
// which saves claim, when a claim passes on, whose series an unclaimed address is,
// what the seed and the backfill claim, the pages the sitemap lists, and where a
// book's series line points.
import { describe, expect, it } from 'vitest';
import {
  missingSeriesClaims,
  seriesClaimSchema,
  seriesOwnerOf,
  seriesPageEntries,
  seriesSlugOf,
  seriesToClaim,
  takesSeriesClaim,
} from '../../../../src/domain/books/series-claim.ts';
import {
  bookSeriesPath,
  isSeriesAuthorShape,
  seriesLine,
  seriesPath,
} from '../../../../src/domain/books/series.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('series claims', () => {
  it('reads a series address from any spelling of its name', () => {
    for (const name of ['The Tidewater Chronicles', 'the tidewater chronicles', 'THÉ TÎDEWATER CHRONICLES!'])
      expect(seriesSlugOf({ series: name })).toBe('the-tidewater-chronicles');
    expect(seriesSlugOf({ series: null })).toBeNull();
    expect(seriesSlugOf({ series: '!!!' })).toBeNull();
    expect(seriesSlugOf(null)).toBeNull();
  });

  it('claims only the addresses a save moves a book into, once each', () => {
    expect(
      seriesToClaim([
        { userId: 'a', before: null, after: 'tides' },
        { userId: 'a', before: 'salt', after: 'salt' },
        { userId: 'a', before: 'salt', after: 'tides' },
        { userId: 'a', before: 'salt', after: null },
        { userId: 'a', before: null, after: 'reefs' },
      ]),
    ).toEqual([
      { slug: 'tides', userId: 'a' },
      { slug: 'reefs', userId: 'a' },
    ]);
  });

  it('takes a claim nobody holds, or one whose holder has left the series; never another author’s', () => {
    expect(takesSeriesClaim('b', undefined, false)).toBe(true);
    expect(takesSeriesClaim('b', 'a', true)).toBe(false);
    expect(takesSeriesClaim('b', 'a', false)).toBe(true);
    expect(takesSeriesClaim('a', 'a', true)).toBe(false);
  });

  it('names the claim’s holder as owner, else the author of the oldest book', () => {
    const books = [
      { id: 'b1', user_id: 'b', created_at: day(1) },
      { id: 'a1', user_id: 'a', created_at: day(2) },
    ];
    expect(seriesOwnerOf('a', books)).toBe('a');
    expect(seriesOwnerOf(undefined, books)).toBe('b');
    expect(seriesOwnerOf(undefined, [])).toBeUndefined();
  });

  it('gives each unclaimed series to the author of its oldest book (the seed and the backfill)', () => {
    const claims = missingSeriesClaims(
      [
        { id: 'b1', user_id: 'b', series_slug: 'tides', created_at: day(3) },
        { id: 'a1', user_id: 'a', series_slug: 'tides', created_at: day(2) },
        { id: 'c1', user_id: 'c', series_slug: 'salt', created_at: day(1) },
        { id: 'd1', user_id: 'd', series_slug: 'reefs', created_at: day(1) },
        { id: 'x', user_id: 'x', series_slug: null, created_at: day(1) },
      ],
      new Set(['reefs']),
    );
    expect(claims).toEqual([
      { id: 'salt', user_id: 'c', claimed_at: day(1) },
      { id: 'tides', user_id: 'a', claimed_at: day(2) },
    ]);
    for (const claim of claims) expect(seriesClaimSchema.parse(claim)).toEqual(claim);
  });

  it('lists the owner’s page and one page per other author, each with its latest change', () => {
    const entries = seriesPageEntries(
      [
        { id: 'a1', user_id: 'a', series_slug: 'tides', created_at: day(1), updated_at: day(5) },
        { id: 'z1', user_id: 'z', series_slug: 'tides', created_at: day(2) },
        { id: 'b1', user_id: 'b', series_slug: 'tides', created_at: day(3) },
        { id: 'b2', user_id: 'b', series_slug: 'tides', created_at: day(4) },
        { id: 'c1', user_id: 'c', series_slug: 'salt', created_at: day(1) },
      ],
      new Map([['tides', 'z']]),
    );
    expect(entries).toEqual([
      { slug: 'salt', lastModified: day(1) },
      { slug: 'tides', lastModified: day(2) },
      { slug: 'tides', authorUid: 'a', lastModified: day(5) },
      { slug: 'tides', authorUid: 'b', lastModified: day(4) },
    ]);
  });
});

describe('series addresses', () => {
  it('puts the owner’s books at /series/{slug} and another author’s at /series/{slug}/by/{uid}', () => {
    expect(seriesPath('tides')).toBe('/series/tides');
    expect(seriesPath('tides', 'b')).toBe('/series/tides/by/b');
    expect(bookSeriesPath({ series_slug: 'tides', user_id: 'a' }, 'a')).toBe('/series/tides');
    expect(bookSeriesPath({ series_slug: 'tides', user_id: 'b' }, 'a')).toBe('/series/tides/by/b');
    expect(bookSeriesPath({ series_slug: 'tides', user_id: 'b' }, undefined)).toBe('/series/tides');
    const book = { series: 'tides!', series_number: 2, series_slug: 'tides', user_id: 'b' };
    expect(seriesLine(book, 'a')).toEqual({ lead: 'Book 2 of', name: 'tides!', path: '/series/tides/by/b' });
    expect(seriesLine(book, 'b')?.path).toBe('/series/tides');
  });

  it('takes only a uid’s characters as the author in the address', () => {
    expect(isSeriesAuthorShape('demo-author')).toBe(true);
    expect(isSeriesAuthorShape('aZ09_-')).toBe(true);
    for (const bad of ['', 'a/b', 'a b', 'x'.repeat(129), undefined])
      expect(isSeriesAuthorShape(bad)).toBe(false);
  });
});
