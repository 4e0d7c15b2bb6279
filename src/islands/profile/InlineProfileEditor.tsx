import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { profileFormSchema, toFormValues, type ProfileFormValues } from '../../domain/profile-edit-form.ts';
import type { Profile } from '../../domain/profile.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { discardDraft } from '../../lib/profile-draft.ts';
import { showToast } from '../../lib/toast.ts';
import BooksList from '../books/BooksList.tsx';
import ProductsSection from '../products/ProductsSection.tsx';
import { AboutSection, BasicInfoSection, SocialLinksSection } from './ProfileSections.tsx';
import { PROFILE_SAVED_TOAST, saveProfileChanges } from './save-profile.ts';

interface Props {
  /** Whose page this is. */
  userId: string;
  /** The page's own content, hidden while editing and shown again on Cancel. */
  view: HTMLElement[];
}

type State =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; profile: Profile; email?: string; admin: boolean };

/** Loads the page's profile for editing when the signed-in person may edit it (the owner, or an admin). */
async function loadForEditing(userId: string): Promise<State> {
  const { currentAccount } = await import('../../data/client/auth.ts');
  const account = await currentAccount();
  if (!account || (account.uid !== userId && !account.admin)) return { status: 'unavailable' };
  const editor = await import('../../data/client/profile-editor.ts');
  const profile = await editor.loadEditableProfile(userId);
  if (!profile) return { status: 'unavailable' };
  return {
    status: 'ready',
    profile,
    email: account.uid === userId ? account.email : undefined,
    admin: account.admin,
  };
}

/**
 * Inline editing on /profile/{slug} for the owner or an admin: an Edit toggle,
 * then the editor's sections in place of the page's content (social links
 * included), Save (the same save call and toasts as /profile-edit) and Cancel,
 * which restores the saved values.
 */
export default function InlineProfileEditor({ userId, view }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    void loadForEditing(userId)
      .then(setState)
      .catch((error: unknown) => {
        console.error('Failed to load profile', error);
        setState({ status: 'unavailable' });
      });
  }, [userId]);

  if (state.status !== 'ready') return null;
  return <InlineForm profile={state.profile} email={state.email} admin={state.admin} view={view} />;
}

interface FormProps {
  profile: Profile;
  email?: string;
  admin: boolean;
  view: HTMLElement[];
}

function InlineForm({ profile, email, admin, view }: FormProps) {
  // Books are edited and saved one by one in the Books section (BooksList), not by the profile's Save.
  const [loaded] = useState<ProfileFormValues>(() => toFormValues(profile, []));
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
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

  async function save() {
    setSaving(true);
    const result = await saveProfileChanges(
      loaded,
      form.getValues(),
      {
        userId: profile.id,
        loadedUpdatedAt: profile.updated_at ?? null,
        admin,
      },
      'inline',
    );
    if (result.status === 'failed') {
      setSaving(false);
      return;
    }
    discardDraft(localStorage, profile.id);
    if (result.status === 'unchanged') {
      setSaving(false);
      setEditing(false);
      showToast(PROFILE_SAVED_TOAST);
      return;
    }
    // The page is rendered on the server: load it again to show what was saved (under its new address if the slug changed).
    setFlash(PROFILE_SAVED_TOAST);
    location.assign(`/profile/${encodeURIComponent(result.response.page_slug)}`);
  }

  function refuse() {
    showToast({
      title: 'Error',
      description: 'Please fix the form errors before saving.',
      variant: 'destructive',
    });
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}
        noValidate
        aria-busy={saving}
        aria-label="Edit profile"
        className="space-y-8"
      >
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
          {editing ? (
            <>
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
                Cancel
              </button>
            </>
          ) : null}
        </div>
        {editing ? (
          <div className="space-y-10">
            <BasicInfoSection userId={profile.id} email={email} admin={admin} idPrefix="inline" />
            <AboutSection idPrefix="inline" />
            <SocialLinksSection idPrefix="inline" />
            <div className="flex flex-wrap gap-2 border-t border-line pt-6">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
                Cancel
              </button>
            </div>
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
