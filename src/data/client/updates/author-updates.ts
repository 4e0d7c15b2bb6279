/**
 * What the owner's update tools on a profile page read and call: the owner's
 * books an update may point at, and the postAuthorUpdate and deleteAuthorUpdate
 * callables (src/domain/updates/author-update.ts), whose answers are checked
 * against the contract, so the tools only ever handle valid data.
 */
import {
  postAuthorUpdateResponseSchema,
  type PostAuthorUpdateRequest,
  type PostAuthorUpdateResponse,
} from '../../../domain/updates/author-update.ts';
import { isItemShown } from '../../../domain/accounts/visibility.ts';
import { loadMemberItems } from '../kinds/items.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** A book an update may be about. */
export interface UpdateBookChoice {
  id: string;
  title: string;
}

/**
 * The books of `uid` an update may point at: those visitors can open (active,
 * not hidden by moderation), by title. The server only checks that a book is the
 * caller's; offering only shown ones keeps an update from linking to a missing page.
 */
export async function listUpdateBooks(uid: string): Promise<UpdateBookChoice[]> {
  const books = await loadMemberItems('book', uid);
  return books
    .filter(isItemShown)
    .map((book) => ({ id: book.id, title: book.title }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Posts an update of the signed-in member. */
export async function postAuthorUpdate(
  request: PostAuthorUpdateRequest,
): Promise<CallOutcome<PostAuthorUpdateResponse>> {
  const outcome = await callFunction('postAuthorUpdate', request);
  if (!outcome.ok) return outcome;
  const parsed = postAuthorUpdateResponseSchema.safeParse(outcome.data);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, code: 'internal', message: 'The server sent an unexpected answer.' };
}

/** Deletes one of the signed-in member's updates. */
export async function deleteAuthorUpdate(id: string): Promise<CallOutcome<{ id: string }>> {
  return callFunction('deleteAuthorUpdate', { id });
}
