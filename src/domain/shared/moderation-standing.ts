/**
 * A moderator's standing decision about a member, for author updates and
 * classified ads: the hide of one of them outlives the item, as review_decisions
 * do for reviews. When a moderator hides an update or an ad (adminModeration),
 * `moderation_standing/{uid}__{kind}` is written in the hide's transaction; while
 * it stands (Site Settings' `moderation_hold_days` after the decision, 30 by
 * default), the member's next updates and ads, and every edit of an ad's fields,
 * are saved held (`moderation_held: true`, `held_until`): off every page, the
 * market, search and mail (the visibility rule, src/domain/accounts/visibility.ts),
 * until a moderator releases or rejects them (adminHeldItems) or `held_until`
 * passes (releaseExpiredHolds). Deleting the hidden item and posting it again
 * only lands in the queue. Restoring the hidden item lifts the decision; a
 * rejection renews it. Server-only: no client reads or writes it.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

/** moderation_standing/{uid}__{kind}: the standing decisions (server only). */
export const MODERATION_STANDING = 'moderation_standing';

/** The kinds of item a standing decision holds: an author update, a classified ad. */
export const STANDING_KINDS = ['update', 'ad'] as const;
/** A kind a standing decision holds. */
export type StandingKind = (typeof STANDING_KINDS)[number];

/** True for a report item kind that leaves a standing decision when hidden. */
export function isStandingKind(kind: string): kind is StandingKind {
  return (STANDING_KINDS as readonly string[]).includes(kind);
}

/** The standing decision's document id: `{uid}__{kind}`. */
export function standingId(uid: string, kind: StandingKind): string {
  return `${uid}__${kind}`;
}

/** A stored standing decision. */
export const moderationStandingSchema = z
  .object({
    /** The member the decision is about. */
    user_id: idSchema,
    /** Which of their items it holds. */
    kind: z.enum(STANDING_KINDS),
    /** The item the moderator hid or rejected. */
    item_id: idSchema,
    /** 'hidden' (adminModeration's hide) or 'rejected' (a held item rejected). */
    decision: z.enum(['hidden', 'rejected']),
    /** The moderator's uid. */
    decided_by: idSchema,
    /** When; the decision stands `moderation_hold_days` from here. */
    decided_at: timestampSchema,
  })
  .describe(MODERATION_STANDING);
/** A standing decision. */
export type ModerationStanding = z.infer<typeof moderationStandingSchema>;

/** Days a standing decision holds a member's new items, unless Site Settings say otherwise. */
export const DEFAULT_MODERATION_HOLD_DAYS = 30;

/** site_settings/main `moderation_hold_days`: 1 to 365 whole days. */
export const moderationHoldDaysSchema = z
  .number({ error: 'Enter a whole number of days from 1 to 365' })
  .int('Enter a whole number of days from 1 to 365')
  .min(1, 'Enter a whole number of days from 1 to 365')
  .max(365, 'Enter a whole number of days from 1 to 365');

/**
 * The stored period, read leniently: missing or malformed is the default (an
 * admin's typo must neither lift every decision nor hold members for ever).
 */
export function moderationHoldDaysOf(stored: unknown): number {
  const parsed = moderationHoldDaysSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_MODERATION_HOLD_DAYS;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a decision taken at `decidedAt` stops holding, with a period of `holdDays`. */
export function standingEnds(decidedAt: Date, holdDays: number): Date {
  return new Date(decidedAt.getTime() + holdDays * DAY_MS);
}

/**
 * The end of the decision that holds at `now` (a stored document's data, or
 * undefined for none), or null when none holds: absent, malformed, or its period
 * has passed.
 */
export function standingHoldsUntil(stored: unknown, holdDays: number, now: Date): Date | null {
  const parsed = moderationStandingSchema
    .omit({ item_id: true })
    .partial()
    .safeParse(stored ?? null);
  const decidedAt = parsed.success ? parsed.data.decided_at : undefined;
  if (!decidedAt) return stored == null ? null : standingEnds(now, holdDays);
  const ends = standingEnds(decidedAt, holdDays);
  return ends > now ? ends : null;
}

/** What a save is to the item: new, an edit that changes what it says, or a save that changes nothing of it. */
export type HeldSaveChange = 'new' | 'edited' | 'unchanged';

/** The held fields an item is saved with. */
export interface HeldFields {
  moderation_held: boolean;
  /** When the hold ends on its own; null when not held. */
  held_until: Date | null;
}

/**
 * How one save of a member's update or ad is stored, given the end of the
 * standing decision that holds (null: none):
 * - while a decision holds, a new item and an edit that changes the item are
 *   held (an edited text must not slip past), and an unchanged save of a held
 *   item stays held; an unchanged save of a shown item stays shown;
 * - with no decision holding, nothing is held (its period has passed, or a
 *   moderator lifted it), a held item saved again included.
 */
export function decideHeldSave(
  holdsUntil: Date | null,
  change: HeldSaveChange,
  wasHeld: boolean,
): HeldFields {
  const held = holdsUntil !== null && (change !== 'unchanged' || wasHeld);
  return { moderation_held: held, held_until: held ? holdsUntil : null };
}

/**
 * The fields of an ad a buyer reads: an edit that changes any of them is an
 * edit the hold judges ('edited'); the admin's switches, counters and times are not.
 */
export const HELD_AD_FIELDS = [
  'title',
  'description',
  'category',
  'subcategory',
  'price',
  'currency',
  'condition',
  'location',
  'contact_method',
  'is_service',
  'tags',
  'image_url',
  'contact_info',
] as const;

/** Whether a save of `after` over `before` (null: new) changes what buyers read. */
export function adSaveChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  contactBefore: unknown,
  contactAfter: unknown,
): HeldSaveChange {
  if (before === null) return 'new';
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changed = HELD_AD_FIELDS.some((field) =>
    field === 'contact_info' ? !same(contactBefore, contactAfter) : !same(before[field], after[field]),
  );
  return changed ? 'edited' : 'unchanged';
}

/** What the member reads where their held item would be. */
export const HELD_MESSAGES = {
  updatePosted:
    'Your update is waiting for a moderator: it will be shown and emailed to your followers once a moderator releases it.',
  adSaved:
    'Your ad is waiting for a moderator: it will be shown in the marketplace once a moderator releases it.',
  ownBadge: 'Waiting for a moderator',
} as const;
