/**
 * The profile form's sections, shared by /profile-edit and the inline editor on
 * /profile/{slug}: basic info, about and content, and social links. Each reads
 * the form from react-hook-form's context.
 */
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { derivedPageSlug } from '../../domain/accounts/profile-edit.ts';
import type { ProfileFormValues } from '../../domain/members/profile-edit-form.ts';
import { PROFILE_ROLES, SOCIAL_NETWORKS, USER_CATEGORIES } from '../../domain/accounts/profile.ts';
import { SOCIAL_LINK_LABELS } from '../../domain/site/site-settings.ts';
import { ReadOnlyValue, useFieldError } from '../ui/fields.tsx';
import { SelectInput, TextArea, TextInput, fieldId } from './form-controls.tsx';
import PictureInput from './PictureInput.tsx';

/** The hint under the page slug: what an empty slug becomes. */
function SlugHint() {
  const displayName = useWatch<ProfileFormValues, 'display_name'>({ name: 'display_name' });
  const derived = derivedPageSlug(displayName ?? '');
  return (
    <>
      Your page address is /profile/your-slug. Leave it empty to derive it from your display name
      {derived ? (
        <>
          : <code>{derived}</code>
        </>
      ) : null}
      .
    </>
  );
}

interface BasicInfoProps {
  /** The edited member's uid (uploads go to their folder). */
  userId: string;
  /** The sign-in email, shown read-only; absent when an admin edits someone else. */
  email?: string;
  /** Whether the editor may change category and role (the admin claim). */
  admin: boolean;
  /** Prefix of element ids, so two editors on one page never share an id. */
  idPrefix?: string;
}

/** Display name, page title, page slug, picture, email, category and role. */
export function BasicInfoSection({ userId, email, admin, idPrefix }: BasicInfoProps) {
  const { control, getValues } = useFormContext<ProfileFormValues>();
  const pictureError = useFieldError('profile_image');
  return (
    <section aria-labelledby={fieldId('basic-heading', idPrefix)} className="space-y-4">
      <h2 id={fieldId('basic-heading', idPrefix)} className="text-xl font-bold">
        Basic Information
      </h2>
      <TextInput name="display_name" label="Display Name" autoComplete="name" required idPrefix={idPrefix} />
      <TextInput name="page_title" label="Page Title" idPrefix={idPrefix} />
      <TextInput
        name="page_slug"
        label="Page Slug"
        hint={<SlugHint />}
        autoCapitalize="none"
        spellCheck={false}
        idPrefix={idPrefix}
      />
      <Controller
        control={control}
        name="profile_image"
        render={({ field }) => (
          <PictureInput
            id={fieldId('profile_image', idPrefix)}
            value={field.value}
            onChange={field.onChange}
            userId={userId}
            error={pictureError}
          />
        )}
      />
      {email !== undefined ? (
        <ReadOnlyValue
          id={fieldId('email', idPrefix)}
          label="Email"
          value={email}
          hint="Your sign-in email cannot be changed here."
        />
      ) : null}
      {admin ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            name="category"
            label="Category"
            idPrefix={idPrefix}
            options={[
              ...(getValues('category') === '' ? [{ value: '', label: 'Not set' }] : []),
              ...USER_CATEGORIES.map((category) => ({ value: category, label: category })),
            ]}
          />
          <SelectInput
            name="role"
            label="Role"
            idPrefix={idPrefix}
            options={PROFILE_ROLES.map((role) => ({ value: role, label: role }))}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyValue
            id={fieldId('category', idPrefix)}
            label="Category"
            value={getValues('category') || 'Not set'}
          />
          <ReadOnlyValue
            id={fieldId('role', idPrefix)}
            label="Role"
            value={getValues('role')}
            hint="Only an administrator can change the category and role."
          />
        </div>
      )}
    </section>
  );
}

/** About me, special announcement and upcoming events. */
export function AboutSection({ idPrefix }: { idPrefix?: string }) {
  return (
    <section aria-labelledby={fieldId('about-heading', idPrefix)} className="space-y-4">
      <h2 id={fieldId('about-heading', idPrefix)} className="text-xl font-bold">
        About &amp; Content
      </h2>
      <AboutFields idPrefix={idPrefix} />
    </section>
  );
}

/** The three content fields without a section heading (the inline editor places them under the page's own headings). */
export function AboutFields({
  idPrefix,
  only,
}: {
  idPrefix?: string;
  only?: 'about_me' | 'special_announcement' | 'upcoming_events';
}) {
  return (
    <>
      {!only || only === 'about_me' ? (
        <TextArea name="about_me" label="About Me" rows={6} idPrefix={idPrefix} />
      ) : null}
      {!only || only === 'special_announcement' ? (
        <TextArea name="special_announcement" label="Special Announcement" rows={3} idPrefix={idPrefix} />
      ) : null}
      {!only || only === 'upcoming_events' ? (
        <TextArea
          name="upcoming_events"
          label="Upcoming Events"
          rows={4}
          hint="One event per line."
          idPrefix={idPrefix}
        />
      ) : null}
    </>
  );
}

/** A URL input for every social network. */
export function SocialLinksSection({ idPrefix }: { idPrefix?: string }) {
  return (
    <section aria-labelledby={fieldId('social-heading', idPrefix)} className="space-y-4">
      <h2 id={fieldId('social-heading', idPrefix)} className="text-xl font-bold">
        Social Links
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network}
            name={`social_links.${network}`}
            label={SOCIAL_LINK_LABELS[network]}
            type="url"
            inputMode="url"
            placeholder="https://"
            idPrefix={idPrefix}
          />
        ))}
      </div>
    </section>
  );
}
