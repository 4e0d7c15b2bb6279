import { describe, expect, it } from 'vitest';
import {
  INITIAL_SPOTLIGHT_STATE,
  chooseSpotlight,
  fillSpotlightSlots,
  isSpotlightEligible,
  spotlightStateSchema,
  utcDay,
  type SpotlightCandidate,
  type SpotlightState,
} from '../../../../src/domain/home/spotlight.ts';

/** Book `id` of member `user_id`. */
const b = (id: string, user_id = `m-${id}`): SpotlightCandidate => ({ id, user_id });

/** The UTC day `n` days after 2027-01-01. */
const dayN = (n: number): string => utcDay(new Date(Date.UTC(2027, 0, 1 + n)));

interface Run {
  /** The books shown each day, in slot order. */
  days: string[][];
  state: SpotlightState;
}

/** Runs the rotation once a day; `poolOn(n)` is the eligible pool on day n. */
function run(daysCount: number, slots: number, poolOn: (n: number) => SpotlightCandidate[]): Run {
  let state = INITIAL_SPOTLIGHT_STATE;
  const days: string[][] = [];
  for (let n = 0; n < daysCount; n++) {
    const choice = chooseSpotlight({ day: dayN(n), emptySlots: slots, eligible: poolOn(n), state });
    state = spotlightStateSchema.parse(JSON.parse(JSON.stringify(choice.state)));
    days.push(choice.picks);
  }
  return { days, state };
}

/**
 * The fairness rule, checked on the order books were shown in: a book shows again
 * only once every book eligible at that moment has been shown since the cycle began.
 */
function expectNoRepeatBeforeAll(days: string[][], poolOn: (n: number) => SpotlightCandidate[]): void {
  let seen = new Set<string>();
  days.forEach((picks, n) => {
    expect(new Set(picks).size, `day ${n} repeats a book`).toBe(picks.length);
    for (const id of picks) {
      if (seen.has(id)) {
        const missing = poolOn(n).filter((book) => !seen.has(book.id) && !picks.includes(book.id));
        expect(
          missing.map((book) => book.id),
          `day ${n}: ${id} repeats before these were shown`,
        ).toEqual([]);
        seen = new Set();
      }
      seen.add(id);
    }
  });
}

describe('chooseSpotlight: fairness', () => {
  it('over N days with k slots, every book appears once before any repeats', () => {
    const pool = Array.from({ length: 10 }, (_, i) => b(`book-${String(i).padStart(2, '0')}`));
    const { days } = run(20, 3, () => pool);
    // Days 1-3 show nine different books; day 4 shows the tenth before two repeats.
    expect(new Set(days.slice(0, 3).flat()).size).toBe(9);
    const tenth = pool.find((book) => !days.slice(0, 3).flat().includes(book.id))!;
    expect(days[3]![0]).toBe(tenth.id);
    for (const picks of days) expect(picks).toHaveLength(3);
    expectNoRepeatBeforeAll(days, () => pool);
    // Over the 20 days (60 showings of 10 books) every book is shown exactly 6 times.
    const counts = new Map<string, number>();
    for (const id of days.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()]).toEqual(Array(10).fill(6));
  });

  it('shows the least recently shown first in a new cycle, so a book is not shown on two days running', () => {
    const pool = ['a', 'b', 'c', 'd'].map((id) => b(id));
    const { days } = run(6, 2, () => pool);
    expect(days).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['a', 'b'],
      ['c', 'd'],
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('a book that joins mid-cycle is shown in that cycle, before any repeat', () => {
    const base = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => b(id));
    const poolOn = (n: number) => (n >= 1 ? [...base, b('new')] : base);
    const { days } = run(8, 2, poolOn);
    expect(days[0]).toEqual(['a', 'b']);
    // Not shown in this cycle, so it comes before the cycle's first repeat.
    expect(days.slice(1, 4)).toEqual([
      ['c', 'd'],
      ['e', 'f'],
      ['new', 'a'],
    ]);
    expectNoRepeatBeforeAll(days, poolOn);
  });

  it('a book that leaves is no longer shown, and the others keep their turn', () => {
    const all = ['a', 'b', 'c', 'd', 'e'].map((id) => b(id));
    const poolOn = (n: number) => (n >= 1 ? all.filter((book) => book.id !== 'c') : all);
    const { days } = run(6, 2, poolOn);
    expect(days[0]).toEqual(['a', 'b']);
    expect(days.slice(1).flat()).not.toContain('c');
    expect(days[1]).toEqual(['d', 'e']);
    expectNoRepeatBeforeAll(days, poolOn);
  });

  it('a book that leaves and comes back within a cycle is not shown twice in it', () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => b(id));
    const poolOn = (n: number) => (n === 1 ? all.filter((book) => book.id !== 'a') : all);
    const { days } = run(3, 2, poolOn);
    expect(days).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('keeps the rule with random pools, joins, leaves and members with several books', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const universe = Array.from({ length: 25 }, (_, i) => b(`bk${i}`, `member${i % 9}`));
    const pools: SpotlightCandidate[][] = [];
    let current = universe.filter(() => random() < 0.6);
    for (let n = 0; n < 60; n++) {
      if (n % 5 === 4) current = universe.filter((book) => current.includes(book) !== random() < 0.15);
      pools.push(current);
    }
    for (const slots of [1, 3, 5]) {
      const { days } = run(60, slots, (n) => pools[n]!);
      expectNoRepeatBeforeAll(days, (n) => pools[n]!);
      days.forEach((picks, n) => expect(picks).toHaveLength(Math.min(slots, pools[n]!.length)));
    }
  });
});

describe('chooseSpotlight: one book per member a day', () => {
  it('takes one book per member while other members have books left in the cycle', () => {
    const pool = [b('a1', 'ann'), b('a2', 'ann'), b('a3', 'ann'), b('b1', 'bob'), b('c1', 'cy')];
    const first = chooseSpotlight({
      day: dayN(0),
      emptySlots: 3,
      eligible: pool,
      state: INITIAL_SPOTLIGHT_STATE,
    });
    expect(first.picks).toEqual(['a1', 'b1', 'c1']);
  });

  it('shows a second book of one member rather than repeat a book before the cycle ends', () => {
    const pool = [b('a1', 'ann'), b('a2', 'ann'), b('a3', 'ann'), b('b1', 'bob')];
    const { days } = run(2, 2, () => pool);
    expect(days[0]).toEqual(['a1', 'b1']);
    // b1 was shown this cycle; a2 and a3 were not, so both are shown now.
    expect(days[1]).toEqual(['a2', 'a3']);
  });
});

describe('chooseSpotlight: the same day', () => {
  const pool = ['a', 'b', 'c', 'd', 'e'].map((id) => b(id));

  it('gives the same books and writes nothing when run again the same day', () => {
    const first = chooseSpotlight({
      day: dayN(0),
      emptySlots: 2,
      eligible: pool,
      state: INITIAL_SPOTLIGHT_STATE,
    });
    expect(first.changed).toBe(true);
    const again = chooseSpotlight({ day: dayN(0), emptySlots: 2, eligible: pool, state: first.state });
    expect(again).toEqual({ picks: first.picks, state: first.state, changed: false });
  });

  it('tops up when a slot is freed during the day, keeping the books already shown', () => {
    const first = chooseSpotlight({
      day: dayN(0),
      emptySlots: 2,
      eligible: pool,
      state: INITIAL_SPOTLIGHT_STATE,
    });
    const more = chooseSpotlight({ day: dayN(0), emptySlots: 3, eligible: pool, state: first.state });
    expect(more.picks).toEqual(['a', 'b', 'c']);
    expect(more.state.picks).toEqual(['a', 'b', 'c']);
  });

  it('shows fewer when an admin fills a slot, and nothing twice when it is freed again', () => {
    const first = chooseSpotlight({
      day: dayN(0),
      emptySlots: 3,
      eligible: pool,
      state: INITIAL_SPOTLIGHT_STATE,
    });
    const fewer = chooseSpotlight({ day: dayN(0), emptySlots: 2, eligible: pool, state: first.state });
    expect(fewer).toMatchObject({ picks: ['a', 'b'], changed: false });
    const back = chooseSpotlight({ day: dayN(0), emptySlots: 3, eligible: pool, state: fewer.state });
    expect(back.picks).toEqual(['a', 'b', 'c']);
  });

  it('replaces a book that stopped being eligible with one not shown today', () => {
    const first = chooseSpotlight({
      day: dayN(0),
      emptySlots: 2,
      eligible: pool,
      state: INITIAL_SPOTLIGHT_STATE,
    });
    const without = pool.filter((book) => book.id !== 'a');
    const next = chooseSpotlight({ day: dayN(0), emptySlots: 2, eligible: without, state: first.state });
    expect(next.picks).toEqual(['b', 'c']);
  });

  it('never spotlights a book an admin slot shows', () => {
    const choice = chooseSpotlight({
      day: dayN(0),
      emptySlots: 2,
      eligible: pool,
      exclude: ['a'],
      state: INITIAL_SPOTLIGHT_STATE,
    });
    expect(choice.picks).toEqual(['b', 'c']);
    expect(choice.state.cycle).not.toContain('a');
  });

  it('ignores a run for a day before the stored one (a late retry)', () => {
    const first = chooseSpotlight({
      day: dayN(5),
      emptySlots: 2,
      eligible: pool,
      state: INITIAL_SPOTLIGHT_STATE,
    });
    const late = chooseSpotlight({ day: dayN(4), emptySlots: 2, eligible: pool, state: first.state });
    expect(late).toEqual({ picks: first.picks, state: first.state, changed: false });
  });

  it('shows fewer books than slots when the pool is small, and nothing with no slot', () => {
    expect(
      chooseSpotlight({ day: dayN(0), emptySlots: 4, eligible: [b('x')], state: INITIAL_SPOTLIGHT_STATE })
        .picks,
    ).toEqual(['x']);
    expect(
      chooseSpotlight({ day: dayN(0), emptySlots: 0, eligible: pool, state: INITIAL_SPOTLIGHT_STATE }),
    ).toEqual({ picks: [], state: INITIAL_SPOTLIGHT_STATE, changed: false });
  });
});

describe('fillSpotlightSlots', () => {
  const book = (id: string) => ({ id });

  it('leaves admin-filled slots untouched and fills only the empty ones, in order', () => {
    const admin = [book('x'), null, book('y'), null, null];
    expect(fillSpotlightSlots(admin, [book('s1'), book('s2')])).toEqual([
      { book: book('x'), spotlight: false },
      { book: book('s1'), spotlight: true },
      { book: book('y'), spotlight: false },
      { book: book('s2'), spotlight: true },
      null,
    ]);
  });

  it('skips a Spotlight book an admin slot already shows', () => {
    expect(fillSpotlightSlots([book('x'), null], [book('x'), book('s')])).toEqual([
      { book: book('x'), spotlight: false },
      { book: book('s'), spotlight: true },
    ]);
  });
});

describe('isSpotlightEligible', () => {
  const owner = { subscription_status: 'premium', is_active: true, approval_status: 'approved' };
  it('takes public books of active, approved Premium members only', () => {
    expect(isSpotlightEligible({ book: { is_public: true }, owner })).toBe(true);
    expect(isSpotlightEligible({ book: { is_public: false }, owner })).toBe(false);
    expect(
      isSpotlightEligible({ book: { is_public: true }, owner: { ...owner, subscription_status: 'free' } }),
    ).toBe(false);
    expect(isSpotlightEligible({ book: { is_public: true }, owner: { ...owner, is_active: false } })).toBe(
      false,
    );
    expect(
      isSpotlightEligible({ book: { is_public: true }, owner: { ...owner, approval_status: 'pending' } }),
    ).toBe(false);
    expect(isSpotlightEligible({ book: { is_public: true }, owner: null })).toBe(false);
  });
});

describe('utcDay', () => {
  it('turns at midnight UTC', () => {
    expect(utcDay(new Date('2027-03-01T23:59:59Z'))).toBe('2027-03-01');
    expect(utcDay(new Date('2027-03-02T00:00:00Z'))).toBe('2027-03-02');
  });
});
