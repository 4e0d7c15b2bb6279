/**
 * Early access: every new feature ships behind a switch in Site Settings with three
 * positions. While a switch is on 'premium', only Premium members see and use the
 * feature, on the server as well as in the page; 'off' hides it from everyone,
 * 'everyone' (the default) from no one.
 *
 * How a feature registers itself: its id goes into EARLY_ACCESS_FEATURES (so the
 * settings map, the rules and the tests know it), and, once it is live, into
 * SHIPPED_FEATURES (so the admin's Site Settings show its switch); every callable of
 * the feature calls `requireFeature` (functions/src/billing/early-access.ts) and every page
 * or endpoint `canViewerUseFeature` (src/data/server/billing/early-access.ts) before
 * showing or doing anything.
 */
import { z } from 'zod';
import type { SubscriptionStatus } from '../accounts/profile.ts';

/**
 * Every feature that has (or will have) a switch: wave 3's search, follows and
 * reviews; wave 4's author updates, custom shelves, the reading journal (progress,
 * read-throughs' dates and yearly goals), the import and export of a reading
 * history, series pages and preorders. A site that stored its switches before a
 * feature joined has no key for it, which reads as the default ('everyone'), so
 * the feature stays as it was.
 */
export const EARLY_ACCESS_FEATURES = [
  'search',
  'follows',
  'reviews',
  'author_updates',
  'custom_shelves',
  'reading_journal',
  'reading_import',
  'reading_export',
  'series',
  'preorders',
] as const;
/** A feature behind a switch. */
export type EarlyAccessFeature = (typeof EARLY_ACCESS_FEATURES)[number];

/**
 * The features that exist today, whose switches the admin sees. A switch that
 * controls nothing is not shown, so a feature joins this list in the change that
 * ships it. Shipped: search (the /search page, its suggestions and the header's
 * search box), follows (following, new-book alerts, the weekly digest), reviews
 * (ratings, reviews and the standard shelves on book and profile pages), and every
 * wave-4 feature (see EARLY_ACCESS_FEATURES; what each one's switch hides and which
 * removals stay open is in docs/notes/billing.md, "Early access").
 */
export const SHIPPED_FEATURES: readonly EarlyAccessFeature[] = EARLY_ACCESS_FEATURES;

/**
 * A feature built on another's data needs both switches: custom shelves, the
 * reading journal and the import keep books on the shelves, which are the reviews
 * feature's, so with reviews off (or Premium only) they follow it as they did when
 * they rode on its switch, and their own switch can only narrow them further.
 */
export const FEATURE_PREREQUISITES: Readonly<
  Partial<Record<EarlyAccessFeature, readonly EarlyAccessFeature[]>>
> = {
  custom_shelves: ['reviews'],
  reading_journal: ['reviews'],
  reading_import: ['reviews'],
};

/** The three positions of a switch: nobody, Premium members only, or everyone. */
export const FEATURE_POSITIONS = ['off', 'premium', 'everyone'] as const;
/** A switch position. */
export type FeaturePosition = (typeof FEATURE_POSITIONS)[number];
/** A feature with no stored position is open to everyone. */
export const DEFAULT_FEATURE_POSITION: FeaturePosition = 'everyone';

/** What the admin reads beside each position. */
export const FEATURE_POSITION_LABELS: Readonly<Record<FeaturePosition, string>> = {
  off: 'Off',
  premium: 'Premium members',
  everyone: 'Everyone',
};

/** What the admin reads as each feature's name. */
export const FEATURE_LABELS: Readonly<Record<EarlyAccessFeature, string>> = {
  search: 'Search',
  follows: 'Follows',
  reviews: 'Reviews',
  author_updates: 'Author updates',
  custom_shelves: 'Custom shelves',
  reading_journal: 'Reading progress and goals',
  reading_import: 'Import a reading history',
  reading_export: 'Export my reading',
  series: 'Series pages',
  preorders: 'Preorders',
};

/** One switch's position. */
export const featurePositionSchema = z.enum(FEATURE_POSITIONS, {
  message: 'Choose Off, Premium members or Everyone',
});

/**
 * The switches, site_settings/main `early_access`: feature → position. A key that is
 * not a known feature is refused; a missing one reads as the default.
 */
export const earlyAccessSettingsSchema = z.strictObject(
  Object.fromEntries(
    EARLY_ACCESS_FEATURES.map((feature) => [
      feature,
      featurePositionSchema.default(DEFAULT_FEATURE_POSITION),
    ]),
  ) as Record<EarlyAccessFeature, z.ZodDefault<typeof featurePositionSchema>>,
);
/** Every switch with its position (missing ones filled in with the default). */
export type EarlyAccessSettings = z.output<typeof earlyAccessSettingsSchema>;
/** The switches as stored or sent (any may be missing). */
export type EarlyAccessSettingsInput = z.input<typeof earlyAccessSettingsSchema>;

/** Every switch at the default position: what a site with nothing stored has. */
export const DEFAULT_EARLY_ACCESS: EarlyAccessSettings = earlyAccessSettingsSchema.parse({});

/** Every switch at 'off': what a malformed stored map reads as. */
export const ALL_FEATURES_OFF: EarlyAccessSettings = earlyAccessSettingsSchema.parse(
  Object.fromEntries(EARLY_ACCESS_FEATURES.map((feature) => [feature, 'off'])),
);

/**
 * The switches from the stored `early_access` field alone (not the whole settings
 * document, so a broken menu item cannot change them): a missing map is every
 * feature at the default; a malformed one is every feature off, because a broken
 * switch must not open a Premium-only feature to everyone. The rules and the
 * schema refuse a malformed map, so this is the last guard, not a path.
 */
export function earlyAccessOf(stored: unknown): { settings: EarlyAccessSettings; malformed: boolean } {
  if (stored === undefined || stored === null) return { settings: DEFAULT_EARLY_ACCESS, malformed: false };
  const parsed = earlyAccessSettingsSchema.safeParse(stored);
  return parsed.success
    ? { settings: parsed.data, malformed: false }
    : { settings: ALL_FEATURES_OFF, malformed: true };
}

/** Who is asking: a signed-in member with the plan `planOf` decided, or null for a visitor. */
export interface FeatureViewer {
  /** The member's plan ('premium' while paid or granted). */
  plan: SubscriptionStatus;
}

/** The position of `feature`'s switch; a missing one is the default. */
export function featurePosition(
  settings: EarlyAccessSettingsInput | null | undefined,
  feature: EarlyAccessFeature,
): FeaturePosition {
  return settings?.[feature] ?? DEFAULT_FEATURE_POSITION;
}

/**
 * True when `viewer` may see and use `feature`: always on 'everyone', only Premium
 * members on 'premium', nobody on 'off'; and the same holds for each of its
 * FEATURE_PREREQUISITES.
 */
export function canUseFeature(
  settings: EarlyAccessSettingsInput | null | undefined,
  feature: EarlyAccessFeature,
  viewer: FeatureViewer | null,
): boolean {
  return [feature, ...(FEATURE_PREREQUISITES[feature] ?? [])].every((each) =>
    positionAllows(featurePosition(settings, each), viewer),
  );
}

/** Whether one switch's position lets `viewer` in. */
function positionAllows(position: FeaturePosition, viewer: FeatureViewer | null): boolean {
  switch (position) {
    case 'everyone':
      return true;
    case 'premium':
      return viewer?.plan === 'premium';
    case 'off':
      return false;
  }
}

/** The refusal a callable answers for a feature the caller may not use. */
export const FEATURE_UNAVAILABLE_MESSAGE = 'This feature is not available to you yet.';

/**
 * True when a page the same for every viewer (CDN-cached or pre-rendered) shows
 * `feature` at all: unless its switch is 'off'. Such a page cannot know its
 * viewer, so on 'premium' it shows the feature and the callables behind its
 * controls refuse whoever may not use it.
 */
export function featureShownOnSharedPages(
  settings: EarlyAccessSettingsInput | null | undefined,
  feature: EarlyAccessFeature,
): boolean {
  return [feature, ...(FEATURE_PREREQUISITES[feature] ?? [])].every(
    (each) => featurePosition(settings, each) !== 'off',
  );
}
