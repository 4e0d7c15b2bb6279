/**
 * One save of the profile form, shared by both editors: the request holds only
 * what changed since the editor loaded (buildSaveRequest); a failed save shows
 * the editor's failure text (saveFailureText) and leaves the form as it was; a
 * save that went through discards the kept draft (useProfileSave).
 */
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  buildSaveRequest,
  isEmptySave,
  type ProfileFormValues,
  type SaveContext,
} from '../../domain/members/profile-edit-form.ts';
import type { SaveProfileResponse } from '../../domain/accounts/profile-edit.ts';
import type { Profile } from '../../domain/accounts/profile.ts';
import { discardDraft } from '../../lib/profile-draft.ts';
import { showToast } from '../../lib/toast.ts';
import { submitValid } from '../ui/submit-valid.ts';

/** Which editor saves: the /profile-edit page, or the inline editor on the profile page. */
export type ProfileEditorKind = 'page' | 'inline';

/**
 * The failure toast's text: the /profile-edit page names the server's reason
 * ('Failed to save profile: {server message}'); the profile page's inline
 * editor says only 'Failed to save profile changes.'.
 */
export function saveFailureText(editor: ProfileEditorKind, serverMessage: string): string {
  return editor === 'inline' ? 'Failed to save profile changes.' : `Failed to save profile: ${serverMessage}`;
}

/** How a save ended. */
export type SaveResult =
  { status: 'saved'; response: SaveProfileResponse } | { status: 'unchanged' } | { status: 'failed' };

/** A save that went through: stored, or nothing to store. */
export type SavedResult = Exclude<SaveResult, { status: 'failed' }>;

/** Sends the changes between `loaded` and `current` (nothing when nothing changed); a failure shows `editor`'s toast. */
export async function saveProfileChanges(
  loaded: ProfileFormValues,
  current: ProfileFormValues,
  context: SaveContext,
  editor: ProfileEditorKind,
): Promise<SaveResult> {
  const request = buildSaveRequest(loaded, current, context);
  if (isEmptySave(request)) return { status: 'unchanged' };
  let message: string;
  try {
    const { saveProfile } = await import('../../data/client/members/profile-editor.ts');
    const outcome = await saveProfile(request);
    if (outcome.ok) return { status: 'saved', response: outcome.data };
    message = outcome.message;
  } catch (error) {
    console.error('Profile save failed', error);
    message = 'Could not reach the server. Check your connection and try again.';
  }
  showToast({ title: 'Error', description: saveFailureText(editor, message), variant: 'destructive' });
  return { status: 'failed' };
}

/** The success toast after a save. */
export const PROFILE_SAVED_TOAST = {
  title: 'Success',
  description: 'Profile updated successfully!',
} as const;

interface ProfileSaveOptions {
  form: UseFormReturn<ProfileFormValues>;
  /** The profile as loaded: whose it is and the updated_at the save is checked against. */
  profile: Profile;
  /** The form's values as loaded. */
  loaded: ProfileFormValues;
  /** The editor holds the admin claim. */
  admin: boolean;
  editor: ProfileEditorKind;
  /** After a save went through and the draft was discarded: 'leave' while the page goes elsewhere (Save stays busy), 'stay' to end the save. */
  onSaved: (result: SavedResult) => 'leave' | 'stay';
}

/**
 * A profile editor's Save: `saving` while it runs, and the form's submit
 * handler. A form with errors is refused with the 'fix the errors' toast; a
 * failed save ends with the editor's failure toast and the form as it was; a
 * save that went through discards the kept draft, then `onSaved` decides.
 */
export function useProfileSave({ form, profile, loaded, admin, editor, onSaved }: ProfileSaveOptions) {
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    const context = { userId: profile.id, loadedUpdatedAt: profile.updated_at ?? null, admin };
    const result = await saveProfileChanges(loaded, form.getValues(), context, editor);
    if (result.status === 'failed') {
      setSaving(false);
      return;
    }
    discardDraft(localStorage, profile.id);
    if (onSaved(result) === 'stay') setSaving(false);
  }

  return { saving, onSubmit: submitValid(form, save) };
}
