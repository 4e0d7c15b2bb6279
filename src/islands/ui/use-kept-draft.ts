import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { keepDraft, onSessionEnding, takeKeptDraft } from '../../lib/kept-draft.ts';

/**
 * Keeps an editor's unsaved values across an ended session (src/lib/kept-draft.ts):
 * they are put aside when the page leaves for the sign-in screen and put back,
 * still unsaved, when the member returns to the editor. `ready` is false while
 * the editor still loads the stored values, which the draft must not precede.
 */
export function useKeptDraft<T extends FieldValues, R extends FieldValues = T>(
  form: UseFormReturn<T, unknown, R>,
  key: string,
  ready = true,
): void {
  useEffect(() => {
    if (!ready) return undefined;
    const kept = takeKeptDraft<T>(key);
    if (kept) {
      // The stored values stay the defaults, so Cancel still goes back to them. A
      // field the draft does not hold (one added since it was kept) keeps its stored
      // value: left empty, the save would clear it.
      form.reset({ ...form.getValues(), ...kept }, { keepDefaultValues: true });
      void import('../../lib/toast.ts').then(({ showToast }) =>
        showToast({
          title: 'Unsaved changes kept',
          description: 'Your changes from before you logged in again are back. Save them when you are ready.',
        }),
      );
    }
    return onSessionEnding(() => keepDraft(key, form.getValues()));
  }, [form, key, ready]);
}
