/**
 * The held updates and ads' part of the admin dashboard's Reports section: the
 * author updates and classified ads that members under a standing decision
 * (moderation-standing.ts) saved wait here, the soonest released on their own
 * first, until an admin decides each through the adminHeldItems callable
 * (admins only; every decision in the audit log with the admin, the item and
 * the reason):
 * - release: the item is shown (an update is mailed to the author's followers as
 *   if just posted); the reason is optional; the standing decision stays, so the
 *   member's next item is held too;
 * - reject: the item is deleted and the decision renewed (its period starts
 *   again); the reason is required.
 * An item no longer held (decided by another admin, released by its period,
 * deleted by its author) is answered `decided: false`, never an error.
 */
import { z } from 'zod';
import { idSchema } from '../shared/common.ts';
import { lightMarkupToText } from '../shared/light-markup.ts';
import { releaseReasonSchema, rejectReasonSchema } from './admin-held-reviews.ts';
import { excerptOf } from './moderation.ts';
import { STANDING_KINDS, type StandingKind } from '../shared/moderation-standing.ts';

/** Held items of one kind one page of the list shows. */
export const HELD_ITEMS_LIST_PAGE = 20;

/** The texts the section and the callable answer with. */
export const HELD_ITEM_MESSAGES = {
  empty: 'No updates or ads are waiting for moderation.',
  notWaiting:
    'This item is no longer waiting for moderation: another admin decided it, its period passed, or its author deleted it.',
  released: 'The item is shown.',
  rejected: 'The item was rejected and deleted.',
} as const;

/** A document id (no slashes). */
const docId = idSchema.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id');
/** Which kind of held item. */
const kindSchema = z.enum(STANDING_KINDS);

/** adminHeldItems' request: a page of one kind's list, or a decision on one item. */
export const adminHeldItemsRequestSchema = z.discriminatedUnion('action', [
  /** The held items of `kind`; `after` is the last id of the previous page. */
  z.strictObject({ action: z.literal('list'), kind: kindSchema, after: docId.optional() }),
  z.strictObject({ action: z.literal('release'), kind: kindSchema, id: docId, reason: releaseReasonSchema }),
  z.strictObject({ action: z.literal('reject'), kind: kindSchema, id: docId, reason: rejectReasonSchema }),
]);
/** adminHeldItems' request as sent. */
export type AdminHeldItemsRequest = z.input<typeof adminHeldItemsRequestSchema>;
/** A decision on one held item. */
export type HeldItemDecision = 'release' | 'reject';

/** A held update or ad as the section shows it. */
export interface HeldItemEntry {
  kind: StandingKind;
  id: string;
  /** The author's or seller's uid. */
  uid: string;
  /** The title. */
  title: string;
  /** The text as plain text, shortened; shown only as React text. */
  excerpt: string;
  /** When it was saved, ISO 8601. */
  createdAt: string;
  /** When it is released on its own, ISO 8601. */
  heldUntil: string | null;
}

/** adminHeldItems' answer: a page of the list, or whether the decision was taken. */
export type AdminHeldItemsResponse =
  | {
      /** This page, the soonest released on their own first. */
      items: HeldItemEntry[];
      /** The cursor of the next page (the last item's id), null after the last page. */
      next: string | null;
      /** How many items of this kind are held now. */
      waiting: number;
    }
  | {
      /** The decision asked for. */
      action: HeldItemDecision;
      /** False when the item was no longer held (nothing changed, nothing logged). */
      decided: boolean;
    };

/** A stored held item (its data with dates) as the section shows it. */
export function heldItemEntryOf(
  kind: StandingKind,
  id: string,
  data: {
    user_id?: unknown;
    title?: unknown;
    body?: unknown;
    description?: unknown;
    created_at?: unknown;
    held_until?: unknown;
  },
): HeldItemEntry {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
  const body = kind === 'update' ? text(data.body) : text(data.description);
  return {
    kind,
    id,
    uid: text(data.user_id),
    title: text(data.title),
    excerpt: excerptOf(kind === 'update' ? lightMarkupToText(body, 'blog') : body),
    createdAt: iso(data.created_at) ?? new Date(0).toISOString(),
    heldUntil: iso(data.held_until),
  };
}

/** 'Update: Sequel news' / 'Ad: Signed copy': how the audit log names a held item. */
export function heldItemTitle(kind: StandingKind, title: string): string {
  return `${kind === 'update' ? 'Update' : 'Ad'}: ${title}`;
}

/** '3 updates are waiting for moderation.' (or '1 ad is …'). */
export function heldWaitingText(kind: StandingKind, count: number): string {
  const noun = kind === 'update' ? 'update' : 'ad';
  return count === 1
    ? `1 ${noun} is waiting for moderation.`
    : `${count.toLocaleString('en-US')} ${noun}s are waiting for moderation.`;
}
