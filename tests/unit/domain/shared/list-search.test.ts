import { describe, expect, it } from 'vitest';
import {
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_MAX_TERMS,
  SEARCH_TEXT_MAX_LENGTH,
  foldText,
  matchesAllTerms,
  parseSearch,
  primaryTerm,
  sameKeywords,
  searchKeywords,
  searchWords,
  sortKey,
} from '../../../../src/domain/shared/list-search.ts';

describe('foldText', () => {
  it('folds case and accents', () => {
    expect(foldText('Émile ZOLA')).toBe('emile zola');
    expect(foldText('İstanbul Ǆ ﬁn')).toBe('istanbul dz fin');
  });

  it('spells out letters that do not decompose', () => {
    expect(foldText('Straße ẞ Æsop Œuvre Søren Łódź Đorđe')).toBe('strasse ss aesop oeuvre soren lodz dorde');
  });

  it('removes apostrophes, straight or curly', () => {
    expect(foldText("Éclairs à l'Œuvre")).toBe('eclairs a loeuvre');
    expect(foldText('O’Brien’s ‘Tis')).toBe('obriens tis');
  });
});

describe('searchWords', () => {
  it('splits at anything but letters and digits, after folding', () => {
    expect(searchWords("The Children's Ode — to Straße 9")).toEqual([
      'the',
      'childrens',
      'ode',
      'to',
      'strasse',
      '9',
    ]);
    expect(searchWords('sci-fi/noir, 2nd ed.')).toEqual(['sci', 'fi', 'noir', '2nd', 'ed']);
    expect(searchWords(null)).toEqual([]);
  });

  it('keeps repeated words, so a word limit counts words as written', () => {
    expect(searchWords('ha ha ha')).toEqual(['ha', 'ha', 'ha']);
  });
});

describe('searchKeywords', () => {
  const max = { maxKeywords: 200 };

  it('stores each word of the fields with its prefixes of 2+ characters, once, in field order', () => {
    expect(searchKeywords(['The Moon', 'Ann Mo'], max)).toEqual([
      'th',
      'the',
      'mo',
      'moo',
      'moon',
      'an',
      'ann',
    ]);
    expect(searchKeywords(['A', null, undefined, ''], max)).toEqual([]);
  });

  it('cuts prefixes at the keyword length', () => {
    const keywords = searchKeywords(['a'.repeat(30)], max);
    expect(keywords).toHaveLength(SEARCH_KEYWORD_MAX_LENGTH - 1);
    expect(keywords.at(-1)).toBe('a'.repeat(SEARCH_KEYWORD_MAX_LENGTH));
  });

  it('caps the count, so earlier fields win', () => {
    const many = Array.from({ length: 100 }, (_, i) => `word${i}x`).join(' ');
    const keywords = searchKeywords([many, 'Zed'], { maxKeywords: 50 });
    expect(keywords).toHaveLength(50);
    expect(keywords).not.toContain('zed');
    expect(searchKeywords(['Zed', many], { maxKeywords: 50 })).toContain('zed');
  });

  it('indexes only the first words of a field given a word limit', () => {
    const about = 'one two three four';
    const keywords = searchKeywords(['Name', { text: about, maxWords: 2 }], max);
    expect(keywords).toContain('two');
    expect(keywords).not.toContain('three');
  });
});

describe('sameKeywords', () => {
  it('is true only for the same keywords in the same order', () => {
    expect(sameKeywords(['ab', 'abc'], ['ab', 'abc'])).toBe(true);
    expect(sameKeywords(['abc', 'ab'], ['ab', 'abc'])).toBe(false);
    expect(sameKeywords(['ab'], ['ab', 'abc'])).toBe(false);
    expect(sameKeywords(undefined, [])).toBe(false);
    expect(sameKeywords('ab', ['ab'])).toBe(false);
  });
});

describe('sortKey', () => {
  it('folds, trims and collapses spaces, so names order case- and accent-insensitively', () => {
    expect(sortKey('  Émile   Zola ', 80)).toBe('emile zola');
    expect(sortKey("O'Brien", 80) < sortKey('Ochoa', 80)).toBe(true);
    expect(sortKey('x'.repeat(100), 80)).toHaveLength(80);
    expect(sortKey(null, 80)).toBe('');
  });
});

describe('parseSearch', () => {
  it('folds and splits the words, drops one-letter ones and repeats, and keeps the text to show back', () => {
    expect(parseSearch('  Crime, a Novel crime ')).toEqual({
      text: 'Crime, a Novel crime',
      terms: ['crime', 'novel'],
      cut: false,
      notes: [],
    });
  });

  it('reads an empty or missing search as no search, silently', () => {
    expect(parseSearch(null)).toEqual({ text: '', terms: [], cut: false, notes: [] });
    expect(parseSearch('   ')).toEqual({ text: '', terms: [], cut: false, notes: [] });
  });

  it('drops a search without a usable word, with a note', () => {
    expect(parseSearch('a - !')).toEqual({
      text: '',
      terms: [],
      cut: false,
      notes: ['Search words need at least 2 letters or digits, so “a - !” was ignored.'],
    });
  });

  it('cuts a long word to the keyword length, so it still finds words that start the same', () => {
    const long = 'Supercalifragilisticexpialidocious';
    const { terms, cut, notes } = parseSearch(long);
    expect(terms).toEqual([foldText(long).slice(0, SEARCH_KEYWORD_MAX_LENGTH)]);
    expect(cut).toBe(false);
    expect(notes).toEqual([]);
    expect(matchesAllTerms(searchKeywords([long], { maxKeywords: 200 }), terms)).toBe(true);
  });

  it('cuts an over-long search to its first characters, with a note, instead of dropping it', () => {
    const result = parseSearch(`lighthouse ${'x'.repeat(150)}`);
    expect(result.cut).toBe(true);
    expect(result.text).toBe(`lighthouse ${'x'.repeat(SEARCH_TEXT_MAX_LENGTH - 11)}`);
    expect(result.terms).toEqual(['lighthouse', 'x'.repeat(SEARCH_KEYWORD_MAX_LENGTH)]);
    expect(result.notes).toEqual([
      `Your search was longer than ${SEARCH_TEXT_MAX_LENGTH} characters, so only its first ${SEARCH_TEXT_MAX_LENGTH} were used.`,
    ]);
    expect(parseSearch('z'.repeat(SEARCH_TEXT_MAX_LENGTH)).cut).toBe(false);
  });

  it('keeps the first distinct words, with a note when more were given', () => {
    const result = parseSearch('one two two three four five six');
    expect(result.terms).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(result.terms).toHaveLength(SEARCH_MAX_TERMS);
    expect(result.notes).toEqual([`Only the first ${SEARCH_MAX_TERMS} words of your search were used.`]);
  });

  it('folds a search the way keywords are stored, so either apostrophe or spelling finds the other', () => {
    const keywords = searchKeywords(['Siobhán O’Brien', 'Große Æsir'], { maxKeywords: 200 });
    for (const search of ["o'brien", 'OBRIEN', 'siobhan', 'grosse', 'aesir']) {
      expect(matchesAllTerms(keywords, parseSearch(search).terms), search).toBe(true);
    }
  });
});

describe('primaryTerm', () => {
  it('picks the longest term (the first of equal ones) to match in Firestore', () => {
    expect(primaryTerm(['to', 'the', 'lighthouse'])).toBe('lighthouse');
    expect(primaryTerm(['ann', 'lee'])).toBe('ann');
    expect(primaryTerm([])).toBeUndefined();
  });
});

describe('matchesAllTerms', () => {
  it('matches when every term starts some indexed word', () => {
    const keywords = searchKeywords(['Margot Ellery', 'Book Author', 'Writes cosy mysteries'], {
      maxKeywords: 400,
    });
    expect(matchesAllTerms(keywords, ['mar'])).toBe(true);
    expect(matchesAllTerms(keywords, ['mar', 'myst'])).toBe(true);
    expect(matchesAllTerms(keywords, ['mar', 'romance'])).toBe(false);
    expect(matchesAllTerms(keywords, ['argot'])).toBe(false); // word starts only, not any substring
    expect(matchesAllTerms(undefined, ['mar'])).toBe(false);
  });
});
