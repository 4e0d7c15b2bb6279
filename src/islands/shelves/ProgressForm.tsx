/**
 * Progress on a book on the member's 'Reading' shelf, in one or two clicks: a
 * page or a percentage and Save, or Finished. Used on the book page (under the
 * shelf picker) and on the member's own profile. updateReading checks the member,
 * the book and the value again; 100 % (or the last page) finishes the book, which
 * moves it to 'Read'. Errors show at the field (the domain's schema) or as a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  READING_MESSAGES,
  progressFormSchema,
  type ProgressForm as ProgressValues,
  type UpdateReadingRequest,
  type UpdateReadingResponse,
} from '../../domain/shelves/reading.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import { SelectInput, SubmitButton, TextInput } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';

type FormInput = z.input<typeof progressFormSchema>;

interface Props {
  /** The book. */
  bookId: string;
  /** Its title, for the labels when several forms share a page. */
  bookTitle: string;
  /** Unique per form on the page. */
  idPrefix: string;
  /** The progress recorded so far, to start from. */
  current: { progress_page: number | null; progress_percent: number | null };
  /** Called with the answer after a save (shelf 'read' when it finished the book). */
  onSaved: (answer: UpdateReadingResponse) => void;
}

const UNITS = [
  { value: 'page', label: 'Page' },
  { value: 'percent', label: 'Percent' },
] as const;

/** The progress form (see the file comment). */
export default function ProgressForm({ bookId, bookTitle, idPrefix, current, onSaved }: Props) {
  const [finishing, setFinishing] = useState(false);
  const byPage = current.progress_page !== null;
  const form = useForm<FormInput, unknown, ProgressValues>({
    resolver: zodResolver(progressFormSchema),
    defaultValues: {
      unit: byPage ? 'page' : 'percent',
      value: (byPage ? current.progress_page : current.progress_percent) ?? undefined,
    },
  });

  async function send(request: UpdateReadingRequest) {
    const { updateReading } = await import('../../data/client/shelves/reading.ts');
    const outcome = await updateReading(request);
    if (!outcome.ok) {
      showToast(failureToast(READING_MESSAGES.failed, outcome));
      return;
    }
    showToast({
      title:
        outcome.data.shelf === 'read'
          ? `Finished ‘${bookTitle}’: it is on your ‘Read’ shelf`
          : 'Progress saved',
    });
    onSaved(outcome.data);
  }

  async function finish() {
    setFinishing(true);
    try {
      await send({ action: 'finish', bookId });
    } finally {
      setFinishing(false);
    }
  }

  return (
    <FormProvider {...form}>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        aria-label={`Your progress in ${bookTitle}`}
        onSubmit={submitValid(form, (values) => send({ action: 'progress', bookId, ...values }))}
        data-progress-form
      >
        <div className="w-28">
          <SelectInput name="unit" label="Progress by" idPrefix={idPrefix} options={UNITS} />
        </div>
        <div className="w-32">
          <TextInput
            name="value"
            label="Page or %"
            idPrefix={idPrefix}
            type="number"
            inputMode="numeric"
            min={0}
            rules={{ valueAsNumber: true }}
          />
        </div>
        <SubmitButton busy={form.formState.isSubmitting}>Save progress</SubmitButton>
        <button
          type="button"
          className="btn btn-outline"
          disabled={finishing || form.formState.isSubmitting}
          onClick={() => void finish()}
        >
          {finishing ? 'Saving…' : 'Finished'}
        </button>
      </form>
    </FormProvider>
  );
}
