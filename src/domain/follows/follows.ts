// Following an author: a reader asks to hear about the author's new books.
//
// One document per follower per author, follows/{followId}, whose id is made
// from the author and the follower (memberFollowId, emailFollowId), so following twice is the
// same document and "is X following Y" is one read, never a query. A follower
// is either a signed-in member (one click) or a visitor's email address,
// which becomes a follow only after the visitor confirms it from the mail
// (double opt-in, src/domain/accounts/opt-in.ts). Email addresses are stored only in
// the follow itself, which no client can read; the id carries a hash of the
// address, never the address.
//
// Only the server writes follows of email followers; a member writes and
// deletes their own follow (firestore.rules). An author sees how many follow
// them (the profile's follower count), never who.
import { z } from 'zod';
import type { ThrottleLimit } from '../shared/throttle.ts';
import { EMAIL_HASH_PATTERN, TEXT_LIMITS, timestampSchema } from '../shared/common.ts';

/** follows/{followId}: one reader following one author. */
export const FOLLOWS = 'follows';

/**
 * How a follower hears of a new book: one mail per book as soon as it is public,
 * or one weekly mail gathering the week's new books of everyone they follow.
 */
export const ALERT_MODES = ['instant', 'weekly'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];
/** A new follow starts with instant alerts. */
export const DEFAULT_ALERT_MODE: AlertMode = 'instant';

/** Who follows: a member by uid, or a visitor by (confirmed) address. */
export const followerSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('member'), uid: z.string().min(1).max(TEXT_LIMITS.id) }),
  z.strictObject({
    kind: z.literal('email'),
    /** The normalized address the alerts go to. */
    email: z.email().max(254),
  }),
]);
export type Follower = z.infer<typeof followerSchema>;

/** follows/{followId} of a member: `{authorUid}__m_{uid}`. */
export function memberFollowId(authorUid: string, uid: string): string {
  return `${authorUid}__m_${uid}`;
}

/** follows/{followId} of an email follower: `{authorUid}__e_{emailHash}` (hash from src/data/server/shared/email-hash.ts). */
export function emailFollowId(authorUid: string, hash: string): string {
  if (!EMAIL_HASH_PATTERN.test(hash)) throw new Error('emailFollowId needs the hex SHA-256 of the address');
  return `${authorUid}__e_${hash}`;
}

/** Deferred books a follow remembers at most (the oldest make way): a digest lists a week's books, not a flood. */
export const DEFERRED_BOOKS_MAX = 50;

/** A stored follow. */
export const followSchema = z.strictObject({
  /** The followed author's uid (profiles/{uid}). */
  author_uid: z.string().min(1).max(TEXT_LIMITS.id),
  follower: followerSchema,
  mode: z.enum(ALERT_MODES).default(DEFAULT_ALERT_MODE),
  created_at: timestampSchema,
  /**
   * The last instant mail on this follow, a book's alert (`book_id`) or an
   * update's mail (`update_id`), written by those mails only: the daily cap's memory.
   */
  last_alert: z
    .strictObject({
      at: timestampSchema,
      book_id: z.string().min(1).max(TEXT_LIMITS.id).optional(),
      update_id: z.string().min(1).max(TEXT_LIMITS.id).optional(),
    })
    .optional(),
  /**
   * Books the daily cap kept out of instant alerts, for the follower's next
   * digest (written by the alerts, emptied by the digest that mails them).
   */
  deferred_book_ids: z.array(z.string().min(1).max(TEXT_LIMITS.id)).max(DEFERRED_BOOKS_MAX).optional(),
  /** The author's updates the daily cap kept out of instant mail, for the next digest (as deferred_book_ids). */
  deferred_update_ids: z.array(z.string().min(1).max(TEXT_LIMITS.id)).max(DEFERRED_BOOKS_MAX).optional(),
});
export type Follow = z.output<typeof followSchema>;

/**
 * An author's instant mails to one follower are capped: at most one mail (a
 * book's alert or an update) per author per follower in ALERT_CAP_MS; a
 * further book or update in that time goes to the follower's next digest
 * instead, so an author who creates books or posts updates in a loop cannot
 * flood their followers.
 */
export const ALERT_CAP_MS = 24 * 60 * 60 * 1000;

/**
 * How long after a book first becomes public its instant alerts go out. A book
 * deleted or hidden in that time alerts nobody (the delivery checks the book
 * when it runs), so a book created and deleted in a loop mails no one.
 * Production's delay; the demo project sets a few seconds (ALERT_DELAY_SECONDS).
 */
export const ALERT_DELAY_MS = 60 * 60 * 1000;

/** The alerts' delay from ALERT_DELAY_SECONDS (a whole number, 0 or more), else ALERT_DELAY_MS. */
export function alertDelayFrom(env: Record<string, string | undefined>): number {
  const raw = env.ALERT_DELAY_SECONDS?.trim();
  const seconds = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(seconds) && seconds >= 0 ? seconds * 1000 : ALERT_DELAY_MS;
}

/** What an instant mail on a follow is about: a book (its alert) or an update, as last_alert records it. */
export type CappedMail = { book_id: string } | { update_id: string };

/** The same book or the same update. */
function sameMail(last: { book_id?: string; update_id?: string }, mail: CappedMail): boolean {
  return 'book_id' in mail ? last.book_id === mail.book_id : last.update_id === mail.update_id;
}

/**
 * Whether an instant mail about `mail` (a bare id is a book) may go out on a
 * follow whose last one was `last` (none: never), at `now`: yes when the
 * follow has had no instant mail within ALERT_CAP_MS, or when that mail was
 * about this same book or update (a retried delivery); otherwise it is
 * deferred to the digest.
 */
export function alertCapDecision(
  last: { at: Date; book_id?: string; update_id?: string } | undefined,
  mail: CappedMail | string,
  now: Date,
): 'send' | 'defer' {
  if (last === undefined || sameMail(last, typeof mail === 'string' ? { book_id: mail } : mail))
    return 'send';
  return now.getTime() - last.at.getTime() >= ALERT_CAP_MS ? 'send' : 'defer';
}

/** A follow's deferred books (or updates) after deferring `id`: once each, the newest DEFERRED_BOOKS_MAX kept. */
export function withDeferredBook(deferred: readonly string[] | undefined, id: string): string[] {
  const list = (deferred ?? []).filter((kept) => kept !== id);
  list.push(id);
  return list.slice(-DEFERRED_BOOKS_MAX);
}

/** The profile field holding how many follow the author (members and email followers), kept by the followerCount trigger. */
export const FOLLOWER_COUNT_FIELD = 'follower_count';

/**
 * What the updateFollow callable takes from a signed-in member: follow (or
 * change the alert mode of) `authorUid`, or stop following. `mode` is kept when
 * absent; a new follow starts with DEFAULT_ALERT_MODE.
 */
export const followRequestSchema = z.strictObject({
  /** The author to follow or unfollow (profiles/{uid}). */
  authorUid: z.string().min(1).max(TEXT_LIMITS.id),
  /** True to follow (or keep following), false to stop. */
  follow: z.boolean(),
  /** How to hear of new books; only with follow: true. */
  mode: z.enum(ALERT_MODES).optional(),
});
export type FollowRequest = z.input<typeof followRequestSchema>;

/** What updateFollow answers: the member's follow as it is now, and the author's follower count. */
export interface FollowResult {
  /** True when the member follows the author now. */
  following: boolean;
  /** The alert mode, null when not following. */
  mode: AlertMode | null;
  /** How many follow the author now. */
  followerCount: number;
}

/** Why updateFollow refuses: the author cannot be followed (missing, not public) or is the caller. */
export const FOLLOW_MESSAGES = {
  notFound: 'This author cannot be followed.',
  self: 'You cannot follow yourself.',
  failed: 'Could not update your follow. Please try again.',
  throttled: 'You have changed your follows too often. Please try again in a few minutes.',
} as const;

/**
 * How often one member may follow or change an alert mode: far more than a
 * reader clicking through authors does, far less than a script filling authors'
 * counts. Unfollowing is never limited (as the mails' unsubscribe links are not).
 */
export const FOLLOW_LIMITS_PER_MEMBER: readonly ThrottleLimit[] = [
  { max: 30, windowMs: 10 * 60_000 },
  { max: 200, windowMs: 24 * 60 * 60_000 },
];

/** The follower count as the profile shows it: '1 follower', '12 followers'. */
export function followerCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'follower' : 'followers'}`;
}

/** The labels of the alert modes on /account. */
export const ALERT_MODE_LABELS: Record<AlertMode, string> = {
  instant: 'Instant',
  weekly: 'Weekly digest',
};

/**
 * The ISO 8601 week of `date` in UTC, as '2026-W48': weeks start on Monday and
 * week 1 holds the year's first Thursday. The weekly digest is sent at most
 * once per follower per such week.
 */
export function isoWeekId(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the year the week belongs to.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** How far back the weekly digest gathers new books. */
export const DIGEST_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;
