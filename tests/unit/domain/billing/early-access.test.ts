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
  FEATURE_LABELS,
  FEATURE_PREREQUISITES,
  canUseFeature,
  featureShownOnSharedPages,
  earlyAccessOf,
  earlyAccessSettingsSchema,
  type FeaturePosition,
  type FeatureViewer,
} from '../../../../src/domain/billing/early-access.ts';
import { adminSiteSettingsRequestSchema } from '../../../../src/domain/admin/admin-site-settings.ts';

/** Wave 4's features, which came after the first three switches. */
const WAVE_4_FEATURES = [
  'author_updates',
  'custom_shelves',
  'reading_journal',
  'reading_import',
  'reading_export',
  'series',
  'preorders',
] as const;

describe('earlyAccessSettingsSchema', () => {
  it('fills every missing switch with "everyone"', () => {
    const everyone = Object.fromEntries(EARLY_ACCESS_FEATURES.map((feature) => [feature, 'everyone']));
    expect(earlyAccessSettingsSchema.parse({})).toEqual(everyone);
    expect(earlyAccessSettingsSchema.parse({ follows: 'premium' })).toEqual({
      ...everyone,
      follows: 'premium',
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

  it('knows wave 3’s and wave 4’s features, all shipped', () => {
    expect([...EARLY_ACCESS_FEATURES]).toEqual(['search', 'follows', 'reviews', ...WAVE_4_FEATURES]);
    expect([...FEATURE_POSITIONS]).toEqual(['off', 'premium', 'everyone']);
    expect(SHIPPED_FEATURES).toEqual(EARLY_ACCESS_FEATURES);
  });

  it('takes each wave-4 switch in a save, and gives each a label', () => {
    for (const feature of EARLY_ACCESS_FEATURES) {
      expect(earlyAccessSettingsSchema.parse({ [feature]: 'off' })[feature]).toBe('off');
      expect(FEATURE_LABELS[feature]).toMatch(/\S/);
    }
  });
});

describe('earlyAccessOf (the stored field as the guards read it)', () => {
  it('reads nothing stored as every feature open to everyone', () => {
    expect(earlyAccessOf(undefined)).toEqual({ settings: DEFAULT_EARLY_ACCESS, malformed: false });
    expect(earlyAccessOf(null)).toEqual({ settings: DEFAULT_EARLY_ACCESS, malformed: false });
  });

  it('reads a map stored before wave 4’s switches existed as those features open to everyone (as they were)', () => {
    const { settings, malformed } = earlyAccessOf({
      search: 'everyone',
      follows: 'premium',
      reviews: 'everyone',
    });
    expect(malformed).toBe(false);
    for (const feature of WAVE_4_FEATURES) {
      expect(settings[feature]).toBe('everyone');
      expect(canUseFeature(settings, feature, null)).toBe(true);
    }
  });

  it('reads a malformed wave-4 switch as every feature off, like any other', () => {
    expect(earlyAccessOf({ series: 'on' })).toEqual({ settings: ALL_FEATURES_OFF, malformed: true });
    expect(earlyAccessOf({ preorders: null }).malformed).toBe(true);
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
    expect(Object.values(ALL_FEATURES_OFF)).toEqual(EARLY_ACCESS_FEATURES.map(() => 'off'));
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
      // Everything else open, so a prerequisite does not decide for it.
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

  it('holds custom shelves, the journal and the import to the reviews switch as well as their own', () => {
    for (const feature of ['custom_shelves', 'reading_journal', 'reading_import'] as const) {
      expect(FEATURE_PREREQUISITES[feature]).toEqual(['reviews']);
      const reviewsOff = { ...DEFAULT_EARLY_ACCESS, reviews: 'off' } as const;
      expect(canUseFeature(reviewsOff, feature, premium)).toBe(false);
      expect(featureShownOnSharedPages(reviewsOff, feature)).toBe(false);
      const reviewsPremium = { ...DEFAULT_EARLY_ACCESS, reviews: 'premium' } as const;
      expect(canUseFeature(reviewsPremium, feature, free)).toBe(false);
      expect(canUseFeature(reviewsPremium, feature, premium)).toBe(true);
      expect(featureShownOnSharedPages(reviewsPremium, feature)).toBe(true);
      const ownOff = { ...DEFAULT_EARLY_ACCESS, [feature]: 'off' } as const;
      expect(canUseFeature(ownOff, feature, premium)).toBe(false);
      expect(canUseFeature(ownOff, 'reviews', premium)).toBe(true);
    }
    for (const feature of ['author_updates', 'reading_export', 'series', 'preorders'] as const) {
      expect(FEATURE_PREREQUISITES[feature]).toBeUndefined();
      expect(canUseFeature({ ...DEFAULT_EARLY_ACCESS, reviews: 'off' }, feature, free)).toBe(true);
    }
  });

  it('treats a missing switch (or none stored) as "everyone"', () => {
    expect(canUseFeature({}, 'reviews', null)).toBe(true);
    expect(canUseFeature(null, 'search', null)).toBe(true);
  });
});
