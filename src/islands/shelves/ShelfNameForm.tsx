/**
 * A shelf's name, for creating a shelf or renaming one: react-hook-form with
 * customShelfFormSchema (the schema editCustomShelf checks again). A name the
 * server refuses (one the member already uses, the shelf limit) shows at the
 * field; other failures as a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import {
  CUSTOM_SHELF_MESSAGES,
  customShelfFormSchema,
  type CustomShelfForm,
  type EditCustomShelfResponse,
} from '../../domain/shelves/custom-shelf.ts';
import type { CallOutcome } from '../../data/client/shared/callable.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import { SubmitButton, TextInput } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';

/** Refusals whose message belongs at the name field. */
const AT_THE_FIELD = new Set(['already-exists', 'failed-precondition', 'invalid-argument']);

interface Props {
  /** The form's accessible name ("New shelf", "Rename Owned"). */
  label: string;
  /** The field's label. */
  fieldLabel: string;
  /** Unique prefix of the field's id. */
  idPrefix: string;
  /** The submit button's text. */
  submitLabel: string;
  /** The name to start from (renaming). */
  initialName?: string;
  /** Sends the name; the answer's shelves go to `onSaved`. */
  send: (name: string) => Promise<CallOutcome<EditCustomShelfResponse>>;
  /** Called with the member's shelves after a save. */
  onSaved: (answer: EditCustomShelfResponse, name: string) => void;
  /** A Cancel button (renaming). */
  onCancel?: () => void;
}

/** The name form (see the file comment). */
export default function ShelfNameForm({
  label,
  fieldLabel,
  idPrefix,
  submitLabel,
  initialName = '',
  send,
  onSaved,
  onCancel,
}: Props) {
  const form = useForm<CustomShelfForm>({
    resolver: zodResolver(customShelfFormSchema),
    defaultValues: { name: initialName },
  });

  async function save({ name }: CustomShelfForm) {
    const outcome = await send(name);
    if (!outcome.ok) {
      if (AT_THE_FIELD.has(outcome.code) && outcome.message)
        form.setError('name', { message: outcome.message }, { shouldFocus: true });
      else showToast(failureToast(CUSTOM_SHELF_MESSAGES.failed, outcome));
      return;
    }
    form.reset({ name: '' });
    onSaved(outcome.data, name);
  }

  return (
    <FormProvider {...form}>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        aria-label={label}
        onSubmit={submitValid(form, save)}
      >
        <div className="w-64 max-w-full">
          <TextInput name="name" label={fieldLabel} idPrefix={idPrefix} maxLength={60} autoComplete="off" />
        </div>
        <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </form>
    </FormProvider>
  );
}
