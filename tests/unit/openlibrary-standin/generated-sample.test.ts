// The benches' generated stand-in sample (scripts/openlibrary-standin/generated-sample.ts):
// the same for the same size, every ISBN valid and on one edition only, one or two
// editions a work, and every work found the ways the reading import looks (by ISBN,
// and by a search of its title and author that hitForRow takes).
import { describe, expect, it } from 'vitest';
import { parseIsbn } from '../../../src/domain/books/isbn.ts';
import { hitForRow, LOOK_UP_HITS, rowQuery } from '../../../src/domain/catalogue/look-up.ts';
import { mapOlSearchDoc } from '../../../src/domain/catalogue/openlibrary-mapping.ts';
import { olSearchSchema } from '../../../src/domain/catalogue/openlibrary-records.ts';
import { Catalogue } from '../../../scripts/openlibrary-standin/catalogue.ts';
import {
  generateSample,
  generatedAuthorName,
  generatedAuthorOf,
  generatedIsbn,
  generatedWorkIsbns,
  generatedWorkTitle,
  MAX_GENERATED_AUTHORS,
} from '../../../scripts/openlibrary-standin/generated-sample.ts';

describe('generateSample', () => {
  const sample = generateSample({ works: 300, authors: 40 });
  const catalogue = new Catalogue(sample);

  it('is the same every time', () => {
    expect(generateSample({ works: 300, authors: 40 })).toEqual(sample);
  });

  it('gives each work one or two editions whose ISBN-13s are valid and unique', () => {
    expect(sample.works).toHaveLength(300);
    expect(sample.authors).toHaveLength(40);
    expect(sample.editions).toHaveLength(150 + 2 * 150);
    const isbns = sample.editions.flatMap((edition) => edition.isbn_13 ?? []);
    expect(new Set(isbns).size).toBe(isbns.length);
    for (const isbn of isbns) expect(parseIsbn(isbn)).toEqual({ ok: true, isbn13: isbn });
    expect(generatedWorkIsbns(4)).toHaveLength(1);
    expect(generatedWorkIsbns(5)).toHaveLength(2);
  });

  it('finds every work by each of its ISBNs', () => {
    for (let i = 0; i < 300; i += 1)
      for (const isbn of generatedWorkIsbns(i))
        expect(catalogue.editionByIsbn(isbn)?.works?.[0]?.key).toBe(`/works/OL${i + 1}W`);
  });

  it('finds a work by the search the import makes of its title and author', () => {
    for (const i of [0, 7, 41, 299]) {
      const row = {
        title: generatedWorkTitle(i),
        author: generatedAuthorName(generatedAuthorOf(i, 40)),
        isbn13: null,
      };
      const answer = olSearchSchema.parse(
        catalogue.search({ q: rowQuery(row), limit: LOOK_UP_HITS, page: 1 }),
      );
      const hit = hitForRow(row, answer.docs.map(mapOlSearchDoc));
      expect(hit?.sourceId).toBe(`OL${i + 1}W`);
    }
  });

  it('names distinct authors and refuses sizes it cannot name', () => {
    const names = Array.from({ length: MAX_GENERATED_AUTHORS }, (_, k) => generatedAuthorName(k));
    expect(new Set(names).size).toBe(MAX_GENERATED_AUTHORS);
    expect(() => generateSample({ works: 1, authors: MAX_GENERATED_AUTHORS + 1 })).toThrow(RangeError);
    expect(() => generatedIsbn(1e8)).toThrow(RangeError);
  });
});
