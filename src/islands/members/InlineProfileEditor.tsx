import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  profileFormSchema,
  toFormValues,
  type ProfileFormValues,
} from '../../domain/members/profile-edit-form.ts';
import type { Profile } from '../../domain/accounts/profile.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import BooksList from '../kinds/BooksList.tsx';
import ProductsSection from '../kinds/ProductsSection.tsx';
import { SubmitButton } from '../ui/fields.tsx';
import { useAsync } from '../ui/use-async.ts';
import { AboutSection, BasicInfoSection, SocialLinksSection } from './ProfileSections.tsx';
import { PROFILE_SAVED_TOAST, useProfileSave } from './save-profile.ts';

interface Props {
  /** Whose page this is. */
  userId: string;
  /** The page's own content, hidden while editing and shown again on Cancel. */
  view: HTMLElement[];
}

/** What the inline editor needs: the profile, the owner's sign-in email (for the owner only) and the admin flag. */
interface Editable {
  profile: Profile;
  email?: string;
  admin: boolean;
}

/** The page's profile for editing, or null when the signed-in person may not edit it (only the owner or an admin may). */
async function loadForEditing(userId: string): Promise<Editable | null> {
  const { currentAccount } = await import('../../data/client/shared/auth.ts');
  const account = await currentAccount();
  if (!account || (account.uid !== userId && !account.admin)) return null;
  const editor = await import('../../data/client/members/profile-editor.ts');
  const profile = await editor.loadEditableProfile(userId);
  if (!profile) return null;
  return { profile, email: account.uid === userId ? account.email : undefined, admin: account.admin };
}

/**
 * Inline editing on /profile/{slug} for the owner or an admin: an Edit toggle,
 * then the editor's sections in place of the page's content (social links
 * included), Save (the same save call and toasts as /profile-edit) and Cancel,
 * which restores the saved values. Anyone else, and everyone while it loads or
 * when the load failed, sees only the page's own content.
 */
export default function InlineProfileEditor({ userId, view }: Props) {
  const [state] = useAsync(() => loadForEditing(userId), [userId], 'Failed to load profile');
  if (state.status !== 'ready' || state.value === null) return null;
  const { profile, email, admin } = state.value;
  return <InlineForm profile={profile} email={email} admin={admin} view={view} />;
}

interface FormProps {
  profile: Profile;
  email?: string;
  admin: boolean;
  view: HTMLElement[];
}

function InlineForm({ profile, email, admin, view }: FormProps) {
  // Books are edited and saved one by one in the Books section (BooksList), not by the profile's Save.
  const [loaded] = useState<ProfileFormValues>(() => toFormValues(profile));
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: loaded,
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    for (const element of view) element.hidden = editing;
  }, [editing, view]);

  function toggle() {
    if (editing) cancel();
    else setEditing(true);
  }

  function cancel() {
    form.reset(loaded);
    setEditing(false);
  }

  const { saving, onSubmit } = useProfileSave({
    form,
    profile,
    loaded,
    admin,
    editor: 'inline',
    onSaved(result) {
      if (result.status === 'unchanged') {
        setEditing(false);
        showToast(PROFILE_SAVED_TOAST);
        return 'stay';
      }
      // The page is rendered on the server: load it again to show what was saved (under its new address if the slug changed).
      setFlash(PROFILE_SAVED_TOAST);
      location.assign(`/profile/${encodeURIComponent(result.response.page_slug)}`);
      return 'leave';
    },
  });

  // Save and Cancel stand above the sections and again under them.
  const saveAndCancel = (
    <>
      <SubmitButton busy={saving}>Save</SubmitButton>
      <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
        Cancel
      </button>
    </>
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-busy={saving} aria-label="Edit profile" className="space-y-8">
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className="btn btn-outline"
            aria-pressed={editing}
            onClick={toggle}
            disabled={saving}
          >
            Edit
          </button>
          {editing ? saveAndCancel : null}
        </div>
        {editing ? (
          <div className="space-y-10">
            <BasicInfoSection userId={profile.id} email={email} admin={admin} idPrefix="inline" />
            <AboutSection idPrefix="inline" />
            <SocialLinksSection idPrefix="inline" />
            <div className="flex flex-wrap gap-2 border-t border-line pt-6">{saveAndCancel}</div>
          </div>
        ) : null}
      </form>
      {editing ? (
        // Outside the profile form: each book and product is saved on its own.
        <div className="mt-10 space-y-10 border-t border-line pt-10">
          <BooksList
            userId={profile.id}
            subscription={profile.subscription_status}
            admin={admin}
            idPrefix="inline-bl"
          />
          <ProductsSection
            userId={profile.id}
            subscription={profile.subscription_status}
            admin={admin}
            idPrefix="inline-ps"
          />
        </div>
      ) : null}
    </FormProvider>
  );
}
