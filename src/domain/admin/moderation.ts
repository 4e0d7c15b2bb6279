/**
 * The moderation queue (the admin dashboard's Reports section): open reports
 * (src/domain/reports/report.ts) grouped by item, the item shown in place, and the admin's
 * actions on it, all through the adminModeration callable (admins only, each
 * action in the audit log with the admin, the item and the reason):
 * - dismiss: the item's open reports are closed, nothing else changes;
 * - hide: the item gets `moderation_hidden: true`, which the visibility rule
 *   folds in (src/domain/accounts/visibility.ts; reviews: reviewer_public), so it leaves
 *   every page, list, search and direct read; its owner is mailed the reason;
 * - restore: the flag goes, the item shows again where its other rules allow;
 * - warn: the owner is mailed the reason, the item stays;
 * - deactivate: the owner's account is deactivated (the admin users path).
 * Hide and restore apply to reviews, books, products/services, classified ads
 * and blog posts: every reader (pages, listings, the market index, search, the
 * sitemap, feeds, the rules) decides with the visibility rule, which folds the
 * flag in (books: their stored is_public; reviews: reviewer_public; products and
 * ads: isItemPublic; blog posts: isPostPublic, and the write rebuilds the
 * pre-rendered blog through the publish pipeline). Owners still see their own
 * hidden items. A blog post has no member owner, so nobody is mailed for it. A
 * profile is taken down by deactivating its member.
 */
import { z } from 'zod';
import {
  REPORT_ITEM_KINDS,
  REPORT_NOTE_MAX,
  reportItemIdSchema,
  sanitizeReportNote,
  type ReportGroup,
  type ReportItemKind,
} from '../reports/report.ts';

/** The kinds an admin can hide and restore. */
export const HIDEABLE_KINDS = [
  'review',
  'book',
  'product',
  'ad',
  'post',
  'update',
] as const satisfies readonly ReportItemKind[];
/** A kind an admin can hide. */
export type HideableKind = (typeof HIDEABLE_KINDS)[number];

/** True when `kind` can be hidden and restored. */
export function isHideable(kind: ReportItemKind): kind is HideableKind {
  return (HIDEABLE_KINDS as readonly string[]).includes(kind);
}

/** What an admin does to a reported item. */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'warn', 'deactivate'] as const;
/** An action on an item. */
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_REASON_MESSAGE = 'Please give a reason.';

/** The admin's reason: plain text, sanitised like a report note, required. */
export const moderationReasonSchema = z
  .string({ error: MODERATION_REASON_MESSAGE })
  .max(REPORT_NOTE_MAX * 2)
  .transform(sanitizeReportNote)
  .pipe(z.string().min(1, MODERATION_REASON_MESSAGE).max(REPORT_NOTE_MAX));

/** adminModeration's request: the queue, or an action on one item. */
export const adminModerationRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('list') }),
  z.strictObject({
    action: z.enum(MODERATION_ACTIONS),
    kind: z.enum(REPORT_ITEM_KINDS),
    itemId: reportItemIdSchema,
    reason: moderationReasonSchema,
  }),
]);
/** adminModeration's request as sent. */
export type AdminModerationRequest = z.input<typeof adminModerationRequestSchema>;

/** A reported item as the queue shows it in place. */
export interface ModerationItem {
  /** Its title or name ('(removed)' when it no longer exists). */
  title: string;
  /** Its public page, or null when it has none. */
  path: string | null;
  /** The start of its text, plain. */
  excerpt: string;
  /** The member who owns it (mailed on hide and warn), or null (a blog post, a removed item). */
  ownerUid: string | null;
  /** Hidden now (by moderation; for a profile: deactivated). */
  hidden: boolean;
  /** The item still exists. */
  exists: boolean;
}

/** One line of the queue: an item's open reports and the item. */
export type ModerationQueueEntry = Omit<ReportGroup, 'oldest'> & {
  /** The oldest open report's time, ISO 8601. */
  oldest: string;
  item: ModerationItem;
};

/** adminModeration's answer: the queue for 'list', the action's outcome otherwise. */
export type AdminModerationResponse =
  { queue: ModerationQueueEntry[] } | { done: ModerationAction; reportsClosed: number; mailed: boolean };

/** Which actions apply to an item of `kind` in its state. */
export function actionsFor(
  kind: ReportItemKind,
  item: Pick<ModerationItem, 'hidden' | 'ownerUid' | 'exists'>,
): ModerationAction[] {
  const actions: ModerationAction[] = ['dismiss'];
  if (item.exists && isHideable(kind)) actions.push(item.hidden ? 'restore' : 'hide');
  if (item.ownerUid) actions.push('warn', 'deactivate');
  return actions;
}

/** The status a report takes when an admin acts on its item (restore leaves reports as they are). */
export function reportStatusAfter(action: ModerationAction): 'dismissed' | 'actioned' | null {
  if (action === 'dismiss') return 'dismissed';
  return action === 'restore' ? null : 'actioned';
}

/** The plain-text start of an item's text, at most `max` characters, on one line. */
export function excerptOf(text: unknown, max = 200): string {
  if (typeof text !== 'string') return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The words mailed to an item's owner. */
export const MODERATION_MAIL = {
  hide: (label: string) => ({
    subject: `Your ${label} was hidden`,
    lead: `An administrator hid your ${label} after reviewing reports about it. It is no longer shown on the site.`,
  }),
  warn: (label: string) => ({
    subject: `A warning about your ${label}`,
    lead: `An administrator reviewed reports about your ${label} and is sending you this warning.`,
  }),
} as const;
