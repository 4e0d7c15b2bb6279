// Early access: the switches' schema (known features only, three positions, missing
// ones at the default), the stored map as the guards read it, and who may use a
// feature in each position.
import { describe, expect, it } from 'vitest';
import {
  ALL_FEATURES_OFF,
  DEFAULT_EARLY_ACCESS,
  EARLY_ACCESS_FEATURES,
  FEATURE_POSITIONS,
  SHIPPED_FEATURES,
  canUseFeature,
  earlyAccessOf,
  earlyAccessSettingsSchema,
  type FeaturePosition,
  type FeatureViewer,
} from '../../../src/domain/billing/early-access.ts';
import { adminSiteSettingsRequestSchema } from '../../../src/domain/admin/admin-site-settings.ts';

describe('earlyAccessSettingsSchema', () => {
  it('fills every missing switch with "everyone"', () => {
    expect(earlyAccessSettingsSchema.parse({})).toEqual({
      search: 'everyone',
      follows: 'everyone',
      reviews: 'everyone',
    });
    expect(earlyAccessSettingsSchema.parse({ follows: 'premium' })).toEqual({
      search: 'everyone',
      follows: 'premium',
      reviews: 'everyone',
    });
    expect(DEFAULT_EARLY_ACCESS).toEqual(earlyAccessSettingsSchema.parse({}));
  });

  it('refuses an unknown feature and an unknown position', () => {
    expect(earlyAccessSettingsSchema.safeParse({ chat: 'everyone' }).success).toBe(false);
    expect(earlyAccessSettingsSchema.safeParse({ search: 'members' }).success).toBe(false);
    expect(earlyAccessSettingsSchema.safeParse({ search: true }).success).toBe(false);
    expect(earlyAccessSettingsSchema.safeParse([]).success).toBe(false);
  });

  it('is what a Site Settings save carries, and nothing else rides along', () => {
    const save = (early_access: unknown) =>
      adminSiteSettingsRequestSchema.safeParse({ action: 'save-settings', settings: { early_access } });
    expect(save({ reviews: 'off' }).success).toBe(true);
    expect(save({ reviews: 'hidden' }).success).toBe(false);
    expect(save({ admin: 'everyone' }).success).toBe(false);
  });

  it('knows wave 3’s features, of which follows and reviews have shipped', () => {
    expect([...EARLY_ACCESS_FEATURES]).toEqual(['search', 'follows', 'reviews']);
    expect([...FEATURE_POSITIONS]).toEqual(['off', 'premium', 'everyone']);
    expect(SHIPPED_FEATURES).toEqual(['search', 'follows', 'reviews']);
  });
});

describe('earlyAccessOf (the stored field as the guards read it)', () => {
  it('reads nothing stored as every feature open to everyone', () => {
    expect(earlyAccessOf(undefined)).toEqual({ settings: DEFAULT_EARLY_ACCESS, malformed: false });
    expect(earlyAccessOf(null)).toEqual({ settings: DEFAULT_EARLY_ACCESS, malformed: false });
  });

  it('reads a stored map with the missing switches at the default', () => {
    expect(earlyAccessOf({ search: 'premium' }).settings).toEqual({
      ...DEFAULT_EARLY_ACCESS,
      search: 'premium',
    });
  });

  it('reads a malformed map as every feature off, so a broken switch opens nothing', () => {
    expect(earlyAccessOf({ search: 'premum' })).toEqual({ settings: ALL_FEATURES_OFF, malformed: true });
    expect(earlyAccessOf('everyone').malformed).toBe(true);
    expect(Object.values(ALL_FEATURES_OFF)).toEqual(['off', 'off', 'off']);
  });
});

describe('canUseFeature', () => {
  const premium: FeatureViewer = { plan: 'premium' };
  const free: FeatureViewer = { plan: 'free' };
  const cases: [FeaturePosition, string, FeatureViewer | null, boolean][] = [
    ['everyone', 'a visitor', null, true],
    ['everyone', 'a Free member', free, true],
    ['everyone', 'a Premium member', premium, true],
    ['premium', 'a visitor', null, false],
    ['premium', 'a Free member', free, false],
    ['premium', 'a Premium member', premium, true],
    ['off', 'a visitor', null, false],
    ['off', 'a Free member', free, false],
    ['off', 'a Premium member', premium, false],
  ];
  it.each(cases)('on "%s", %s may use it: %s', (position, _who, viewer, allowed) => {
    for (const feature of EARLY_ACCESS_FEATURES) {
      const settings = { ...DEFAULT_EARLY_ACCESS, [feature]: position };
      expect(canUseFeature(settings, feature, viewer)).toBe(allowed);
    }
  });

  it('decides each feature by its own switch', () => {
    const settings = { search: 'off', follows: 'premium', reviews: 'everyone' } as const;
    expect(canUseFeature(settings, 'search', premium)).toBe(false);
    expect(canUseFeature(settings, 'follows', premium)).toBe(true);
    expect(canUseFeature(settings, 'follows', free)).toBe(false);
    expect(canUseFeature(settings, 'reviews', null)).toBe(true);
  });

  it('treats a missing switch (or none stored) as "everyone"', () => {
    expect(canUseFeature({}, 'reviews', null)).toBe(true);
    expect(canUseFeature(null, 'search', null)).toBe(true);
  });
});
