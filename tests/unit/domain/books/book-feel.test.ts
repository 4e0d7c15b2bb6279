import { describe, expect, it } from 'vitest';
import {
  FEEL_MIN_ANSWERS,
  applyFeelChange,
  countedFeel,
  emptyFeelTotals,
  feelSummary,
  feelSummaryText,
  feelTotalsOf,
  reviewFeelSchema,
  type ReviewFeel,
} from '../../../../src/domain/books/book-feel';

type Answers = Pick<ReviewFeel, 'moods' | 'pace' | 'warnings'>;
const answers = (
  moods: ReviewFeel['moods'],
  pace: ReviewFeel['pace'] = null,
  warnings: ReviewFeel['warnings'] = [],
): Answers => ({
  moods,
  pace,
  warnings,
});

function totalsOf(reviews: Answers[]) {
  return reviews.reduce((totals, review) => applyFeelChange(totals, null, review), emptyFeelTotals());
}

describe('reviewFeelSchema', () => {
  it('keeps distinct picks from the lists, in the list order, and trims the texts', () => {
    expect(
      reviewFeelSchema.parse({
        moods: ['tense', 'dark', 'tense'],
        warnings: ['war', 'death'],
        warning_note: '  mentions ',
        spoiler: ' x ',
      }),
    ).toEqual({
      moods: ['dark', 'tense'],
      pace: null,
      warnings: ['death', 'war'],
      warning_note: 'mentions',
      spoiler: 'x',
    });
  });

  it('refuses picks outside the lists and texts over their limits', () => {
    expect(reviewFeelSchema.safeParse({ moods: ['scary'] }).success).toBe(false);
    expect(reviewFeelSchema.safeParse({ pace: 'glacial' }).success).toBe(false);
    expect(reviewFeelSchema.safeParse({ warnings: ['spiders'] }).success).toBe(false);
    expect(reviewFeelSchema.safeParse({ warning_note: 'x'.repeat(501) }).error?.issues[0]?.message).toMatch(
      /500 characters or less/,
    );
  });
});

describe('countedFeel', () => {
  it('counts a shown review only', () => {
    const review = { moods: ['dark'], pace: 'fast', warnings: ['war'], reviewer_public: true };
    expect(countedFeel(review)).toEqual(answers(['dark'], 'fast', ['war']));
    expect(countedFeel({ ...review, reviewer_public: false })).toBeNull();
    expect(countedFeel({ ...review, moderation: 'held' })).toBeNull();
    expect(countedFeel(undefined)).toBeNull();
  });

  it('reads a review without answers (older reviews) as none, and a broken one as not counted', () => {
    expect(countedFeel({ rating: 4 })).toEqual(answers([]));
    expect(countedFeel({ moods: ['nonsense'] })).toBeNull();
  });
});

describe('applyFeelChange', () => {
  it('adds, edits and removes exactly', () => {
    const one = applyFeelChange(emptyFeelTotals(), null, answers(['dark', 'tense'], 'fast', ['war']));
    expect(one).toEqual({
      moods_answered: 1,
      moods: { dark: 1, tense: 1 },
      pace_answered: 1,
      pace: { fast: 1 },
      warnings: { war: 1 },
    });
    const edited = applyFeelChange(
      one,
      answers(['dark', 'tense'], 'fast', ['war']),
      answers(['funny'], null, []),
    );
    expect(edited).toEqual({
      moods_answered: 1,
      moods: { funny: 1 },
      pace_answered: 0,
      pace: {},
      warnings: {},
    });
    expect(applyFeelChange(edited, answers(['funny']), null)).toEqual(emptyFeelTotals());
  });

  it('never goes below zero on a drifted count', () => {
    expect(applyFeelChange(emptyFeelTotals(), answers(['dark'], 'slow', ['gore']), null)).toEqual(
      emptyFeelTotals(),
    );
  });

  it('reads broken stored totals as none', () => {
    expect(feelTotalsOf({ moods_answered: -3 })).toEqual(emptyFeelTotals());
    expect(feelTotalsOf(undefined)).toEqual(emptyFeelTotals());
  });
});

describe('feelSummary', () => {
  it('says nothing until enough members answered', () => {
    const few = totalsOf(
      Array.from({ length: FEEL_MIN_ANSWERS - 1 }, () => answers(['dark'], 'fast', ['war'])),
    );
    expect(feelSummary(few)).toEqual({
      moods: null,
      pace: null,
      warnings: [{ warning: 'war', label: 'war', readers: 4 }],
      moodsAnswered: 4,
      paceAnswered: 4,
    });
    expect(feelSummary(totalsOf([answers(['dark'], 'fast', ['war'])]))).toBeNull();
  });

  it('names the leading moods with their shares, the pace and the warnings several readers named', () => {
    const totals = totalsOf([
      answers(['adventurous', 'tense'], 'fast', ['violence']),
      answers(['adventurous'], 'fast', ['violence', 'grief']),
      answers(['adventurous', 'tense'], 'fast'),
      answers(['adventurous', 'funny'], 'medium', ['grief']),
      answers(['dark'], 'fast'),
      answers(['adventurous'], null, ['war']),
    ]);
    const summary = feelSummary(totals)!;
    expect(summary.moods).toEqual([
      { mood: 'adventurous', percent: 83 },
      { mood: 'tense', percent: 33 },
      { mood: 'dark', percent: 17 },
    ]);
    expect(summary.pace).toEqual({ pace: 'fast', mostly: true });
    expect(summary.warnings.map((w) => w.warning)).toEqual(['grief', 'violence']);
    expect(feelSummaryText(summary)).toBe(
      '83 % adventurous, 33 % tense, 17 % dark · mostly fast-paced · warnings: grief, violence',
    );
  });

  it('says "more often" for a pace under half the answers', () => {
    const totals = totalsOf([
      answers([], 'slow'),
      answers([], 'slow'),
      answers([], 'medium'),
      answers([], 'fast'),
      answers([], 'medium'),
      answers([], 'slow'),
      answers([], 'fast'),
    ]);
    expect(feelSummary(totals)?.pace).toEqual({ pace: 'slow', mostly: false });
  });
});
