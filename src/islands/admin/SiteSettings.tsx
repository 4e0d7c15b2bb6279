import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BRANDING_FIELDS,
  canAddMenuItem,
  moveMenuItem,
  siteSettingsEditSchema,
} from '../../domain/admin/admin-site-settings.ts';
import { SHIPPED_FEATURES } from '../../domain/billing/early-access.ts';
import { SOCIAL_NETWORKS } from '../../domain/accounts/profile.ts';
import {
  MAX_MENU_ITEMS,
  SOCIAL_LINK_LABELS,
  resolveSiteSettings,
  type SiteSettings as Stored,
} from '../../domain/site/site-settings.ts';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import ProfileImageField from '../media/ProfileImageField.tsx';
import Banners from './Banners.tsx';
import { EarlyAccessForm, PromotionForm } from './PromotionAndEarlyAccess.tsx';
import UpdateLimitsForm from './UpdateLimitsForm.tsx';
import ModerationHoldForm from './ModerationHoldForm.tsx';
import { saveSiteSettings } from './save-site-settings.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { INPUT_CLASS, SubmitButton } from '../ui/fields.tsx';
import { useAsync } from '../ui/use-async.ts';
import FormAlert from '../ui/FormAlert.tsx';

const brandingSchema = siteSettingsEditSchema.pick(BRANDING_FIELDS).required();
type Branding = z.input<typeof brandingSchema>;

/** Logo & Branding: the logo (uploaded through the image pipeline), title, descriptions and site address. */
function BrandingForm({ stored, selfUid }: { stored: Stored | null; selfUid: string }) {
  const uploading = useStore($uploadsInFlight) > 0;
  const { register, handleSubmit, formState, control } = useForm<
    Branding,
    unknown,
    z.output<typeof brandingSchema>
  >({
    resolver: zodResolver(brandingSchema),
    defaultValues: {
      logo_url: stored?.logo_url ?? '',
      site_title: stored?.site_title ?? '',
      header_description: stored?.header_description ?? '',
      hero_description: stored?.hero_description ?? '',
      website_url: stored?.website_url ?? '',
    },
  });
  const e = formState.errors;
  const fields: { name: Exclude<keyof Branding, 'logo_url'>; label: string; hint?: string }[] = [
    { name: 'site_title', label: 'Site Title', hint: 'Empty uses “Shelfmark”.' },
    { name: 'header_description', label: 'Header Description' },
    { name: 'hero_description', label: 'Hero Description' },
    { name: 'website_url', label: 'Website URL' },
  ];
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={handleSubmit(async (values) => void (await saveSiteSettings(values)))}
    >
      <Controller
        control={control}
        name="logo_url"
        render={({ field }) => (
          <ProfileImageField
            value={field.value ?? ''}
            onChange={field.onChange}
            userId={selfUid}
            kind="site-logos"
            label="Logo"
            shape="wide"
          />
        )}
      />
      <p className="text-sm text-ink-muted">
        Without a logo the header shows the default icon. Save Branding to publish a new logo.
      </p>
      <FormAlert id="ss-logo_url-error" spaced>
        {e.logo_url?.message}
      </FormAlert>
      {fields.map(({ name, label, hint }) => (
        <div key={name}>
          <label htmlFor={`ss-${name}`} className="mb-1 block text-sm font-semibold">
            {label}
          </label>
          {name === 'hero_description' ? (
            <textarea
              id={`ss-${name}`}
              rows={3}
              className={INPUT_CLASS}
              aria-invalid={e[name] ? true : undefined}
              aria-describedby={e[name] ? `ss-${name}-error` : undefined}
              {...register(name)}
            />
          ) : (
            <input
              id={`ss-${name}`}
              className={INPUT_CLASS}
              aria-invalid={e[name] ? true : undefined}
              aria-describedby={e[name] ? `ss-${name}-error` : hint ? `ss-${name}-hint` : undefined}
              {...register(name)}
            />
          )}
          {hint ? (
            <p id={`ss-${name}-hint`} className="mt-1 text-sm text-ink-muted">
              {hint}
            </p>
          ) : null}
          <FormAlert id={`ss-${name}-error`} spaced>
            {e[name]?.message}
          </FormAlert>
        </div>
      ))}
      <SubmitButton busy={formState.isSubmitting} waitingLabel={uploading ? 'Uploading image…' : undefined}>
        Save Branding
      </SubmitButton>
    </form>
  );
}

const menuSchema = siteSettingsEditSchema.pick({ menu_items: true }).required();
type MenuValues = z.input<typeof menuSchema>;

/** Navigation Menu: add, edit, reorder and remove the header's items (at most 20). */
function MenuForm({ stored }: { stored: Stored | null }) {
  const { register, handleSubmit, formState, control, getValues, reset } = useForm<
    MenuValues,
    unknown,
    z.output<typeof menuSchema>
  >({
    resolver: zodResolver(menuSchema),
    defaultValues: { menu_items: resolveSiteSettings(stored).menu_items },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'menu_items' });
  const errors = formState.errors.menu_items;

  function move(index: number, offset: -1 | 1) {
    reset({ menu_items: moveMenuItem(getValues('menu_items') ?? [], index, offset) }, { keepDirty: true });
  }

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={handleSubmit(async (values) => void (await saveSiteSettings(values)))}
    >
      <ol className="space-y-2" aria-label="Menu items">
        {fields.map((field, index) => {
          const itemErrors = errors?.[index];
          return (
            <li
              key={field.id}
              className="flex flex-wrap items-start gap-2 rounded border border-line bg-white p-2"
            >
              <div className="min-w-40 flex-1">
                <label htmlFor={`menu-${index}-label`} className="text-sm font-semibold">
                  Label {index + 1}
                </label>
                <input
                  id={`menu-${index}-label`}
                  className={INPUT_CLASS}
                  aria-invalid={itemErrors?.label ? true : undefined}
                  aria-describedby={itemErrors?.label ? `menu-${index}-label-error` : undefined}
                  {...register(`menu_items.${index}.label`)}
                />
                <FormAlert id={`menu-${index}-label-error`} spaced>
                  {itemErrors?.label?.message}
                </FormAlert>
              </div>
              <div className="min-w-40 flex-1">
                <label htmlFor={`menu-${index}-url`} className="text-sm font-semibold">
                  URL {index + 1}
                </label>
                <input
                  id={`menu-${index}-url`}
                  className={INPUT_CLASS}
                  aria-invalid={itemErrors?.url ? true : undefined}
                  aria-describedby={itemErrors?.url ? `menu-${index}-url-error` : undefined}
                  {...register(`menu_items.${index}.url`)}
                />
                <FormAlert id={`menu-${index}-url-error`} spaced>
                  {itemErrors?.url?.message}
                </FormAlert>
              </div>
              <div className="flex gap-1 self-end">
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={`Move item ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={`Move item ${index + 1} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={`Remove item ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <FormAlert id="menu-error" spaced>
        {errors?.message ?? errors?.root?.message}
      </FormAlert>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={!canAddMenuItem(fields)}
          onClick={() => append({ label: '', url: '/' })}
        >
          Add Menu Item
        </button>
        <SubmitButton busy={formState.isSubmitting}>Save Menu</SubmitButton>
      </div>
      <p className="text-sm text-ink-muted">
        At most {MAX_MENU_ITEMS} items. Removing every item brings back the default menu.
      </p>
    </form>
  );
}

const socialSchema = siteSettingsEditSchema.pick({ social_links: true }).required();
type SocialValues = z.input<typeof socialSchema>;

/** Social Media Links: one address per network, empty to hide it. */
function SocialForm({ stored }: { stored: Stored | null }) {
  const { register, handleSubmit, formState } = useForm<SocialValues, unknown, z.output<typeof socialSchema>>(
    {
      resolver: zodResolver(socialSchema),
      defaultValues: {
        social_links: Object.fromEntries(
          SOCIAL_NETWORKS.map((network) => [network, stored?.social_links?.[network] ?? '']),
        ),
      },
    },
  );
  const errors = formState.errors.social_links as
    Record<string, { message?: string } | undefined> | undefined;
  return (
    <form
      className="grid gap-3 md:grid-cols-2"
      noValidate
      onSubmit={handleSubmit(async (values) => void (await saveSiteSettings(values)))}
    >
      {SOCIAL_NETWORKS.map((network) => (
        <div key={network}>
          <label htmlFor={`social-${network}`} className="mb-1 block text-sm font-semibold">
            {SOCIAL_LINK_LABELS[network]}
          </label>
          <input
            id={`social-${network}`}
            type="url"
            className={INPUT_CLASS}
            aria-invalid={errors?.[network] ? true : undefined}
            aria-describedby={errors?.[network] ? `social-${network}-error` : undefined}
            {...register(`social_links.${network}`)}
          />
          <FormAlert id={`social-${network}-error`} spaced>
            {errors?.[network]?.message}
          </FormAlert>
        </div>
      ))}
      <div className="md:col-span-2">
        <SubmitButton busy={formState.isSubmitting}>Save Social Links</SubmitButton>
      </div>
    </form>
  );
}

/** Site Settings: Logo & Branding, Navigation Menu, Social Media Links, Holiday Promotion, Early Access, Banners. */
export default function SiteSettings({ selfUid }: { selfUid: string }) {
  const [stored] = useAsync(
    () =>
      import('../../data/client/admin/admin-site-settings.ts').then(({ loadSiteSettings }) =>
        loadSiteSettings(),
      ),
    [],
    'Failed to load site settings',
  );
  return (
    <AsyncContent
      state={stored}
      loading="Loading site settings…"
      failed="The site settings could not be loaded."
    >
      {(settings) => <SettingsSections stored={settings} selfUid={selfUid} />}
    </AsyncContent>
  );
}

/** The sections (Early Access only once a feature behind a switch has shipped), once the stored settings (or none yet) are loaded. */
function SettingsSections({ stored, selfUid }: { stored: Stored | null; selfUid: string }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="branding-heading" className="space-y-3">
        <h2 id="branding-heading" className="text-xl font-bold">
          Logo &amp; Branding
        </h2>
        <BrandingForm stored={stored} selfUid={selfUid} />
      </section>
      <section aria-labelledby="menu-heading" className="space-y-3">
        <h2 id="menu-heading" className="text-xl font-bold">
          Navigation Menu
        </h2>
        <MenuForm stored={stored} />
      </section>
      <section aria-labelledby="social-heading" className="space-y-3">
        <h2 id="social-heading" className="text-xl font-bold">
          Social Media Links
        </h2>
        <SocialForm stored={stored} />
      </section>
      <section aria-labelledby="promotion-heading" className="space-y-3">
        <h2 id="promotion-heading" className="text-xl font-bold">
          Holiday Promotion
        </h2>
        <PromotionForm stored={stored} />
      </section>
      {SHIPPED_FEATURES.length > 0 ? (
        <section aria-labelledby="early-access-heading" className="space-y-3">
          <h2 id="early-access-heading" className="text-xl font-bold">
            Early Access
          </h2>
          <EarlyAccessForm stored={stored} features={SHIPPED_FEATURES} />
        </section>
      ) : null}
      <section aria-labelledby="update-limits-heading" className="space-y-3">
        <h2 id="update-limits-heading" className="text-xl font-bold">
          Updates to Followers
        </h2>
        <UpdateLimitsForm stored={stored} />
      </section>
      <section aria-labelledby="moderation-hold-heading" className="space-y-3">
        <h2 id="moderation-hold-heading" className="text-xl font-bold">
          Moderation Hold
        </h2>
        <ModerationHoldForm stored={stored} />
      </section>
      <section aria-labelledby="banners-heading" className="space-y-3">
        <h2 id="banners-heading" className="text-xl font-bold">
          Advertisement Banners
        </h2>
        <Banners selfUid={selfUid} />
      </section>
    </div>
  );
}
