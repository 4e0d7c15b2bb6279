import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { bannerFormSchema, type AdminContentRequest } from '../../domain/admin/admin-content.ts';
import type { AdvertisementBanner } from '../../domain/home/advertisement-banner.ts';
import { showToast } from '../../lib/toast.ts';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { useAsync } from '../ui/use-async.ts';
import ProfileImageField from '../media/ProfileImageField.tsx';
import { INPUT_CLASS, SubmitButton } from '../ui/fields.tsx';
import FormAlert from '../ui/FormAlert.tsx';

function api() {
  return import('../../data/client/admin/admin-content.ts');
}

async function change(request: AdminContentRequest): Promise<boolean> {
  const outcome = await (await api()).adminContent(request);
  if (!outcome.ok)
    showToast({
      title: 'Error',
      description: outcome.message || 'The banner could not be saved. Please try again.',
      variant: 'destructive',
    });
  return outcome.ok;
}

type FormInput = z.input<typeof bannerFormSchema>;

/** The new-banner form: title, image (uploaded through the image pipeline), link, caption, position ≥ 1, active. */
function NewBannerForm({ onCreated, selfUid }: { onCreated: () => void; selfUid: string }) {
  const uploading = useStore($uploadsInFlight) > 0;
  const { register, handleSubmit, formState, reset, control } = useForm<
    FormInput,
    unknown,
    z.output<typeof bannerFormSchema>
  >({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: { title: '', image_url: '', link_url: '', description: '', position: 1, is_active: true },
  });
  const e = formState.errors;
  const aria = (name: keyof FormInput) => ({
    'aria-invalid': e[name] ? true : undefined,
    'aria-describedby': e[name] ? `banner-${name}-error` : undefined,
  });
  const error = (name: keyof FormInput) =>
    e[name] ? (
      <FormAlert id={`banner-${name}-error`} spaced>
        {e[name]?.message}
      </FormAlert>
    ) : null;

  async function submit(banner: z.output<typeof bannerFormSchema>) {
    if (await change({ action: 'create-banner', banner })) {
      showToast({ title: 'Success', description: `Banner “${banner.title}” added.` });
      reset();
      onCreated();
    }
  }

  return (
    <form
      className="grid gap-3 md:grid-cols-2"
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-label="New banner"
    >
      <div>
        <label htmlFor="banner-title" className="mb-1 block text-sm font-semibold">
          Banner Title
        </label>
        <input id="banner-title" className={INPUT_CLASS} {...aria('title')} {...register('title')} />
        {error('title')}
      </div>
      <div className="md:row-span-2">
        <Controller
          control={control}
          name="image_url"
          render={({ field }) => (
            <ProfileImageField
              value={field.value}
              onChange={field.onChange}
              userId={selfUid}
              kind="banner-images"
              label="Banner Image"
              shape="wide"
            />
          )}
        />
        {error('image_url')}
      </div>
      <div>
        <label htmlFor="banner-link_url" className="mb-1 block text-sm font-semibold">
          Link URL
        </label>
        <input id="banner-link_url" className={INPUT_CLASS} {...aria('link_url')} {...register('link_url')} />
        {error('link_url')}
      </div>
      <div>
        <label htmlFor="banner-position" className="mb-1 block text-sm font-semibold">
          Position
        </label>
        <input
          id="banner-position"
          type="number"
          min={1}
          step={1}
          className={INPUT_CLASS}
          {...aria('position')}
          {...register('position', { valueAsNumber: true })}
        />
        {error('position')}
      </div>
      <div className="md:col-span-2">
        <label htmlFor="banner-description" className="mb-1 block text-sm font-semibold">
          Description
        </label>
        <input
          id="banner-description"
          className={INPUT_CLASS}
          {...aria('description')}
          {...register('description')}
        />
        {error('description')}
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" {...register('is_active')} />
        Active
      </label>
      <div className="md:col-span-2">
        <SubmitButton
          busy={formState.isSubmitting}
          busyLabel="Adding…"
          waitingLabel={uploading ? 'Uploading image…' : undefined}
        >
          Add Banner
        </SubmitButton>
      </div>
    </form>
  );
}

/** Asks before deleting a banner. */
function DeleteBanner({ banner, onDeleted }: { banner: AdvertisementBanner; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      trigger="Delete"
      title="Delete Banner"
      description={
        <>Are you sure you want to delete the banner “{banner.title}”? This action cannot be undone.</>
      }
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onConfirm={async () => {
        if (!(await change({ action: 'delete-banner', bannerId: banner.id }))) return 'stay';
        showToast({ title: 'Success', description: `Banner “${banner.title}” deleted.` });
        onDeleted();
        return 'close';
      }}
    />
  );
}

/** Advertisement Banners: every banner in position order, with activate/deactivate and delete, and the new-banner form. */
export default function Banners({ selfUid }: { selfUid: string }) {
  const [banners, reload] = useAsync(() => api().then((m) => m.loadBanners()), [], 'Failed to load banners');

  return (
    <div className="space-y-4">
      <AsyncContent
        state={banners}
        loading="Loading banners…"
        failed="The banners could not be loaded."
        empty="No banners yet."
      >
        {(list) => (
          <ul className="divide-y divide-line rounded border border-line bg-white" aria-label="Banners">
            {list.map((banner) => (
              <li
                key={banner.id}
                className="flex flex-wrap items-center justify-between gap-3 p-3"
                aria-label={banner.title}
              >
                <span>
                  <span className="font-semibold">{banner.position}.</span> {banner.title}{' '}
                  <span className="text-sm text-ink-muted">{banner.is_active ? 'Active' : 'Inactive'}</span>
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() =>
                      void change({
                        action: 'set-banner-active',
                        bannerId: banner.id,
                        is_active: !banner.is_active,
                      }).then((ok) => {
                        if (!ok) return;
                        showToast({
                          title: 'Success',
                          description: `Banner “${banner.title}” ${banner.is_active ? 'deactivated' : 'activated'}.`,
                        });
                        reload();
                      })
                    }
                  >
                    {banner.is_active ? 'Deactivate' : 'Activate'}
                  </button>
                  <DeleteBanner banner={banner} onDeleted={reload} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </AsyncContent>
      <NewBannerForm onCreated={reload} selfUid={selfUid} />
    </div>
  );
}
