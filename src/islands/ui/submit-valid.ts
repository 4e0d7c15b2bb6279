import type { FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FIX_FORM_ERRORS_MESSAGE } from '../../domain/shared/common.ts';
import { showToast } from '../../lib/toast.ts';

/** Tells the person why Save did nothing: the form has errors (each shown at its field). */
function refuseInvalidForm(): void {
  showToast({ title: 'Error', description: FIX_FORM_ERRORS_MESSAGE, variant: 'destructive' });
}

/**
 * An editor form's submit handler: `save` gets the values when they pass the
 * form's schema; otherwise Save shows the 'Please fix the form errors before
 * saving.' toast and saves nothing.
 */
export function submitValid<T extends FieldValues, R = T>(
  form: UseFormReturn<T, unknown, R>,
  save: (values: R) => Promise<void> | void,
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => void form.handleSubmit(save, refuseInvalidForm)(event);
}
