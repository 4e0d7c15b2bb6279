// The home page's pure rules: top genres, the hero quiz, the zodiac map,
// marketplace figures, and the featured slots when some of them are empty.
import { describe, expect, it } from 'vitest';
import { fillFeaturedProfileSlots, toSlots } from '../../../../src/domain/home/featured.ts';
import { GENRE_CATALOGUE } from '../../../../src/domain/items/genres.ts';
import {
  COMMUNITY_COUNTS,
  QUIZ_QUESTIONS,
  QUIZ_RESULTS,
  ZODIAC_BOOK_MATCHES,
  ZODIAC_FALLBACK,
  ZODIAC_SIGNS,
  bookCountText,
  featuredBooksFingerprint,
  listingCountText,
  marketplaceTotal,
  promotionCardChange,
  quizResultTitle,
  rankGenres,
  scoreQuiz,
  topAdCategories,
  zodiacBookMatch,
} from '../../../../src/domain/home/home.ts';

describe('rankGenres', () => {
  it("ranks a category's genres by book count, most first, up to the limit", () => {
    const counts = { fantasy: 5, mystery: 9, romance: 2, history: 50 };
    expect(rankGenres('fiction', counts, 6).map((g) => [g.value, g.count])).toEqual([
      ['mystery', 9],
      ['fantasy', 5],
      ['romance', 2],
    ]);
    expect(rankGenres('fiction', counts, 2).map((g) => g.label)).toEqual(['Mystery', 'Fantasy']);
  });
  it('ignores genres of the other category and genres without books', () => {
    expect(rankGenres('non-fiction', { fantasy: 5, history: 0, travel: 1 }, 6).map((g) => g.value)).toEqual([
      'travel',
    ]);
    expect(rankGenres('fiction', {}, 6)).toEqual([]);
  });
  it('breaks ties by catalogue order', () => {
    const counts = Object.fromEntries(GENRE_CATALOGUE.fiction.map((g) => [g.value, 3]));
    expect(rankGenres('fiction', counts, 4).map((g) => g.value)).toEqual(
      GENRE_CATALOGUE.fiction.slice(0, 4).map((g) => g.value),
    );
    expect(rankGenres('fiction', { western: 2, horror: 2, fantasy: 2 }, 6).map((g) => g.value)).toEqual([
      'fantasy',
      'horror',
      'western',
    ]);
  });
});

describe('hero quiz', () => {
  it('has three questions of four answers and four results', () => {
    expect(QUIZ_QUESTIONS).toHaveLength(3);
    for (const q of QUIZ_QUESTIONS) expect(q.answers).toHaveLength(4);
    expect(QUIZ_RESULTS.map((r) => r.title)).toEqual([
      'The Brave Explorer',
      'The Wise Scholar',
      'The Compassionate Healer',
      'The Noble Guardian',
    ]);
  });
  it('scores the most frequent answer index', () => {
    expect(scoreQuiz([2, 2, 2])).toBe(2);
    expect(scoreQuiz([3, 1, 3])).toBe(3);
    expect(quizResultTitle([1, 0, 1])).toBe('The Wise Scholar');
    expect(quizResultTitle([3, 3, 0])).toBe('The Noble Guardian');
  });
  it('breaks a three-way tie towards the lowest index', () => {
    expect(scoreQuiz([3, 1, 2])).toBe(1);
    expect(scoreQuiz([2, 3, 0])).toBe(0);
    expect(quizResultTitle([3, 2, 1])).toBe('The Wise Scholar');
  });
  it('ignores answers out of range', () => {
    expect(scoreQuiz([7, -1, 2])).toBe(2);
    expect(scoreQuiz([])).toBe(0);
  });
});

describe('zodiac book match', () => {
  it('maps all twelve signs', () => {
    expect(ZODIAC_SIGNS).toHaveLength(12);
    expect(Object.keys(ZODIAC_BOOK_MATCHES).sort()).toEqual([...ZODIAC_SIGNS].sort());
    for (const sign of ZODIAC_SIGNS) expect(zodiacBookMatch(sign)).toBe(ZODIAC_BOOK_MATCHES[sign]);
  });
  it('accepts any case and falls back to Mystery Novel', () => {
    expect(zodiacBookMatch('aries')).toBe(ZODIAC_BOOK_MATCHES.Aries);
    expect(ZODIAC_FALLBACK).toBe('Mystery Novel');
    expect(zodiacBookMatch('Ophiuchus')).toBe('Mystery Novel');
    expect(zodiacBookMatch(null)).toBe('Mystery Novel');
    expect(zodiacBookMatch('')).toBe('Mystery Novel');
  });
});

describe('marketplace figures', () => {
  it('totals products and classified ads', () => {
    expect(marketplaceTotal({ products: 4, classifieds: 7 })).toBe(11);
    expect(marketplaceTotal({ products: 0, classifieds: 0 })).toBe(0);
  });
  it("says 'book' only for exactly one", () => {
    expect(bookCountText(1)).toBe('1 book');
    expect(bookCountText(0)).toBe('0 books');
    expect(bookCountText(2)).toBe('2 books');
    expect(listingCountText(1)).toBe('1 listing');
    expect(listingCountText(3)).toBe('3 listings');
  });
  it('keeps the four most frequent ad categories, ties in order of first appearance', () => {
    const sample = ['a', 'b', 'b', 'c', 'd', 'e', 'e', 'e', 'c', '', 'f'];
    expect(topAdCategories(sample).map((c) => [c.value, c.count])).toEqual([
      ['e', 3],
      ['b', 2],
      ['c', 2],
      ['a', 1],
    ]);
    expect(topAdCategories([])).toEqual([]);
  });
  it("lists the spec's community counts", () => {
    expect(COMMUNITY_COUNTS.map((c) => [c.platform, c.count])).toEqual([
      ['Facebook', 16],
      ['LinkedIn', 8],
      ['X/Twitter', 14],
      ['Substack', 6],
      ['Discord', 6],
      ['Reddit', 17],
    ]);
  });
});

describe('featured slots with gaps', () => {
  const p = (user_id: string, page_slug = user_id, is_active = true) => ({ user_id, page_slug, is_active });
  it('keeps empty book positions empty', () => {
    const slots = toSlots(
      [
        { position: 2, book_id: 'b2' },
        { position: 12, book_id: 'b12' },
      ],
      12,
    );
    expect(slots.filter(Boolean)).toHaveLength(2);
    expect(slots[0]).toBeNull();
    expect(slots[1]?.book_id).toBe('b2');
    expect(slots[11]?.book_id).toBe('b12');
  });
  it('leaves author slots empty ("Coming Soon") when there are too few members', () => {
    const slots = fillFeaturedProfileSlots([null, null, p('f3'), null, null, null], [p('n1')], 'owner');
    expect(slots.map((s) => s?.user_id ?? null)).toEqual(['n1', null, 'f3', null, null, null]);
  });
  it('skips an inactive featured profile and fills its slot from the newest members', () => {
    const slots = fillFeaturedProfileSlots(
      [p('f1', 'f1', false), null, null, null, null, null],
      [p('n1'), p('n2')],
      null,
    );
    expect(slots.map((s) => s?.user_id ?? null)).toEqual(['n1', 'n2', null, null, null, null]);
  });
  it('with no featured entries and no members every slot is empty', () => {
    expect(fillFeaturedProfileSlots([], [], 'owner')).toEqual([null, null, null, null, null, null]);
  });
});

describe('featuredBooksFingerprint', () => {
  it('treats a missing and an empty cover alike, and changes when a slot changes', () => {
    const a = featuredBooksFingerprint([{ id: 'x', title: 'X', cover_image: '' }, null]);
    expect(a).toBe(featuredBooksFingerprint([{ id: 'x', title: 'X', cover_image: null }, null]));
    expect(a).not.toBe(featuredBooksFingerprint([null, { id: 'x', title: 'X' }]));
  });
  it('changes when the same book moves from an admin slot to a Spotlight card', () => {
    const admin = featuredBooksFingerprint([{ id: 'x', title: 'X' }]);
    expect(admin).toBe(featuredBooksFingerprint([{ id: 'x', title: 'X', spotlight: false }]));
    expect(admin).not.toBe(featuredBooksFingerprint([{ id: 'x', title: 'X', spotlight: true }]));
  });
});

describe('promotionCardChange (the holiday promotion card shows only while a code is set, naming it)', () => {
  it('adds the card when a code is set on a page without one', () => {
    expect(promotionCardChange(null, 'HOLIDAY50')).toBe('add');
  });
  it('removes the card when the code is cleared', () => {
    expect(promotionCardChange('HOLIDAY50', null)).toBe('remove');
  });
  it('renames the code the card shows when another is set', () => {
    expect(promotionCardChange('HOLIDAY50', 'WINTER10')).toBe('rename');
  });
  it('leaves the page as it is when nothing changed', () => {
    expect(promotionCardChange(null, null)).toBe('keep');
    expect(promotionCardChange('HOLIDAY50', 'HOLIDAY50')).toBe('keep');
  });
});
