/**
 * The classified ad form, for /classifieds/create and /classifieds/{id}/edit:
 * basic information, pricing and condition, contact information. Validation
 * is the domain's classifiedAdFormSchema (the spec's messages, inline under
 * each field); firestore.rules repeats it on the server. A visitor is sent to
 * /auth ('Authentication Required'); editing loads only the member's own ad.
 */
import { useStore } from '@nanostores/react';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  AD_IMAGE_KIND,
  CLASSIFIED_DESCRIPTION_MAX,
  CLASSIFIED_TITLE_MAX,
  SUBCATEGORY_NONE,
  classifiedAdFormSchema,
  type ClassifiedAd,
  type ClassifiedAdForm,
  type ClassifiedAdFormInput,
} from '../../domain/market/classified-ad.ts';
import {
  CONDITION_FORM_OPTIONS,
  CONDITION_NOT_SPECIFIED,
  CONTACT_METHOD_OPTIONS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  LISTING_CATEGORIES,
  subcategoriesOf,
} from '../../domain/market/marketplace.ts';
import { MAX_TAGS, TAG_MAX_LENGTH } from '../../domain/shared/tags.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import ProfileImageField from '../ui/ProfileImageField.tsx';
import DeleteAdDialog from './DeleteAdDialog.tsx';
import { useKeptDraft } from '../ui/use-kept-draft.ts';
import { INPUT_CLASS } from '../ui/styles.ts';

interface Props {
  /** The ad to edit; absent to create one. */
  adId?: string;
  /** Ask 'Are you sure…' at once (the ad page's Delete button leads here). */
  confirmDelete?: boolean;
}

/** The form's values as typed: text everywhere, as the inputs hold them. */
interface FormValues {
  title: string;
  description: string;
  category: string;
  subcategory: string;
  price: string;
  currency: string;
  condition: string;
  location: string;
  contact_method: string;
  contact_info: string;
  is_service: boolean;
  tags: string;
  image_url: string;
}

const EMPTY: FormValues = {
  title: '',
  description: '',
  category: '',
  subcategory: SUBCATEGORY_NONE,
  price: '',
  currency: DEFAULT_CURRENCY,
  condition: CONDITION_NOT_SPECIFIED,
  location: '',
  contact_method: '',
  contact_info: '',
  is_service: false,
  tags: '',
  image_url: '',
};

function valuesOf(ad: ClassifiedAd, contactInfo: string | null): FormValues {
  return {
    title: ad.title,
    description: ad.description,
    category: ad.category,
    subcategory: ad.subcategory ?? SUBCATEGORY_NONE,
    price: ad.price === null || ad.price === undefined ? '' : String(ad.price),
    currency: ad.currency,
    condition: ad.condition ?? CONDITION_NOT_SPECIFIED,
    location: ad.location ?? '',
    contact_method: ad.contact_method,
    contact_info: contactInfo ?? '',
    is_service: ad.is_service,
    tags: ad.tags.join(', '),
    image_url: ad.image_url ?? '',
  };
}

/** hiddenByModerator: the ad is hidden by an admin's moderation (only its seller and admins see it). */
type State = { kind: 'loading' } | { kind: 'ready'; uid: string; hiddenByModerator: boolean };

export default function ClassifiedAdEditor({ adId, confirmDelete = false }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [saving, setSaving] = useState(false);
  // Save waits for a picture upload in flight: saving now would keep the old picture.
  const uploading = useStore($uploadsInFlight) > 0;
  const form = useForm<FormValues, unknown, ClassifiedAdForm>({
    // The schema reads the typed text (price, tags, 'none', 'not_specified') into what is stored;
    // its input type is narrower than the form's strings (the select's values), hence the cast.
    resolver: zodResolver(classifiedAdFormSchema) as unknown as Resolver<
      FormValues,
      unknown,
      ClassifiedAdForm
    >,
    defaultValues: EMPTY,
    mode: 'onSubmit',
  });
  const { register, handleSubmit, control, setValue, reset, formState } = form;
  const errors = formState.errors as FieldErrors<ClassifiedAdFormInput>;
  const category = useWatch({ control, name: 'category' });
  const imageUrl = useWatch({ control, name: 'image_url' });
  useKeptDraft(form, `ad:${adId ?? 'new'}`, state.kind === 'ready');

  useEffect(() => {
    let cancelled = false;
    let hiddenByModerator = false;
    (async () => {
      const { currentAccount } = await import('../../data/client/accounts/auth.ts');
      const account = await currentAccount();
      if (cancelled) return;
      if (!account) {
        setFlash({
          title: 'Authentication Required',
          description: 'Please log in to create an ad. All ads must be posted from your profile.',
          variant: 'destructive',
        });
        location.assign('/auth');
        return;
      }
      if (adId) {
        try {
          const { getOwnAd } = await import('../../data/client/market/classified-ads.ts');
          const own = await getOwnAd(adId, account.uid);
          if (!own) throw new Error('not the member’s ad');
          hiddenByModerator = own.ad.moderation_hidden;
          if (!cancelled) reset(valuesOf(own.ad, own.contactInfo));
        } catch (error) {
          console.error('Failed to load classified ad for editing.', error);
          setFlash({
            title: 'Error',
            description: 'Failed to load classified ad for editing.',
            variant: 'destructive',
          });
          location.assign('/classifieds');
          return;
        }
      }
      if (!cancelled) setState({ kind: 'ready', uid: account.uid, hiddenByModerator });
    })().catch((error: unknown) => console.error('Failed to open the ad form.', error));
    return () => {
      cancelled = true;
    };
  }, [adId, reset]);

  async function save(values: ClassifiedAdForm) {
    if (state.kind !== 'ready') return;
    setSaving(true);
    try {
      const data = await import('../../data/client/market/classified-ads.ts');
      let id = adId;
      if (id) await data.updateAd(id, values);
      else id = await data.createAd(state.uid, values);
      setFlash({
        title: 'Success',
        description: adId ? 'Classified ad updated successfully!' : 'Classified ad created successfully!',
      });
      location.assign(`/classifieds/${id}`);
    } catch (error) {
      // A session ended elsewhere: the page is already on its way to the sign-in screen, the draft kept.
      if (error instanceof Error && error.name === 'SessionEndedError') return;
      console.error('Failed to save classified ad.', error);
      showToast({ title: 'Error', description: 'Failed to save classified ad.', variant: 'destructive' });
      setSaving(false);
    }
  }

  if (state.kind === 'loading') {
    return (
      <p className="text-ink-muted" role="status">
        Loading…
      </p>
    );
  }

  const field = (name: keyof FormValues, label: string, control: React.ReactNode, hint?: string) => {
    const message = errors[name as keyof ClassifiedAdFormInput]?.message;
    return (
      <div>
        <label htmlFor={`ad-${name}`} className="mb-1 block text-sm font-semibold text-ink">
          {label}
        </label>
        {control}
        {hint && (
          <p id={`ad-${name}-hint`} className="mt-1 text-sm text-ink-muted">
            {hint}
          </p>
        )}
        {message && (
          <p id={`ad-${name}-error`} className="mt-1 text-sm font-semibold text-red-700">
            {String(message)}
          </p>
        )}
      </div>
    );
  };
  const aria = (name: keyof FormValues, hint = false) => {
    const invalid = Boolean(errors[name as keyof ClassifiedAdFormInput]);
    const ids = [hint ? `ad-${name}-hint` : '', invalid ? `ad-${name}-error` : ''].filter(Boolean).join(' ');
    return { id: `ad-${name}`, 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
  };

  return (
    <form
      onSubmit={handleSubmit(save)}
      noValidate
      className="space-y-8"
      aria-label={adId ? 'Edit classified ad' : 'Create classified ad'}
    >
      {state.hiddenByModerator ? (
        <div
          role="status"
          className="rounded-lg border-2 border-red-700 bg-accent-soft p-4"
          data-ad-moderation-notice
        >
          <p className="font-bold text-ink">This ad is hidden by a moderator</p>
          <p className="text-sm text-ink">
            Only you and admins can see it; visitors get “Classified Ad Not Found”. Editing it does not show
            it again.
          </p>
        </div>
      ) : null}
      <fieldset className="space-y-4 rounded-lg border border-line bg-paper p-5">
        <legend className="px-1 font-serif text-xl font-bold">Basic Information</legend>
        {field(
          'title',
          'Title *',
          <input
            {...register('title')}
            {...aria('title')}
            maxLength={CLASSIFIED_TITLE_MAX + 20}
            className={INPUT_CLASS}
          />,
        )}
        {field(
          'description',
          'Description *',
          <textarea
            {...register('description')}
            {...aria('description', true)}
            rows={6}
            className={INPUT_CLASS}
          />,
          `10 to ${CLASSIFIED_DESCRIPTION_MAX} characters.`,
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            'category',
            'Category *',
            <select
              {...register('category', { onChange: () => setValue('subcategory', SUBCATEGORY_NONE) })}
              {...aria('category')}
              className={INPUT_CLASS}
            >
              <option value="">Select a category</option>
              {LISTING_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>,
          )}
          {field(
            'subcategory',
            'Sub-category',
            <select
              {...register('subcategory')}
              {...aria('subcategory')}
              className={INPUT_CLASS}
              disabled={!category}
            >
              <option value={SUBCATEGORY_NONE}>None</option>
              {subcategoriesOf(category).map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>,
          )}
        </div>
        <div>
          <ProfileImageField
            value={imageUrl}
            onChange={(url) => setValue('image_url', url, { shouldDirty: true })}
            userId={state.uid}
            label="Ad Photo"
            kind={AD_IMAGE_KIND}
            shape="cover"
          />
          {errors.image_url?.message && (
            <p className="mt-1 text-sm font-semibold text-red-700">{String(errors.image_url.message)}</p>
          )}
        </div>
        {field(
          'tags',
          'Tags',
          <input
            {...register('tags')}
            {...aria('tags', true)}
            className={INPUT_CLASS}
            placeholder="signed, hardback, vintage"
          />,
          `Separate tags with commas (up to ${MAX_TAGS}, ${TAG_MAX_LENGTH} characters each).`,
        )}
        <div className="flex items-center gap-2">
          <input type="checkbox" {...register('is_service')} id="ad-is_service" className="h-4 w-4" />
          <label htmlFor="ad-is_service" className="text-sm font-semibold text-ink">
            This ad offers a service
          </label>
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-line bg-paper p-5">
        <legend className="px-1 font-serif text-xl font-bold">Pricing & Condition</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {field(
            'price',
            'Price',
            <input
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              {...register('price')}
              {...aria('price', true)}
              className={INPUT_CLASS}
            />,
            'Leave empty for Contact for Pricing; 0 means free.',
          )}
          {field(
            'currency',
            'Currency',
            <select {...register('currency')} {...aria('currency')} className={INPUT_CLASS}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>,
          )}
          {field(
            'condition',
            'Condition',
            <select {...register('condition')} {...aria('condition')} className={INPUT_CLASS}>
              {CONDITION_FORM_OPTIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>,
          )}
        </div>
        {field(
          'location',
          'Location',
          <input
            {...register('location')}
            {...aria('location')}
            className={INPUT_CLASS}
            placeholder="City, Country"
          />,
        )}
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-line bg-paper p-5">
        <legend className="px-1 font-serif text-xl font-bold">Contact Information</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            'contact_method',
            'Contact Method *',
            <select {...register('contact_method')} {...aria('contact_method')} className={INPUT_CLASS}>
              <option value="">Select a contact method</option>
              {CONTACT_METHOD_OPTIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>,
          )}
          {field(
            'contact_info',
            'Contact Details',
            <input {...register('contact_info')} {...aria('contact_info', true)} className={INPUT_CLASS} />,
            'Email, phone or website. Only signed-in members see email and phone details.',
          )}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={saving || uploading}>
            {saving ? 'Saving…' : uploading ? 'Uploading image…' : adId ? 'Update Ad' : 'Create Ad'}
          </button>
          <a href={adId ? `/classifieds/${adId}` : '/classifieds'} className="btn btn-outline">
            Cancel
          </a>
        </div>
        {adId && <DeleteAdDialog adId={adId} initiallyOpen={confirmDelete} />}
      </div>
    </form>
  );
}
