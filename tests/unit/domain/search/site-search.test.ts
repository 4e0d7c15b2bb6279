import { describe, expect, it } from 'vitest';
import {
  highlight,
  isbnSearchTerms,
  isbnTerm,
  isNumberTerm,
  parseSiteSearchParams,
  PRICE_RANGE_LABELS,
  priceRangeOf,
  siteSearchHref,
  typoDistance,
  typosAllowed,
  wordAnswers,
} from '../../../../src/domain/search/site-search.ts';

describe('typos', () => {
  it('counts added, missing, changed and swapped letters as one mistake each', () => {
    expect(typoDistance('wolves', 'wolves')).toBe(0);
    expect(typoDistance('wovles', 'wolves')).toBe(1);
    expect(typoDistance('wolvs', 'wolves')).toBe(1);
    expect(typoDistance('wollves', 'wolves')).toBe(1);
    expect(typoDistance('wolfes', 'wolves')).toBe(1);
    expect(typoDistance('wxlfes', 'wolves')).toBe(2);
    expect(typoDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });

  it('allows none under 5 letters, one from 5, two from 9', () => {
    expect([4, 5, 8, 9, 20].map((n) => typosAllowed('x'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
    expect(wordAnswers('oak', 'oaks')).toBe(true); // a prefix
    expect(wordAnswers('oax', 'oak')).toBe(false);
    expect(wordAnswers('kindrd', 'kindred')).toBe(true);
    expect(wordAnswers('knidrd', 'kindred')).toBe(false);
    expect(wordAnswers('manuscrpit', 'manuscript')).toBe(true);
  });
});

describe('search parameters', () => {
  const parse = (query: string) => parseSiteSearchParams(new URLSearchParams(query));

  it('reads every filter and drops what it does not know, never throwing', () => {
    expect(
      parse('q=Cozy+Mystery&kind=book&category=Fiction&genre=Mystery&price=10-50&free=1&audiobook=1&page=2'),
    ).toEqual({
      text: 'Cozy Mystery',
      terms: ['cozy', 'mystery'],
      kind: 'book',
      category: 'Fiction',
      genre: 'Mystery',
      price: '10-50',
      freeReading: true,
      audiobook: true,
      page: 2,
      notes: [],
    });
    const odd = parse(`q=${'x'.repeat(10_000)}&kind=<script>&price=0&page=-3&genre=${'g'.repeat(500)}`);
    expect(odd.text.length).toBeLessThanOrEqual(100);
    expect(odd).toMatchObject({ kind: null, price: null, page: 1, genre: null });
    expect(odd.notes.length).toBe(2);
  });

  it('writes a URL back with defaults left out', () => {
    expect(siteSearchHref({ text: 'cozy mystery', kind: 'book', page: 1 })).toBe(
      '/search?q=cozy+mystery&kind=book',
    );
    expect(siteSearchHref({})).toBe('/search');
  });

  it('puts prices in ranges', () => {
    expect([null, 0, 9.99, 10, 50, 50.01, 100.5].map(priceRangeOf)).toEqual([
      null,
      'free',
      'under-10',
      '10-50',
      '10-50',
      '50-100',
      'over-100',
    ]);
    expect(PRICE_RANGE_LABELS['10-50']).toBe('$10 - $50');
  });
});

describe('highlight', () => {
  it('marks the words that matched, accents and case aside, and keeps the rest as text', () => {
    expect(highlight('Hélène <b>Dubois</b>', ['helene', 'dubois'])).toEqual([
      { text: 'Hélène', match: true },
      { text: ' <b>', match: false },
      { text: 'Dubois', match: true },
      { text: '</b>', match: false },
    ]);
    expect(highlight('Nothing here', ['kindred'])).toEqual([{ text: 'Nothing here', match: false }]);
  });
});

describe('stop words', () => {
  it('are dropped from a search that has other words, and kept when it has none', async () => {
    const { matchedTerms } = await import('../../../../src/domain/search/site-search.ts');
    expect(matchedTerms(['the', 'hobbit'])).toEqual(['hobbit']);
    expect(matchedTerms(['the', 'the'])).toEqual(['the', 'the']);
    expect(matchedTerms(['it'])).toEqual(['it']);
  });
});

describe('a search that is an ISBN', () => {
  it('is one term, the ISBN-13, however it is typed', () => {
    for (const text of [
      '978-0-306-40615-7',
      '9780306406157',
      '0-306-40615-2',
      'ISBN 0306406152',
      'isbn-13: 978 0 306 40615 7',
    ])
      expect(isbnSearchTerms(text), text).toEqual(['9780306406157']);
    expect(parseSiteSearchParams(new URLSearchParams('q=978-0-306-40615-7')).terms).toEqual([
      '9780306406157',
    ]);
  });

  it('is no ISBN with a wrong check digit, other words or no digits', () => {
    for (const text of ['978-0-306-40615-8', 'isbn', 'tidewater 9780306406157', ''])
      expect(isbnSearchTerms(text), text).toBeNull();
    // Searched as its words (one-character words are no words).
    expect(parseSiteSearchParams(new URLSearchParams('q=978-0-306-40615-8')).terms).toEqual([
      '978',
      '306',
      '40615',
    ]);
  });
});

describe('a word of digits', () => {
  it('has no typos, however long, since a number a digit off is another number', () => {
    expect(['90210', '1984', '978030640615', '12345678901234567'].map(isNumberTerm)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['b2b', 'mp3', 'kindred', '123456788x'].map(isNumberTerm)).toEqual([false, false, false, false]);
    expect(['90210', '978030640615', '12345678901234567'].map(typosAllowed)).toEqual([0, 0, 0]);
    expect(wordAnswers('90211', '90210')).toBe(false); // a digit changed
    expect(wordAnswers('978030640657', '9780306406157')).toBe(false); // a digit left out
    expect(wordAnswers('978030640616', '9780306406157')).toBe(false); // two digits off
  });

  it('may still start a longer number (while typing), and words keep their typos', () => {
    expect(wordAnswers('978030640615', '9780306406157')).toBe(true);
    expect(wordAnswers('902', '90210')).toBe(true);
    expect(typosAllowed('crossing')).toBe(1);
    expect(wordAnswers('crosing', 'crossing')).toBe(true);
  });
});

describe('an ISBN with hyphens among other words', () => {
  it('is one term, its ISBN-13, as an ISBN-13 or an ISBN-10', () => {
    for (const query of ['q=salt+978-0-306-40616-4', 'q=salt+0-306-40616-0', 'q=salt+978–0–306–40616–4'])
      expect(parseSiteSearchParams(new URLSearchParams(query)).terms, query).toEqual([
        'salt',
        '9780306406164',
      ]);
  });

  it('is no ISBN with a wrong check digit: its pieces stay words', () => {
    expect(parseSiteSearchParams(new URLSearchParams('q=salt+978-0-306-40616-5')).terms).toEqual([
      'salt',
      '978',
      '306',
      '40616',
    ]);
  });
});

describe('a word that is an ISBN', () => {
  it('means its ISBN-13, as an ISBN-13 or an ISBN-10 (X in any case)', () => {
    expect(isbnTerm('9780306406157')).toBe('9780306406157');
    expect(isbnTerm('0306406152')).toBe('9780306406157');
    expect(isbnTerm('080442957x')).toBe('9780804429573');
    expect(isbnTerm('080442957X')).toBe('9780804429573');
  });

  it('is matched as typed when shaped like an ISBN with a wrong check digit', () => {
    expect(isbnTerm('9780306406158')).toBe('9780306406158');
    expect(isbnTerm('0306406153')).toBe('0306406153');
  });

  it('is null for any other word, which keeps its typos', () => {
    for (const word of ['kindred', '978030640615', '97803064061570', '030640615', '03064061x2', ''])
      expect(isbnTerm(word), word).toBeNull();
  });

  it('answers only the same ISBN: no typos, no prefix', () => {
    expect(wordAnswers('9780306406157', '9780306406157')).toBe(true);
    expect(wordAnswers('9780306406157', '9780306406164')).toBe(false);
    expect(wordAnswers('9780306406158', '9780306406157')).toBe(false);
    expect(wordAnswers('0306406152', '9780306406157')).toBe(true);
    expect(wordAnswers('0306406152', '0306406152')).toBe(true);
    // A longer number is not answered by prefix either.
    expect(wordAnswers('9780306406157', '97803064061571')).toBe(false);
    // Words keep theirs.
    expect(wordAnswers('kindrd', 'kindred')).toBe(true);
  });

  it('is read as its ISBN-13 among other words too', () => {
    expect(parseSiteSearchParams(new URLSearchParams('q=tidewater+0306406152')).terms).toEqual([
      'tidewater',
      '9780306406157',
    ]);
  });
});
