/**
 * One save of the profile form, shared by both editors: the request holds only
 * what changed since the editor loaded (buildSaveRequest); a refused save shows
 * 'Failed to save profile: {server message}' and leaves the form as it was.
 */
import {
  buildSaveRequest,
  isEmptySave,
  type ProfileFormValues,
  type SaveContext,
} from '../../domain/profile-edit-form.ts';
import type { SaveProfileResponse } from '../../domain/profile-edit.ts';
import { showToast } from '../../lib/toast.ts';

/** How a save ended. */
export type SaveResult =
  { status: 'saved'; response: SaveProfileResponse } | { status: 'unchanged' } | { status: 'failed' };

/** Sends the changes between `loaded` and `current`; nothing is sent when nothing changed. */
export async function saveProfileChanges(
  loaded: ProfileFormValues,
  current: ProfileFormValues,
  context: SaveContext,
): Promise<SaveResult> {
  const request = buildSaveRequest(loaded, current, context);
  if (isEmptySave(request)) return { status: 'unchanged' };
  let message: string;
  try {
    const { saveProfile } = await import('../../data/client/profile-editor.ts');
    const outcome = await saveProfile(request);
    if (outcome.ok) return { status: 'saved', response: outcome.data };
    message = outcome.message;
  } catch (error) {
    console.error('Profile save failed', error);
    message = 'Could not reach the server. Check your connection and try again.';
  }
  showToast({ title: 'Error', description: `Failed to save profile: ${message}`, variant: 'destructive' });
  return { status: 'failed' };
}

/** The success toast after a save. */
export const PROFILE_SAVED_TOAST = {
  title: 'Success',
  description: 'Profile updated successfully!',
} as const;
