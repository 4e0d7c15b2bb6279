/**
 * The book page's rating and review form for a signed-in member: 1–5 stars, an
 * optional review in light markup and how the book felt (ReviewFeelFields), prefilled with the member's own review (read
 * by id; the rules let only its writer read it), with Save and Delete. A review
 * the burst guard holds says it is awaiting moderation. A save or
 * deletion reloads the page, which shows the new average and list (the functions
 * purged its cache), with the toast kept across the reload.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  RATING_MAX,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  reviewFormSchema,
  type ReviewForm as ReviewValues,
} from '../../domain/reviews/review.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { SubmitButton, TextArea } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';
import FormAlert from '../ui/FormAlert.tsx';
import ReviewFeelFields from './ReviewFeelFields.tsx';

type FormInput = z.input<typeof reviewFormSchema>;

interface Props {
  /** The reviewed book. */
  bookId: string;
}

/** What the form knows once loaded: whether the member has a review, and its values. */
type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; existing: boolean; held: boolean };

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** The star picker: five radio buttons in a fieldset, bound to `rating`. */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: unknown;
  onChange: (n: number) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="font-semibold text-ink">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {STARS.map((n) => (
          <label key={n} className="inline-flex min-h-6 cursor-pointer items-center gap-1 px-1">
            <input
              type="radio"
              name="review-rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-invalid={error ? true : undefined}
            />
            <span aria-hidden="true" className="text-gold">
              {'★'.repeat(n)}
            </span>
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
      <FormAlert id="review-rating-error" spaced>
        {error}
      </FormAlert>
    </fieldset>
  );
}

/** The rating and review form (see the file comment). */
export default function ReviewForm({ bookId }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const form = useForm<FormInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: {
      rating: undefined,
      text: '',
      moods: [],
      pace: null,
      warnings: [],
      warning_note: '',
      spoiler: '',
    },
  });

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [{ currentAccount }, { getOwnReview }] = await Promise.all([
          import('../../data/client/shared/auth.ts'),
          import('../../data/client/reviews/reviews.ts'),
        ]);
        const account = await currentAccount();
        const review = account ? await getOwnReview(bookId, account.uid) : null;
        if (!live) return;
        if (review)
          form.reset({
            rating: review.rating,
            text: review.text,
            moods: review.moods,
            pace: review.pace,
            warnings: review.warnings,
            warning_note: review.warning_note,
            spoiler: review.spoiler,
          });
        setLoaded({ state: 'ready', existing: review !== null, held: review?.moderation === 'held' });
      } catch (error) {
        console.error('Could not load your review', error);
        if (live) setLoaded({ state: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [bookId, form]);

  async function save(values: ReviewValues) {
    const { saveReview } = await import('../../data/client/reviews/reviews.ts');
    const outcome = await saveReview(bookId, values);
    if (!outcome.ok) {
      showToast(failureToast('Failed to save review.', outcome));
      return;
    }
    setFlash(
      outcome.data.moderation === 'held'
        ? { title: REVIEW_MESSAGES.saved, description: REVIEW_MESSAGES.held }
        : { title: REVIEW_MESSAGES.saved },
    );
    location.reload();
  }

  async function remove() {
    const { deleteReview } = await import('../../data/client/reviews/reviews.ts');
    const outcome = await deleteReview(bookId);
    if (!outcome.ok) {
      showToast(failureToast('Failed to delete review.', outcome));
      return 'stay' as const;
    }
    setFlash({ title: REVIEW_MESSAGES.deleted });
    location.reload();
    return 'leave' as const;
  }

  if (loaded.state === 'loading') return <p className="text-ink-muted">Loading your review…</p>;
  if (loaded.state === 'failed')
    return <p className="text-ink-muted">Your review could not be loaded. Please reload the page.</p>;

  return (
    <FormProvider {...form}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={submitValid(form, save)}
        aria-labelledby="review-form-heading"
      >
        <h3 id="review-form-heading" className="font-serif text-lg font-bold text-ink">
          {loaded.existing ? 'Edit your review' : 'Rate this book'}
        </h3>
        {loaded.held && (
          <p className="rounded-md border border-line bg-paper p-3 text-ink" data-review-held>
            {REVIEW_MESSAGES.held}
          </p>
        )}
        <Controller
          control={form.control}
          name="rating"
          render={({ field, fieldState }) => (
            <StarPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <TextArea
          name="text"
          label="Your review (optional)"
          idPrefix="review"
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          hint="Plain text; **bold** for emphasis. No links or HTML."
        />
        <ReviewFeelFields />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={form.formState.isSubmitting}>
            {loaded.existing ? 'Save review' : 'Post review'}
          </SubmitButton>
          {loaded.existing && (
            <ConfirmDialog
              title="Delete your review?"
              description="Your rating and review of this book will be removed."
              confirmLabel="Delete review"
              busyLabel="Deleting…"
              onConfirm={remove}
              trigger="Delete review"
            />
          )}
        </div>
      </form>
    </FormProvider>
  );
}
