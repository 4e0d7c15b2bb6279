import { describe, expect, it } from 'vitest';
import {
  hitForRow,
  rowQuery,
  workOfEditionHits,
  workOfSearchHit,
} from '../../../../src/domain/catalogue/look-up.ts';
import type {
  CatalogueEditionHit,
  CatalogueSearchHit,
} from '../../../../src/domain/catalogue/catalogue-work.ts';

function hit(title: string, author: string, fields: Partial<CatalogueSearchHit> = {}): CatalogueSearchHit {
  return {
    source: 'openlibrary',
    sourceId: 'OL1W',
    title,
    authors: [{ name: author, sourceId: 'OL1A' }],
    firstPublishYear: 1904,
    coverId: 8000100,
    editionCount: 2,
    isbn13: ['9780306406157', '9780141439518'],
    ...fields,
  };
}

describe('rowQuery', () => {
  it('searches with the main title and the author', () => {
    expect(rowQuery({ title: 'The Cherry Orchard (Plays, #4)', author: 'Anton Chekhov', isbn13: null })).toBe(
      'The Cherry Orchard Anton Chekhov',
    );
    expect(
      rowQuery({ title: 'Frankenstein: or, The Modern Prometheus', author: 'Mary Shelley', isbn13: null }),
    ).toBe('Frankenstein Mary Shelley');
  });
});

describe('hitForRow', () => {
  const row = { title: 'The Cherry Orchard (Plays, #4)', author: 'Chekhov, Anton', isbn13: null };

  it('takes the hit with the same title words and the same author in any order', () => {
    const wanted = hit('The Cherry Orchard', 'Anton Chekhov', { sourceId: 'OL2W' });
    expect(hitForRow(row, [hit('The Cherry Orchards', 'Anton Chekhov'), wanted])).toBe(wanted);
  });

  it('matches a title with or without its subtitle', () => {
    const full = hit('Frankenstein: or, The Modern Prometheus', 'Mary Shelley');
    expect(hitForRow({ title: 'Frankenstein', author: 'Mary Shelley', isbn13: null }, [full])).toBe(full);
    const short = hit('Frankenstein', 'Mary Shelley');
    expect(
      hitForRow({ title: 'Frankenstein: or, The Modern Prometheus', author: 'Mary Shelley', isbn13: null }, [
        short,
      ]),
    ).toBe(short);
  });

  it('never takes a near miss: another author, another title', () => {
    expect(hitForRow(row, [hit('The Cherry Orchard', 'Anton Pavlovich')])).toBeNull();
    expect(hitForRow(row, [hit('Cherry Orchard Revisited', 'Anton Chekhov')])).toBeNull();
    expect(hitForRow(row, [])).toBeNull();
  });
});

describe('works of what a source answered', () => {
  it('makes one work of the editions of one work found by ISBN', () => {
    const edition = (sourceId: string, isbn: string, coverId: number | null): CatalogueEditionHit => ({
      source: 'openlibrary',
      workId: 'OL9W',
      title: 'Anna Karenina',
      authors: [{ name: 'Leo Tolstoy', sourceId: 'OL9A' }],
      edition: {
        sourceId,
        title: null,
        isbn13: [isbn],
        format: null,
        publisher: null,
        publishedDate: null,
        pages: null,
        language: null,
        coverId,
      },
    });
    const work = workOfEditionHits([
      edition('OL1M', '9798101731886', null),
      edition('OL2M', '9787023217325', 77),
    ]);
    expect(work).toMatchObject({ sourceId: 'OL9W', title: 'Anna Karenina', coverId: 77, editionCount: 2 });
    expect(work.editions.map((e) => e.sourceId)).toEqual(['OL1M', 'OL2M']);
  });

  it('makes a work of a search hit, its ISBNs as editions known by nothing else', () => {
    const work = workOfSearchHit(hit('Walden', 'Henry David Thoreau', { sourceId: 'OL5W' }));
    expect(work).toMatchObject({ sourceId: 'OL5W', title: 'Walden', coverId: 8000100, editionCount: 2 });
    expect(work.editions.map((e) => [e.sourceId, e.isbn13, e.publishedDate])).toEqual([
      ['', ['9780306406157'], '1904'],
      ['', ['9780141439518'], null],
    ]);
  });
});
