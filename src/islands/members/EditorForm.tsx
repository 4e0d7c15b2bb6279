import { useStore } from '@nanostores/react';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  profileFormSchema,
  toFormValues,
  type ProfileFormValues,
} from '../../domain/members/profile-edit-form.ts';
import type { Profile } from '../../domain/accounts/profile.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { discardDraft, draftToOffer, keepDraft, PROFILE_DRAFT_DELAY_MS } from '../../lib/profile-draft.ts';
import { showToast } from '../../lib/toast.ts';
import BooksList from '../kinds/BooksList.tsx';
import ProductsSection from '../kinds/ProductsSection.tsx';
import DeleteProfileDialog from './DeleteProfileDialog.tsx';
import NewsletterSubscriptionSwitch from './NewsletterSubscriptionSwitch.tsx';
import ShelvesPrivacySwitch from './ShelvesPrivacySwitch.tsx';
import DraftRestoreDialog from './DraftRestoreDialog.tsx';
import { SubmitButton } from '../ui/fields.tsx';
import { AboutSection, BasicInfoSection, SocialLinksSection } from './ProfileSections.tsx';
import { PROFILE_SAVED_TOAST, useProfileSave } from './save-profile.ts';
import { onSessionEnding } from '../../lib/kept-draft.ts';

interface Props {
  /** The profile as loaded. */
  profile: Profile;
  /** The sign-in email, for one's own profile. */
  email?: string;
  /** The editor holds the admin claim. */
  admin: boolean;
  /** The editor edits their own profile. */
  own: boolean;
}

/**
 * The /profile-edit form: every section, the draft kept 1 s after each change,
 * Save Profile (only what changed, then the profile page) and Delete Profile.
 */
export default function EditorForm({ profile, email, admin, own }: Props) {
  const userId = profile.id;
  const [loaded] = useState<ProfileFormValues>(() =>
    // Books are edited and saved one by one in the Books section (BooksList), not by the profile's Save.
    toFormValues(profile),
  );
  // Read once: a draft differing from the saved profile is offered before autosave starts.
  const [draftOffer, setDraftOffer] = useState<ProfileFormValues | null>(() =>
    draftToOffer(localStorage, userId, loaded),
  );
  // Save waits for a picture upload in flight: saving now would keep the old picture.
  const uploading = useStore($uploadsInFlight) > 0;
  // Set once a save succeeded: a pending autosave must not bring the draft back.
  const saved = useRef(false);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: loaded,
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (draftOffer) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (!saved.current) keepDraft(localStorage, userId, values, loaded);
        }, PROFILE_DRAFT_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [draftOffer, form, loaded, userId]);

  // A session ended elsewhere leaves for the sign-in screen at once: keep the latest values, not those of a second ago.
  useEffect(
    () =>
      onSessionEnding(() => {
        if (!saved.current) keepDraft(localStorage, userId, form.getValues(), loaded);
      }),
    [form, loaded, userId],
  );

  function restoreDraft() {
    if (draftOffer) form.reset(draftOffer);
    setDraftOffer(null);
    showToast({
      title: 'Draft Restored',
      description: 'Your unsaved changes have been restored.',
    });
  }

  function declineDraft() {
    discardDraft(localStorage, userId);
    setDraftOffer(null);
  }

  const { saving, onSubmit } = useProfileSave({
    form,
    profile,
    loaded,
    admin,
    editor: 'page',
    onSaved(result) {
      saved.current = true;
      const slug = result.status === 'saved' ? result.response.page_slug : loaded.page_slug;
      setFlash(PROFILE_SAVED_TOAST);
      location.assign(`/profile/${encodeURIComponent(slug)}`);
      return 'leave';
    },
  });

  return (
    <FormProvider {...form}>
      {draftOffer ? <DraftRestoreDialog onRestore={restoreDraft} onDiscard={declineDraft} /> : null}
      {!own ? (
        <p className="mb-6 rounded-md border border-line bg-accent-soft px-4 py-3">
          You are editing <strong>{profile.display_name}</strong>&rsquo;s profile as an administrator.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-busy={saving} className="space-y-10">
        <BasicInfoSection userId={userId} email={email} admin={admin} />
        <AboutSection />
        <SocialLinksSection />
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
          <SubmitButton busy={saving} waitingLabel={uploading ? 'Uploading image…' : undefined}>
            Save Profile
          </SubmitButton>
          <a href={`/profile/${encodeURIComponent(loaded.page_slug)}`} className="btn btn-outline">
            View Profile
          </a>
          <a
            href={own ? '/account' : `/account?userId=${encodeURIComponent(userId)}`}
            className="btn btn-outline"
          >
            Account settings
          </a>
          <span className="grow" />
          <DeleteProfileDialog userId={userId} displayName={profile.display_name} own={own} />
        </div>
      </form>
      {/* Outside the profile form: each book and product is saved on its own. */}
      <div className="mt-10 space-y-10 border-t border-line pt-10">
        <BooksList userId={userId} subscription={profile.subscription_status} admin={admin} />
        <ProductsSection userId={userId} subscription={profile.subscription_status} admin={admin} />
      </div>
      {own ? <NewsletterSubscriptionSwitch userId={userId} /> : null}
      {own ? <ShelvesPrivacySwitch userId={userId} /> : null}
    </FormProvider>
  );
}
