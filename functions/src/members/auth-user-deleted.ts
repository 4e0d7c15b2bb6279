import { auth } from 'firebase-functions/v1';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import type { MediaStore } from '../../../src/data/server/media/media-store';
import { db } from '../shared/firestore';
import { finishDeletion, recordDeletion } from './delete-account';

/** What happened after an Auth user was deleted. */
export type AuthUserDeletedOutcome =
  /** No deletion job existed: one was recorded and run to the end. */
  | 'deleted'
  /** A deletion job already existed (deleteAccount or an admin deleted the user as its first step): nothing was done. */
  | 'already-recorded';

/**
 * Removes everything of a member whose Auth user is gone, with the same job as
 * deleteAccount (account_deletions/{uid}, its steps in order), so a member who
 * deletes their sign-in outside our flow (user.delete() in the browser, the
 * Firebase console) leaves nothing public behind: the profile goes first, which
 * hides everything else, then the slugs, items, media and featured slots (and the
 * market entries with them, through their triggers).
 *
 * When a job already exists, the Auth user was deleted as that job's first step
 * (deleteAccount, or an admin's delete-user), whose caller is still running the
 * remaining steps; the 15-minute sweep finishes them if it stopped. Nothing is
 * done then, so the same steps never run twice at once and nothing is repeated.
 * The job is recorded as asked by the member themself.
 */
export async function deleteAccountOfDeletedAuthUser(
  firestore: Firestore,
  uid: string,
  media?: MediaStore,
): Promise<AuthUserDeletedOutcome> {
  if (!(await recordDeletion(firestore, uid, uid))) return 'already-recorded';
  await finishDeletion(firestore, uid, media);
  return 'deleted';
}

/**
 * Runs deleteAccountOfDeletedAuthUser whenever an Auth user is deleted, by any
 * path. A v1 function because v2 has no Auth deletion trigger; the Auth
 * emulator fires it too (tests/functions/members/auth-delete.test.ts relies on that).
 * A failed step leaves the job open, and the sweep (finishAccountDeletions)
 * finishes it.
 */
export const authUserDeleted = auth.user().onDelete(async (user) => {
  try {
    const outcome = await deleteAccountOfDeletedAuthUser(db(), user.uid);
    logger.info('authUserDeleted: done', { uid: user.uid, outcome });
  } catch (error) {
    logger.error('authUserDeleted: a step failed; the job stays open for the sweep', {
      uid: user.uid,
      error,
    });
    throw error;
  }
});
