/**
 * The claimant's editor of a claimed catalogue book (src/domain/books/claimed-book-edit.ts),
 * on its page: "Edit your book" opens a dialog with its purchase links, description,
 * subjects and first year; Save calls editClaimedBook, which checks the claim again,
 * and the page reloads to show the change. A refusal keeps what was typed, with the
 * reason in the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CLAIMED_BOOK_EDIT_MESSAGES,
  claimedBookFormSchema,
  type ClaimedBookFormValues,
} from '../../domain/books/claimed-book-edit.ts';
import { showToast } from '../../lib/toast.ts';
import Dialog, { DialogClose } from '../ui/Dialog.tsx';
import FormAlert from '../ui/FormAlert.tsx';
import { SubmitButton, TextArea, TextInput } from '../ui/fields.tsx';
import PurchaseLinkRows from './PurchaseLinkRows.tsx';

const P = 'claimed-book';

interface Props {
  bookId: string;
  /** The stored values, as the form starts. */
  initial: ClaimedBookFormValues;
}

function Links() {
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Where to buy</legend>
      <PurchaseLinkRows prefix={P} />
    </fieldset>
  );
}

/** The button and its dialog (see the file comment). */
export default function ClaimedBookEditor({ bookId, initial }: Props) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ClaimedBookFormValues, unknown, z.output<typeof claimedBookFormSchema>>({
    resolver: zodResolver(claimedBookFormSchema),
    defaultValues: initial,
  });
  const save = form.handleSubmit(async (fields) => {
    setRefusal(null);
    const { editClaimedBook } = await import('../../data/client/books/author-claims.ts');
    const outcome = await editClaimedBook(bookId, fields);
    if (!outcome.ok) {
      setRefusal(outcome.message || CLAIMED_BOOK_EDIT_MESSAGES.failed);
      return;
    }
    showToast({ title: 'Saved', description: CLAIMED_BOOK_EDIT_MESSAGES.saved });
    setOpen(false);
    window.location.reload();
  });
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Edit your book
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        wide
        title="Edit your book"
        description="Add where to buy it and correct its details. Its title, authors and editions stay the catalogue’s."
      >
        <FormProvider {...form}>
          <form
            noValidate
            aria-label="Edit your book"
            className="space-y-4"
            onSubmit={(event) => void save(event)}
          >
            <FormAlert>{refusal}</FormAlert>
            <Links />
            <TextArea name="description" label="Description" idPrefix={P} rows={5} />
            <TextArea name="subjects" label="Subjects" idPrefix={P} rows={3} hint="One a line." />
            <TextInput
              name="first_published"
              label="First published (year)"
              idPrefix={P}
              inputMode="numeric"
            />
            <div className="flex justify-end gap-3">
              <DialogClose className="btn btn-outline">Cancel</DialogClose>
              <SubmitButton busy={form.formState.isSubmitting}>Save</SubmitButton>
            </div>
          </form>
        </FormProvider>
      </Dialog>
    </>
  );
}
