/**
 * How a book feels, as its reviews say (the reviews area writes it; the book carries it): a review may add moods (from a fixed list),
 * a pace, content warnings (from a list, with a free-text note) and a part marked as a
 * spoiler, shown only when a reader opens it.
 *
 * The book keeps the community's counts in `feel_totals`, changed by the same
 * transaction that writes the review (as its rating totals are), so they are exact under
 * concurrent saves; a review counts only while it is shown (countedRating's rule). The
 * book page shows the breakdown once FEEL_MIN_ANSWERS members answered, so three
 * readers cannot label a book for everyone.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';

/** The moods a review may pick. */
export const MOODS = [
  'adventurous',
  'dark',
  'emotional',
  'funny',
  'hopeful',
  'informative',
  'inspiring',
  'lighthearted',
  'mysterious',
  'reflective',
  'relaxing',
  'sad',
  'tense',
] as const;
export type Mood = (typeof MOODS)[number];

/** The paces a review may pick. */
export const PACES = ['slow', 'medium', 'fast'] as const;
export type Pace = (typeof PACES)[number];

/** The content warnings a review may name, with the words the pages show. */
export const CONTENT_WARNINGS = {
  'animal-death': 'animal death',
  'child-abuse': 'child abuse',
  death: 'death',
  'domestic-abuse': 'domestic abuse',
  'drug-use': 'drug use',
  'eating-disorder': 'eating disorder',
  gore: 'gore',
  grief: 'grief',
  racism: 'racism',
  'self-harm': 'self-harm',
  'sexual-assault': 'sexual assault',
  'sexual-content': 'sexual content',
  suicide: 'suicide',
  violence: 'violence',
  war: 'war',
} as const;
export type ContentWarning = keyof typeof CONTENT_WARNINGS;
export const CONTENT_WARNING_IDS = Object.keys(CONTENT_WARNINGS) as [ContentWarning, ...ContentWarning[]];

/** Longest note on the warnings ('mentions of…'). */
export const WARNING_NOTE_MAX = TEXT_LIMITS.short;
/** Longest spoiler part: as long as the review itself. */
export const SPOILER_MAX = TEXT_LIMITS.medium;
/** Members who must have answered (moods, or pace) before the book page shows that breakdown. */
export const FEEL_MIN_ANSWERS = 5;
/** Most moods the breakdown names, and the share below which a mood is not named. */
export const FEEL_MOODS_SHOWN = 3;
export const FEEL_MOOD_MIN_SHARE = 0.1;
/** Readers who must name a warning before the book page lists it. */
export const FEEL_WARNING_MIN_READERS = 2;

export const FEEL_MESSAGES = {
  noteTooLong: `The note on content warnings must be ${WARNING_NOTE_MAX.toLocaleString('en-US')} characters or less.`,
  spoilerTooLong: `The spoiler must be ${SPOILER_MAX.toLocaleString('en-US')} characters or less.`,
} as const;

/** A list of distinct picks from `options` (repeats dropped, order of the list kept). */
function picks<const T extends readonly [string, ...string[]]>(options: T) {
  return z
    .array(z.enum(options))
    .max(options.length)
    .transform((list) => options.filter((option) => list.includes(option)) as T[number][]);
}

/** What a review says about how the book feels, as the form sends it. */
export const reviewFeelSchema = z.object({
  moods: picks(MOODS).default([]),
  pace: z.enum(PACES).nullable().default(null),
  warnings: picks(CONTENT_WARNING_IDS).default([]),
  warning_note: z.string().trim().max(WARNING_NOTE_MAX, FEEL_MESSAGES.noteTooLong).default(''),
  spoiler: z.string().trim().max(SPOILER_MAX, FEEL_MESSAGES.spoilerTooLong).default(''),
});
export type ReviewFeel = z.output<typeof reviewFeelSchema>;

/** The community's counts on a book (`feel_totals`). */
export const feelTotalsSchema = z.object({
  /** Counted reviews that picked at least one mood. */
  moods_answered: z.number().int().min(0).default(0),
  moods: z.partialRecord(z.enum(MOODS), z.number().int().min(0)).default({}),
  /** Counted reviews that picked a pace. */
  pace_answered: z.number().int().min(0).default(0),
  pace: z.partialRecord(z.enum(PACES), z.number().int().min(0)).default({}),
  warnings: z.partialRecord(z.enum(CONTENT_WARNING_IDS), z.number().int().min(0)).default({}),
});
export type FeelTotals = z.output<typeof feelTotalsSchema>;

/** No answers yet. */
export function emptyFeelTotals(): FeelTotals {
  return { moods_answered: 0, moods: {}, pace_answered: 0, pace: {}, warnings: {} };
}

/** The field as a book schema reads it: a broken value reads as no answers, never as a broken book. */
export const feelTotalsField = z
  .unknown()
  .optional()
  .transform((value) => feelTotalsOf(value));

/** The stored totals of a book, or none counted for a missing or broken field (the next recount repairs it). */
export function feelTotalsOf(value: unknown): FeelTotals {
  const parsed = feelTotalsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : emptyFeelTotals();
}

/** What a stored review adds to its book's feel: its answers while it is shown, else nothing (as countedRating). */
export function countedFeel(
  review: Record<string, unknown> | undefined,
): Pick<ReviewFeel, 'moods' | 'pace' | 'warnings'> | null {
  if (!review || review.reviewer_public === false || review.moderation === 'held') return null;
  const parsed = reviewFeelSchema.pick({ moods: true, pace: true, warnings: true }).safeParse({
    moods: Array.isArray(review.moods) ? review.moods : [],
    pace: typeof review.pace === 'string' ? review.pace : null,
    warnings: Array.isArray(review.warnings) ? review.warnings : [],
  });
  return parsed.success ? parsed.data : null;
}

function bump<K extends string>(counts: Partial<Record<K, number>>, keys: readonly K[], by: number) {
  const next = { ...counts };
  for (const key of keys) {
    const value = Math.max(0, (next[key] ?? 0) + by);
    if (value === 0) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * The totals after one review's counted answers changed from `before` to `after` (null:
 * none), never below zero: applied in the transaction that writes the review.
 */
export function applyFeelChange(
  totals: FeelTotals,
  before: Pick<ReviewFeel, 'moods' | 'pace' | 'warnings'> | null,
  after: Pick<ReviewFeel, 'moods' | 'pace' | 'warnings'> | null,
): FeelTotals {
  let next = totals;
  for (const [feel, by] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (feel === null) continue;
    next = {
      moods_answered: Math.max(0, next.moods_answered + (feel.moods.length > 0 ? by : 0)),
      moods: bump(next.moods, feel.moods, by),
      pace_answered: Math.max(0, next.pace_answered + (feel.pace !== null ? by : 0)),
      pace: bump(next.pace, feel.pace !== null ? [feel.pace] : [], by),
      warnings: bump(next.warnings, feel.warnings, by),
    };
  }
  return next;
}

/** The book page's breakdown: what to say, or null for a part too few members answered. */
export interface FeelSummary {
  /** '62 % adventurous, 40 % tense', with each mood's share. */
  moods: { mood: Mood; percent: number }[] | null;
  /** The pace most answers gave, and whether it is 'mostly' (half or more) or just the most given. */
  pace: { pace: Pace; mostly: boolean } | null;
  /** Warnings at least FEEL_WARNING_MIN_READERS members named, most named first. */
  warnings: { warning: ContentWarning; label: string; readers: number }[];
  /** How many members answered moods and pace. */
  moodsAnswered: number;
  paceAnswered: number;
}

/** The breakdown the book page shows (see FeelSummary), or null when nothing is to be shown. */
export function feelSummary(totals: FeelTotals): FeelSummary | null {
  const moods =
    totals.moods_answered >= FEEL_MIN_ANSWERS
      ? MOODS.map((mood) => ({ mood, count: totals.moods[mood] ?? 0 }))
          .filter(({ count }) => count / totals.moods_answered >= FEEL_MOOD_MIN_SHARE)
          .sort((a, b) => b.count - a.count || MOODS.indexOf(a.mood) - MOODS.indexOf(b.mood))
          .slice(0, FEEL_MOODS_SHOWN)
          .map(({ mood, count }) => ({ mood, percent: Math.round((count / totals.moods_answered) * 100) }))
      : null;
  let pace: FeelSummary['pace'] = null;
  if (totals.pace_answered >= FEEL_MIN_ANSWERS) {
    const [top] = PACES.map((p) => ({ pace: p, count: totals.pace[p] ?? 0 })).sort(
      (a, b) => b.count - a.count,
    );
    if (top && top.count > 0) pace = { pace: top.pace, mostly: top.count * 2 >= totals.pace_answered };
  }
  const warnings = CONTENT_WARNING_IDS.map((warning) => ({
    warning,
    label: CONTENT_WARNINGS[warning],
    readers: totals.warnings[warning] ?? 0,
  }))
    .filter(({ readers }) => readers >= FEEL_WARNING_MIN_READERS)
    .sort((a, b) => b.readers - a.readers);
  if (moods === null && pace === null && warnings.length === 0) return null;
  return {
    moods: moods && moods.length > 0 ? moods : null,
    pace,
    warnings,
    moodsAnswered: totals.moods_answered,
    paceAnswered: totals.pace_answered,
  };
}

/** The breakdown in one line: '62 % adventurous, 40 % tense · mostly fast-paced · warnings: violence, grief'. */
export function feelSummaryText(summary: FeelSummary): string {
  const parts: string[] = [];
  if (summary.moods) parts.push(summary.moods.map(({ mood, percent }) => `${percent} % ${mood}`).join(', '));
  if (summary.pace) parts.push(`${summary.pace.mostly ? 'mostly' : 'more often'} ${summary.pace.pace}-paced`);
  if (summary.warnings.length > 0) parts.push(`warnings: ${summary.warnings.map((w) => w.label).join(', ')}`);
  return parts.join(' · ');
}
