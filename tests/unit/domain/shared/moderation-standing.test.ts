import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODERATION_HOLD_DAYS,
  adSaveChange,
  decideHeldSave,
  isStandingKind,
  moderationHoldDaysOf,
  standingHoldsUntil,
  standingId,
} from '../../../../src/domain/shared/moderation-standing.ts';
import { isItemPublic, isItemShown } from '../../../../src/domain/accounts/visibility.ts';
import { isUpdateMailable, isUpdateShown } from '../../../../src/domain/updates/author-update-page.ts';
import { updateReach, updateReachText } from '../../../../src/domain/updates/author-update.ts';

const DAY = 24 * 3600 * 1000;
const decidedAt = new Date('2027-03-01T10:00:00Z');
const decision = {
  user_id: 'u1',
  kind: 'ad',
  item_id: 'ad1',
  decision: 'hidden',
  decided_by: 'admin',
  decided_at: decidedAt,
};

describe('the period a standing decision holds', () => {
  it('is 30 days unless Site Settings say otherwise, read leniently', () => {
    expect(moderationHoldDaysOf(undefined)).toBe(DEFAULT_MODERATION_HOLD_DAYS);
    expect(DEFAULT_MODERATION_HOLD_DAYS).toBe(30);
    expect(moderationHoldDaysOf(7)).toBe(7);
    for (const typo of [0, -3, 2.5, 366, '7', null, {}]) expect(moderationHoldDaysOf(typo)).toBe(30);
  });

  it('holds from the decision until its period has passed, then not', () => {
    expect(standingHoldsUntil(decision, 30, new Date(decidedAt.getTime() + DAY))).toEqual(
      new Date(decidedAt.getTime() + 30 * DAY),
    );
    expect(standingHoldsUntil(decision, 30, new Date(decidedAt.getTime() + 30 * DAY))).toBeNull();
    expect(standingHoldsUntil(decision, 7, new Date(decidedAt.getTime() + 8 * DAY))).toBeNull();
    expect(standingHoldsUntil(undefined, 30, decidedAt)).toBeNull();
  });

  it('a stored decision without a readable date holds a whole period from now (closed, not open)', () => {
    const now = new Date('2027-04-01T00:00:00Z');
    expect(standingHoldsUntil({ user_id: 'u1' }, 30, now)).toEqual(new Date(now.getTime() + 30 * DAY));
  });

  it('is one document per member and kind, for updates and ads only', () => {
    expect(standingId('u1', 'update')).toBe('u1__update');
    expect(isStandingKind('ad')).toBe(true);
    expect(isStandingKind('update')).toBe(true);
    for (const kind of ['review', 'book', 'product', 'profile', 'post'])
      expect(isStandingKind(kind)).toBe(false);
  });
});

describe('decideHeldSave', () => {
  const until = new Date('2027-03-31T10:00:00Z');
  it('holds a new item, and an edit that changes one, while a decision holds', () => {
    expect(decideHeldSave(until, 'new', false)).toEqual({ moderation_held: true, held_until: until });
    expect(decideHeldSave(until, 'edited', false)).toEqual({ moderation_held: true, held_until: until });
    expect(decideHeldSave(until, 'edited', true)).toEqual({ moderation_held: true, held_until: until });
  });
  it('an unchanged save keeps what it was while the decision holds', () => {
    expect(decideHeldSave(until, 'unchanged', true)).toEqual({ moderation_held: true, held_until: until });
    expect(decideHeldSave(until, 'unchanged', false)).toEqual({ moderation_held: false, held_until: null });
  });
  it('holds nothing once no decision holds, a held item saved again included', () => {
    for (const change of ['new', 'edited', 'unchanged'] as const)
      for (const wasHeld of [true, false])
        expect(decideHeldSave(null, change, wasHeld)).toEqual({ moderation_held: false, held_until: null });
  });
});

describe('adSaveChange', () => {
  const ad = {
    title: 'Signed copy',
    description: 'A signed first edition.',
    price: 10,
    tags: ['a'],
    views_count: 3,
  };
  it('a new ad is new; an edit of any field buyers read (the contact details too) is an edit', () => {
    expect(adSaveChange(null, ad, null, 'me@example.com')).toBe('new');
    expect(adSaveChange(ad, { ...ad, description: 'Something else entirely.' }, null, null)).toBe('edited');
    expect(adSaveChange(ad, { ...ad, tags: ['b'] }, null, null)).toBe('edited');
    expect(adSaveChange(ad, ad, 'old@example.com', 'new@example.com')).toBe('edited');
  });
  it('a save that changes nothing buyers read is unchanged (counters and switches are not the seller’s text)', () => {
    expect(adSaveChange(ad, { ...ad, views_count: 9, is_active: false }, 'x', 'x')).toBe('unchanged');
    expect(
      adSaveChange({ ...ad, subcategory: undefined }, { ...ad, subcategory: null }, null, undefined),
    ).toBe('unchanged');
  });
});

describe('the visibility rule and held items', () => {
  const owner = { is_active: true, approval_status: 'approved' as const };
  it('a held ad is not shown, nor public, whatever else holds', () => {
    expect(isItemShown({ is_active: true, moderation_held: true })).toBe(false);
    expect(isItemPublic({ is_active: true, moderation_held: true }, owner)).toBe(false);
    expect(isItemPublic({ is_active: true, moderation_held: false }, owner)).toBe(true);
    expect(isItemPublic({ is_active: true }, owner)).toBe(true);
  });
  it('a held update is neither shown nor mailed', () => {
    const update = { moderation_hidden: false, title: 'News', body: 'Words.' };
    expect(isUpdateShown({ ...update, moderation_held: true })).toBe(false);
    expect(isUpdateMailable({ ...update, moderation_held: true })).toBe(false);
    expect(isUpdateMailable(update)).toBe(true);
  });
  it('the author’s own list says a held update waits for a moderator', () => {
    const reach = updateReach({
      id: 'u1',
      title: 'News',
      postedAt: new Date('2027-03-01T10:00:00Z'),
      marker: null,
      sent: 0,
      delayMs: 0,
      now: new Date('2027-03-05T10:00:00Z'),
      held: true,
    });
    expect(reach.state).toBe('held');
    expect(updateReachText(reach, String)).toMatch(/Waiting for a moderator/);
  });
});
