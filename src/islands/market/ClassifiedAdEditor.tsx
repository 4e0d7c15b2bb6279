/**
 * The classified ad form of /classifieds/create and /classifieds/{id}/edit. Ads are
 * edited on these pages rather than in place like books and products/services,
 * because the spec gives ads these routes (a visitor is sent to /auth with
 * 'Authentication Required'; a save goes on to the ad's page); the form is built
 * from the same field kit and listing fields as the in-place editor, so an ad's inputs
 * look and behave as a product's. Validation is classifiedAdFormSchema, which the
 * saveClassifiedAd callable repeats on the server; editing loads only the member's own ad.
 */
import { useStore } from '@nanostores/react';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  AD_IMAGE_KIND,
  CLASSIFIED_DESCRIPTION_MAX,
  CLASSIFIED_TITLE_MAX,
  SUBCATEGORY_NONE,
  classifiedAdFormSchema,
  type ClassifiedAd,
  type ClassifiedAdForm,
} from '../../domain/market/classified-ad.ts';
import { ITEM_MESSAGES } from '../../domain/items/item-save.ts';
import { HELD_MESSAGES } from '../../domain/shared/moderation-standing.ts';
import { SESSION_ENDED_MESSAGE } from '../../domain/shared/caller-standing.ts';
import {
  CONDITION_NOT_SPECIFIED,
  CONTACT_METHOD_OPTIONS,
  DEFAULT_CURRENCY,
  LISTING_CATEGORIES,
  subcategoriesOf,
} from '../../domain/items/marketplace.ts';
import { MAX_TAGS, TAG_MAX_LENGTH } from '../../domain/shared/tags.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import ProfileImageField from '../media/ProfileImageField.tsx';
import DeleteAdDialog from './DeleteAdDialog.tsx';
import { useKeptDraft } from '../ui/use-kept-draft.ts';
import { CheckboxInput, FieldError, SelectInput, SubmitButton, TextArea, TextInput } from '../ui/fields.tsx';
import { ConditionSelect, CurrencySelect } from '../items/listing-fields.tsx';

/** Prefix of the form's input ids ('ad-title'). */
const ID = 'ad';

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
/** held: it waits for a moderator (its seller is under a standing decision, moderation-standing.ts). */
type State = { kind: 'loading' } | { kind: 'ready'; uid: string; hiddenByModerator: boolean; held: boolean };

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
  const { handleSubmit, control, setValue, reset } = form;
  const category = useWatch({ control, name: 'category' });
  const imageUrl = useWatch({ control, name: 'image_url' });
  useKeptDraft(form, `ad:${adId ?? 'new'}`, state.kind === 'ready');

  useEffect(() => {
    let cancelled = false;
    let hiddenByModerator = false;
    let held = false;
    (async () => {
      const { currentAccount } = await import('../../data/client/shared/auth.ts');
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
          held = own.ad.moderation_held;
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
      if (!cancelled) setState({ kind: 'ready', uid: account.uid, hiddenByModerator, held });
    })().catch((error: unknown) => console.error('Failed to open the ad form.', error));
    return () => {
      cancelled = true;
    };
  }, [adId, reset]);

  async function save(values: ClassifiedAdForm) {
    if (state.kind !== 'ready') return;
    setSaving(true);
    const outcome = await import('../../data/client/market/classified-ads.ts')
      .then((data) => (adId ? data.updateAd(adId, values) : data.createAd(state.uid, values)))
      .catch((error: unknown) => ({ ok: false as const, code: 'unknown', message: String(error) }));
    if (outcome.ok && outcome.data.held === true) {
      // A held ad has no public page yet: its seller sees it here, with the notice.
      setFlash({ title: HELD_MESSAGES.ownBadge, description: HELD_MESSAGES.adSaved });
      location.assign(`/classifieds/${outcome.data.id}/edit`);
      return;
    }
    if (outcome.ok) {
      setFlash({ title: 'Success', description: adId ? ITEM_MESSAGES.adUpdated : ITEM_MESSAGES.adCreated });
      location.assign(`/classifieds/${outcome.data.id}`);
      return;
    }
    console.error(ITEM_MESSAGES.adSaveFailed, outcome.message);
    // A session ended elsewhere: the page is on its way to the sign-in screen, the draft kept.
    if (outcome.message !== SESSION_ENDED_MESSAGE)
      showToast({ title: 'Error', description: ITEM_MESSAGES.adSaveFailed, variant: 'destructive' });
    setSaving(false);
  }

  if (state.kind === 'loading') {
    return (
      <p className="text-ink-muted" role="status">
        Loading…
      </p>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={handleSubmit(save)}
        noValidate
        className="space-y-8"
        aria-label={adId ? 'Edit classified ad' : 'Create classified ad'}
      >
        {state.held && !state.hiddenByModerator ? (
          <div
            role="status"
            className="rounded-lg border-2 border-line bg-accent-soft p-4"
            data-ad-held-notice
          >
            <p className="font-bold text-ink">{HELD_MESSAGES.ownBadge}</p>
            <p className="text-sm text-ink">{HELD_MESSAGES.adSaved}</p>
          </div>
        ) : null}
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
          <TextInput name="title" label="Title *" idPrefix={ID} maxLength={CLASSIFIED_TITLE_MAX + 20} />
          <TextArea
            name="description"
            label="Description *"
            idPrefix={ID}
            rows={6}
            hint={`10 to ${CLASSIFIED_DESCRIPTION_MAX} characters.`}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput
              name="category"
              label="Category *"
              idPrefix={ID}
              options={[{ value: '', label: 'Select a category' }, ...LISTING_CATEGORIES]}
              rules={{ onChange: () => setValue('subcategory', SUBCATEGORY_NONE) }}
            />
            <SelectInput
              name="subcategory"
              label="Sub-category"
              idPrefix={ID}
              options={[{ value: SUBCATEGORY_NONE, label: 'None' }, ...subcategoriesOf(category)]}
              disabled={!category}
            />
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
            <FieldError name="image_url" />
          </div>
          <TextInput
            name="tags"
            label="Tags"
            idPrefix={ID}
            placeholder="signed, hardback, vintage"
            hint={`Separate tags with commas (up to ${MAX_TAGS}, ${TAG_MAX_LENGTH} characters each).`}
          />
          <CheckboxInput name="is_service" label="This ad offers a service" idPrefix={ID} />
        </fieldset>

        <fieldset className="space-y-4 rounded-lg border border-line bg-paper p-5">
          <legend className="px-1 font-serif text-xl font-bold">Pricing & Condition</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextInput
              name="price"
              label="Price"
              idPrefix={ID}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              hint="Leave empty for Contact for Pricing; 0 means free."
            />
            <CurrencySelect idPrefix={ID} />
            <ConditionSelect idPrefix={ID} />
          </div>
          <TextInput name="location" label="Location" idPrefix={ID} placeholder="City, Country" />
        </fieldset>

        <fieldset className="space-y-4 rounded-lg border border-line bg-paper p-5">
          <legend className="px-1 font-serif text-xl font-bold">Contact Information</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput
              name="contact_method"
              label="Contact Method *"
              idPrefix={ID}
              options={[{ value: '', label: 'Select a contact method' }, ...CONTACT_METHOD_OPTIONS]}
            />
            <TextInput
              name="contact_info"
              label="Contact Details"
              idPrefix={ID}
              hint="Email, phone or website. Only signed-in members see email and phone details."
            />
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex gap-2">
            <SubmitButton busy={saving} waitingLabel={uploading ? 'Uploading image…' : undefined}>
              {adId ? 'Update Ad' : 'Create Ad'}
            </SubmitButton>
            <a href={adId ? `/classifieds/${adId}` : '/classifieds'} className="btn btn-outline">
              Cancel
            </a>
          </div>
          {adId && <DeleteAdDialog adId={adId} initiallyOpen={confirmDelete} />}
        </div>
      </form>
    </FormProvider>
  );
}
