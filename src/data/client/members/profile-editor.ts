/**
 * What the profile editors read and call: the edited member's profile (rules let
 * an owner read their own and an admin anyone's), and the three callables behind
 * saving, creating a missing profile and deleting an account. Every answer is
 * parsed with the contract's schemas, so the editors only ever handle valid data.
 * The member's books are read and saved by the Books section (`../items/items.ts`).
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import {
  deleteAccountResponseSchema,
  ensureProfileResponseSchema,
  saveProfileResponseSchema,
  type SaveProfileRequest,
  type SaveProfileResponse,
} from '../../../domain/accounts/profile-edit.ts';
import { profileSchema, type Profile } from '../../../domain/accounts/profile.ts';
import { parseDoc } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** The profile of `userId`, or null when there is none. A malformed document throws: the editor must not overwrite what it cannot read. */
export async function loadEditableProfile(userId: string): Promise<Profile | null> {
  const snapshot = await getDoc(doc(db(), 'profiles', userId));
  return snapshot.exists() ? parseDoc(profileSchema, snapshot.id, snapshot.data()) : null;
}

/** Checks a function's answer against its schema; a malformed answer becomes a failed call. */
function parsed<T>(
  outcome: CallOutcome<unknown>,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
): CallOutcome<T> {
  if (!outcome.ok) return outcome;
  const result = schema.safeParse(outcome.data);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, code: 'internal', message: 'The server sent an unexpected answer.' };
}

/** Saves the changes in `request` (see buildSaveRequest); refused saves carry the server's message. */
export async function saveProfile(request: SaveProfileRequest): Promise<CallOutcome<SaveProfileResponse>> {
  return parsed(await callFunction('saveProfile', request), saveProfileResponseSchema);
}

/** Creates the caller's profile the way sign-up does, if it is missing. */
export async function ensureProfile(): Promise<CallOutcome<{ page_slug: string; created: boolean }>> {
  return parsed(await callFunction('ensureProfile', {}), ensureProfileResponseSchema);
}

/** Deletes the account of `userId` and everything it owns (own account, or any for an admin). */
export async function deleteAccount(userId: string): Promise<CallOutcome<{ deleted: true }>> {
  return parsed(await callFunction('deleteAccount', { userId }), deleteAccountResponseSchema);
}
