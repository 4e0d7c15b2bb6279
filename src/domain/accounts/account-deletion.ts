/**
 * Deleting an account is a job of ordered steps, recorded in
 * `account_deletions/{uid}` before the first one runs. Each step is idempotent
 * (deleting what is already gone is a no-op) and is marked done once it
 * finished, so a deletion that crashed midway is finished by running the
 * pending steps again, even after the member's Auth user (the first step) is gone.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';

/** The steps, in the order they run: first the sign-in, so the member cannot act on a half-deleted account. */
export const ACCOUNT_DELETION_STEPS = [
  /** The Firebase Auth user. */
  'auth',
  /** A paying subscription is cancelled at once (nobody is charged for a deleted account), and the Stripe customer's mapping removed. Before 'profile', which holds the billing record. */
  'billing',
  /** profiles/{uid} and its private records. */
  'profile',
  /** The page_slugs claims, current and retired. */
  'page_slugs',
  /** The member's ratings and reviews, each taken off its book's totals (before 'books', whose own reviews go with them), and their shelves. */
  'reviews',
  /** The member's books (the ids of featured ones are noted in the job for the last step). */
  'books',
  /** The member's products and services. */
  'products_services',
  /** The member's classified ads. */
  'classified_ads',
  /** Every uploaded file under the member's media folder, with the uploads' records and the member's upload allowance. */
  'media',
  /** Home-page slots showing the member or one of their books. */
  'featured',
  /** Follows: the member's own (as a follower) and every follow of them (as an author), email followers' included, and the member's updates to their followers. */
  'follows',
  /** Records kept under the member's uid elsewhere: newsletter choice, plan lock, throttles (src/domain/accounts/member-records.ts). */
  'member_records',
] as const;
/** One deletion step. */
export type AccountDeletionStep = (typeof ACCOUNT_DELETION_STEPS)[number];

/** A deletion job, document `account_deletions/{uid}` (server-only: firestore.rules deny every client). */
export const accountDeletionSchema = z
  .object({
    /** The member being deleted (= document id). */
    uid: idSchema,
    /** Who asked: the member themself or an admin. */
    requested_by: idSchema,
    /** When the deletion was first asked for. */
    requested_at: timestampSchema,
    /** Steps finished so far. */
    steps_done: z.array(z.enum(ACCOUNT_DELETION_STEPS)).default([]),
    /** Ids of the member's books that held a featured slot, noted while deleting the books, cleared from the slots last. */
    featured_book_ids: z.array(idSchema).default([]),
    /** Last progress. */
    updated_at: timestampSchema.nullish(),
    /** When every step was done; absent while the job is unfinished. */
    completed_at: timestampSchema.nullish(),
  })
  .describe('account_deletions');
/** A deletion job. */
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** The steps still to run, in order. */
export function pendingSteps(done: readonly string[]): AccountDeletionStep[] {
  return ACCOUNT_DELETION_STEPS.filter((step) => !done.includes(step));
}

/** The message a caller sees when they may not delete the account. */
export const DELETE_NOT_ALLOWED_MESSAGE = 'Insufficient permissions to delete this profile';
/** The message for a deletion that failed midway (it is finished by calling again, or by the sweep). */
export const DELETE_FAILED_MESSAGE = 'Failed to delete profile. Please try again.';

/** How long an unfinished job waits before the scheduled sweep finishes it (a running call may still be at work before that). */
export const STALE_DELETION_MS = 10 * 60 * 1000;

/** True when an unfinished job last moved more than STALE_DELETION_MS ago, so its call has surely ended. */
export function isStaleDeletion(
  job: { completed_at?: Date | null; updated_at?: Date | null; requested_at: Date },
  now: number,
): boolean {
  if (job.completed_at) return false;
  return now - (job.updated_at ?? job.requested_at).getTime() > STALE_DELETION_MS;
}

/** account_deletions/{uid}: one job per deleted account. Admin SDK only. */
export const ACCOUNT_DELETIONS = 'account_deletions';
