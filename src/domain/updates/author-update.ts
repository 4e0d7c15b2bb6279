// Author updates: a member writes to the readers who follow them, a title and a
// short text in the site's light markup, optionally pointing at one of their own
// books. Updates show newest first in the Updates section of the author's profile
// and in the author's RSS feed, and follow the visibility rule of every member
// item: shown while not hidden by moderation and while the author is public.
//
// How many a member may post is a Site Settings limit enforced by the server
// (the postAuthorUpdate function): Free members a few in any 30 days, Premium
// members a few in any 24 hours, counted from the member's record of what they
// posted (deleting an update gives nothing back). Only the functions write
// updates. An update goes by mail under the site's name, so its title and text
// carry no link or email address of the author's choosing.
import { z } from 'zod';
import { hasWebAddress } from '../shared/display-name.ts';
import type { SubscriptionStatus } from '../accounts/profile.ts';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';

/** author_updates/{autoId}: one update of one author. */
export const AUTHOR_UPDATES = 'author_updates';

/**
 * update_mail/{updateId}: the mail of one update to the author's instant
 * followers (its marker, batches and one delivery record per follow), written by
 * the functions only.
 */
export const UPDATE_MAIL = 'update_mail';

/** Longest title. */
export const UPDATE_TITLE_MAX = 120;
/** Longest text (light markup, as typed). */
export const UPDATE_BODY_MAX = 2000;
/** How many updates the profile's Updates section and the feed show. */
export const UPDATES_SHOWN = 10;

/** The words people read around updates (form errors, toasts, refusals). */
export const UPDATE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${UPDATE_TITLE_MAX} characters or less`,
  bodyRequired: 'Write a few words for your readers',
  bodyTooLong: `The update must be ${UPDATE_BODY_MAX} characters or less`,
  notYourBook: 'Point only at one of your own books.',
  noLinks: 'Links and email addresses are not allowed in updates.',
  posted: 'Update posted!',
  postFailed: 'Failed to post the update.',
  deleted: 'Update deleted.',
  deleteFailed: 'Failed to delete the update.',
  notFound: 'This update no longer exists.',
  notAllowed: 'Only its author or an admin can delete this update.',
} as const;

/** An email address as a mail program would link it: `name@host.tld` (at and dots in any width). */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+'-]@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/**
 * True when `text` holds something a mail program or browser would turn into a
 * link: a web address by the display names' rule (a scheme such as `https://`,
 * `www.`, or `name.com`; look-alike characters folded) or an email address.
 * Such text in an update would go out in our mail, under the site's name, to
 * every follower: the author's link, not ours.
 */
export function hasLinkOrAddress(text: string): boolean {
  return hasWebAddress(text) || EMAIL_ADDRESS.test(text) || EMAIL_ADDRESS.test(text.normalize('NFKC'));
}

/** What the author writes. */
export const authorUpdateFormSchema = z.object({
  /** 1 to 120 characters, no link or email address. */
  title: z
    .string({ error: UPDATE_MESSAGES.titleRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.titleRequired)
    .max(UPDATE_TITLE_MAX, UPDATE_MESSAGES.titleTooLong)
    .refine((title) => !hasLinkOrAddress(title), UPDATE_MESSAGES.noLinks),
  /** The text, in the site's light markup (paragraphs, lists, **bold**; no links, email addresses or HTML). */
  body: z
    .string({ error: UPDATE_MESSAGES.bodyRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.bodyRequired)
    .max(UPDATE_BODY_MAX, UPDATE_MESSAGES.bodyTooLong)
    .refine((body) => !hasLinkOrAddress(body), UPDATE_MESSAGES.noLinks),
  /** One of the author's own books the update is about, or none (a document id: no slash, not '.' or '..'). */
  book_id: z.preprocess(
    (value) => (value === '' ? null : value),
    idSchema
      .regex(/^[^/]+$/)
      .refine((id) => id !== '.' && id !== '..')
      .nullish(),
  ),
});
/** The form as typed. */
export type AuthorUpdateFormInput = z.input<typeof authorUpdateFormSchema>;
/** The form as parsed. */
export type AuthorUpdateForm = z.output<typeof authorUpdateFormSchema>;

/** The book an update points at, as stored with it (so a page needs no second read). */
export const updateBookSchema = z.object({
  id: idSchema,
  title: z.string().max(200),
});

/** A stored update, document `author_updates/{autoId}`. */
export const authorUpdateSchema = z
  .object({
    /** Document id. */
    id: idSchema,
    /** The author's uid. */
    user_id: idSchema,
    title: z.string().trim().min(1).max(UPDATE_TITLE_MAX),
    body: z.string().trim().min(1).max(UPDATE_BODY_MAX),
    /** The author's page slug when posted (an old slug redirects to the new one), for links to the update. */
    author_slug: z.string().max(TEXT_LIMITS.slug).nullish(),
    /** The book it is about, with its title when posted; null for none. */
    book: updateBookSchema.nullish(),
    /** True while an admin's moderation hides it (set and cleared only by the adminModeration function). */
    moderation_hidden: z.boolean().default(false),
    /**
     * True while it waits for a moderator: posted under a standing decision
     * (src/domain/shared/moderation-standing.ts); not shown nor mailed until
     * released (adminHeldItems) or `held_until` passes. Only the functions write it.
     */
    moderation_held: z.boolean().default(false),
    /** When a held update is released on its own (the standing decision's end); null when not held. */
    held_until: timestampSchema.nullish(),
    /** When it was posted. */
    created_at: timestampSchema,
  })
  .describe(AUTHOR_UPDATES);
/** A stored update. */
export type AuthorUpdate = z.infer<typeof authorUpdateSchema>;
/** An update as written. */
export const authorUpdateWriteSchema = authorUpdateSchema.omit({ id: true });

/** postAuthorUpdate's request: the form's fields. */
export const postAuthorUpdateRequestSchema = authorUpdateFormSchema;
/** postAuthorUpdate's request as sent. */
export type PostAuthorUpdateRequest = z.input<typeof postAuthorUpdateRequestSchema>;
/** What a post returns: the update's id, when it was posted (ISO 8601), and whether it waits for a moderator. */
export const postAuthorUpdateResponseSchema = z.object({
  id: idSchema,
  created_at: z.iso.datetime(),
  held: z.boolean().default(false),
});
/** A post's result. */
export type PostAuthorUpdateResponse = z.infer<typeof postAuthorUpdateResponseSchema>;
/** deleteAuthorUpdate's request. */
export const deleteAuthorUpdateRequestSchema = z.object({ id: idSchema });

/**
 * How many updates a member may post, site_settings/main `author_update_limits`,
 * set by admins: Free members `free_per_30_days` in any 30 days, Premium members
 * `premium_per_day` in any 24 hours. A missing field is the default.
 */
export const updateLimitsSchema = z.object({
  /** Free members: updates in any 30 days (0 turns updates off for Free members). */
  free_per_30_days: z
    .number({ error: 'Enter a whole number from 0 to 30' })
    .int('Enter a whole number from 0 to 30')
    .min(0, 'Enter a whole number from 0 to 30')
    .max(30, 'Enter a whole number from 0 to 30')
    .default(4),
  /** Premium members: updates in any 24 hours. */
  premium_per_day: z
    .number({ error: 'Enter a whole number from 1 to 5' })
    .int('Enter a whole number from 1 to 5')
    .min(1, 'Enter a whole number from 1 to 5')
    .max(5, 'Enter a whole number from 1 to 5')
    .default(1),
});
/** The limits, every field filled in. */
export type UpdateLimits = z.output<typeof updateLimitsSchema>;
/** The limits a site with nothing stored has. */
export const DEFAULT_UPDATE_LIMITS: UpdateLimits = updateLimitsSchema.parse({});

/**
 * The stored limits, read leniently: missing is the default, and a malformed value
 * is the default too (an admin's typo must not open a flood nor close updates).
 */
export function updateLimitsOf(stored: unknown): UpdateLimits {
  const parsed = updateLimitsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_UPDATE_LIMITS;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window a member's plan counts updates in, and how many it allows there. */
export interface UpdateAllowance {
  /** Updates posted at or after this moment count. */
  since: Date;
  /** How many the window allows. */
  allowed: number;
  /** What a member at the limit reads. */
  refusal: string;
}

/** The allowance of a member on `plan` at `now`. */
export function updateAllowance(plan: SubscriptionStatus, limits: UpdateLimits, now: Date): UpdateAllowance {
  if (plan === 'premium') {
    const n = limits.premium_per_day;
    return {
      since: new Date(now.getTime() - DAY_MS),
      allowed: n,
      refusal: `Premium members can post ${n === 1 ? 'one update' : `${n} updates`} a day. Try again tomorrow.`,
    };
  }
  const n = limits.free_per_30_days;
  return {
    since: new Date(now.getTime() - 30 * DAY_MS),
    allowed: n,
    refusal:
      n === 0
        ? 'Updates to followers are a Premium feature for now. Upgrade to Premium to post one a day.'
        : `Free members can post ${n === 1 ? 'one update' : `${n} updates`} in 30 days. Upgrade to Premium to post ${limits.premium_per_day === 1 ? 'one' : limits.premium_per_day} a day.`,
  };
}

/** True when a member who posted `recent` updates inside the allowance's window may post one more. */
export function mayPostUpdate(allowance: UpdateAllowance, recent: number): boolean {
  return recent < allowance.allowed;
}

/**
 * plan_locks/{uid} `author_update_posts`: the member's record of the updates
 * they posted, one `{ id, at }` per post, oldest first. The post's own
 * transaction appends to it; nothing else writes it, and deleting an update
 * leaves it as it is, so the allowance counts what was posted (and mailed),
 * not what is still stored. Removed with the account.
 */
export const UPDATE_POSTS_FIELD = 'author_update_posts';

/** How long a post stays in the record: the longest window a plan counts in. */
export const UPDATE_POSTS_KEPT_MS = 30 * DAY_MS;
/** Most posts the record keeps (the newest): more than any allowance can reach (Free at most 30, Premium 5 a day). */
export const UPDATE_POSTS_KEPT_MAX = 64;

/** One post in the record. */
export const updatePostSchema = z.object({ id: idSchema, at: timestampSchema });
/** One post in the record. */
export type UpdatePost = z.infer<typeof updatePostSchema>;

/** The record as stored (times as Dates); anything malformed is left out (the stored updates still count). */
export function updatePostsOf(stored: unknown): UpdatePost[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = updatePostSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * How many updates count against the allowance: those the record holds since
 * `allowance.since`, together with any of `storedIds` (the member's updates
 * stored with a time in the window) the record lacks, each once.
 */
export function postsInWindow(
  allowance: Pick<UpdateAllowance, 'since'>,
  posts: readonly UpdatePost[],
  storedIds: readonly string[],
): number {
  const ids = new Set(posts.filter((post) => post.at >= allowance.since).map((post) => post.id));
  for (const id of storedIds) ids.add(id);
  return ids.size;
}

/** The record after posting `post` at `now`: older than UPDATE_POSTS_KEPT_MS dropped, the newest UPDATE_POSTS_KEPT_MAX kept. */
export function withUpdatePost(posts: readonly UpdatePost[], post: UpdatePost, now: Date): UpdatePost[] {
  const since = now.getTime() - UPDATE_POSTS_KEPT_MS;
  return [...posts.filter((entry) => entry.at.getTime() >= since && entry.id !== post.id), post].slice(
    -UPDATE_POSTS_KEPT_MAX,
  );
}

/** The membership page's line for each plan, from the limits in force. */
export function updateLimitLines(limits: UpdateLimits): { free: string; premium: string } {
  const free = limits.free_per_30_days;
  const premium = limits.premium_per_day;
  return {
    free:
      free === 0
        ? 'Updates to your followers: Premium only'
        : `${free === 1 ? 'One update' : `${free} updates`} to your followers every 30 days`,
    premium: `${premium === 1 ? 'One update' : `${premium} updates`} to your followers every day`,
  };
}

/** A plan as the membership page lists it: its type and its feature lines. */
interface PlanFeatures {
  type: string;
  features: string[];
}

/**
 * The plans with each one's updates line added (Free's and Premium's, from the
 * limits in force), so the membership page says what the server enforces
 * whatever the stored page content lists.
 */
export function withUpdateLimitLines<Plan extends PlanFeatures>(
  plans: readonly Plan[],
  limits: UpdateLimits,
): Plan[] {
  const lines = updateLimitLines(limits);
  return plans.map((plan) => {
    const line = plan.type === 'free' ? lines.free : plan.type === 'premium' ? lines.premium : null;
    return line ? { ...plan, features: [...plan.features, line] } : plan;
  });
}

/**
 * How far one of an author's updates went by mail, as their account page shows it
 * (counts only, never who):
 * - 'scheduled': released, its mails go out at `due_at` (the delay lets an author
 *   delete a slip before anyone is mailed);
 * - 'sending': being mailed, `sent` so far;
 * - 'sent': done, to `sent` followers;
 * - 'waiting': just posted, not released yet;
 * - 'not-mailed': never released (posted while the follows feature was off);
 * - 'held': waiting for a moderator (a standing decision), neither shown nor mailed yet.
 */
export const updateReachSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** When it was posted (ISO 8601). */
  posted_at: z.iso.datetime(),
  state: z.enum(['scheduled', 'sending', 'sent', 'waiting', 'not-mailed', 'held']),
  /** Followers whose mail went out. */
  sent: z.number().int().min(0),
  /** When its mails go out ('scheduled' only; ISO 8601). */
  due_at: z.iso.datetime().nullable(),
});
/** One update's reach. */
export type UpdateReach = z.infer<typeof updateReachSchema>;

/** How many of an author's newest updates the account page lists with their reach. */
export const UPDATE_REACH_SHOWN = 10;

/** An update not released this long after its post is taken as never mailed (its trigger runs in seconds). */
const RELEASE_GRACE_MS = 10 * 60 * 1000;

/** The reach of one update from its mail marker (null: none) and its count of sent deliveries. */
export function updateReach(input: {
  id: string;
  title: string;
  postedAt: Date;
  marker: { releasedAt: Date | null; completed: boolean } | null;
  sent: number;
  delayMs: number;
  now: Date;
  /** Waiting for a moderator (moderation_held). */
  held?: boolean;
}): UpdateReach {
  const { marker, now } = input;
  const base = {
    id: input.id,
    title: input.title,
    posted_at: input.postedAt.toISOString(),
    sent: input.sent,
  };
  if (input.held === true && marker === null) return { ...base, state: 'held', due_at: null };
  if (marker === null)
    return {
      ...base,
      state: now.getTime() - input.postedAt.getTime() < RELEASE_GRACE_MS ? 'waiting' : 'not-mailed',
      due_at: null,
    };
  if (marker.completed) return { ...base, state: 'sent', due_at: null };
  const due = new Date((marker.releasedAt ?? input.postedAt).getTime() + input.delayMs);
  return due > now && input.sent === 0
    ? { ...base, state: 'scheduled', due_at: due.toISOString() }
    : { ...base, state: 'sending', due_at: null };
}

const followersText = (n: number) => (n === 1 ? '1 follower' : `${n} followers`);

/** What the account page says of an update's reach; `time` formats a due time. */
export function updateReachText(reach: UpdateReach, time: (iso: string) => string): string {
  switch (reach.state) {
    case 'scheduled':
      return `Emails go out at ${time(reach.due_at ?? reach.posted_at)}`;
    case 'sending':
      return `Sending: ${followersText(reach.sent)} so far`;
    case 'sent':
      return reach.sent === 0
        ? 'No follower had instant emails on'
        : `Emailed to ${followersText(reach.sent)}`;
    case 'waiting':
      return 'Getting ready to email';
    case 'not-mailed':
      return 'Not emailed';
    case 'held':
      return 'Waiting for a moderator: not shown or emailed yet';
  }
}
