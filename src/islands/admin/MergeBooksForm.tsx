/**
 * Merging a duplicate catalogue book into the one to keep (curateCatalogue 'merge'):
 * both books by id or page address (on a book's page the kept book is that one), a
 * confirmation naming what moves, then a toast with the counts and a link to the kept
 * book. Refusals (no such book, a listed book, too many editions) show at the field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CURATION_MESSAGES, mergeFormSchema } from '../../domain/admin/catalogue-curation.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/fields.tsx';
import { failureToast } from '../ui/failure-toast.ts';

type Pair = z.output<typeof mergeFormSchema>;

/** The form; `keepId` fixes the kept book (the book page's tools). */
export default function MergeBooksForm({
  keepId,
  onMerged,
}: {
  keepId?: string;
  onMerged?: (keptId: string) => void;
}) {
  const [asked, setAsked] = useState<Pair | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof mergeFormSchema>,
    unknown,
    Pair
  >({ resolver: zodResolver(mergeFormSchema), defaultValues: { keepId: keepId ?? '', mergeId: '' } });

  async function merge(pair: Pair): Promise<'close'> {
    const { mergeBooks } = await import('../../data/client/admin/catalogue-curation.ts');
    const outcome = await mergeBooks(pair.keepId, pair.mergeId);
    if (!outcome.ok) {
      if (['not-found', 'invalid-argument', 'failed-precondition'].includes(outcome.code) && outcome.message)
        setError('mergeId', { message: outcome.message }, { shouldFocus: true });
      else showToast(failureToast('Failed to merge the books.', outcome));
      return 'close';
    }
    const { counts } = outcome.data;
    showToast({
      title: 'Success',
      description: `${CURATION_MESSAGES.merged} Moved: ${counts.shelves} shelf entries, ${counts.reviews} reviews, ${counts.readThroughs} read-throughs, ${counts.customShelfBooks} custom-shelf entries, ${counts.editions} editions.`,
    });
    reset({ keepId: keepId ?? '', mergeId: '' });
    onMerged?.(outcome.data.keptId);
    return 'close';
  }

  return (
    <form
      noValidate
      aria-label="Merge duplicate books"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => void handleSubmit((pair) => setAsked(pair))(event)}
    >
      {keepId ? (
        <input type="hidden" {...register('keepId')} />
      ) : (
        <div className="w-80 max-w-full">
          <Field
            id="merge-keep"
            label="Book to keep"
            hint="Its id or its page’s address."
            autoComplete="off"
            error={formState.errors.keepId?.message}
            {...register('keepId')}
          />
        </div>
      )}
      <div className="w-80 max-w-full">
        <Field
          id="merge-duplicate"
          label={keepId ? 'Duplicate to merge into this book' : 'Duplicate to merge into it'}
          hint="Its id or its page’s address. Its page will lead to the kept book."
          autoComplete="off"
          error={formState.errors.mergeId?.message}
          {...register('mergeId')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={asked !== null}>
        Merge
      </button>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title="Merge these books?"
        description={
          <>
            Every shelf entry, read-through, rating, review and custom-shelf entry of the book{' '}
            {asked?.mergeId} moves to the book {asked?.keepId}, with its editions and ISBNs; its page will
            lead there. A reader who has both keeps their further-along shelf and their newer review. This is
            recorded in the audit log.
          </>
        }
        confirmLabel="Merge books"
        busyLabel="Merging…"
        onConfirm={async () => {
          const outcome = asked ? await merge(asked) : 'close';
          setAsked(null);
          return outcome;
        }}
      />
    </form>
  );
}
