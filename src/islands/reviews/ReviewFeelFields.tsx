/**
 * The review form's "How did it feel?" part (src/domain/books/book-feel.ts): moods as
 * checkboxes, the pace as radio buttons (with "No answer"), content warnings with a note,
 * and a spoiler part, all optional. Bound to the review form through its FormProvider.
 */
import { Controller, useFormContext, type FieldValues } from 'react-hook-form';
import {
  CONTENT_WARNINGS,
  CONTENT_WARNING_IDS,
  MOODS,
  PACES,
  SPOILER_MAX,
  WARNING_NOTE_MAX,
} from '../../domain/books/book-feel.ts';
import { TextArea, TextInput } from '../ui/fields.tsx';

const CHOICE = 'inline-flex min-h-6 items-center gap-2 text-ink';
const BOX = 'h-5 w-5 accent-accent';

/** The fields (see the file comment). */
export default function ReviewFeelFields() {
  const { register, control } = useFormContext<FieldValues>();
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="font-semibold text-ink">Moods (optional)</legend>
        <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {MOODS.map((mood) => (
            <label key={mood} className={CHOICE}>
              <input type="checkbox" value={mood} {...register('moods')} className={BOX} />
              {mood}
            </label>
          ))}
        </div>
      </fieldset>
      <Controller
        control={control}
        name="pace"
        render={({ field }) => (
          <fieldset>
            <legend className="font-semibold text-ink">Pace (optional)</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {[...PACES, null].map((pace) => (
                <label key={pace ?? 'none'} className={CHOICE}>
                  <input
                    type="radio"
                    name="review-pace"
                    checked={(field.value ?? null) === pace}
                    onChange={() => field.onChange(pace)}
                    onBlur={field.onBlur}
                    className={BOX}
                  />
                  {pace ?? 'No answer'}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <details className="rounded-md border border-line bg-paper p-3">
        <summary className="cursor-pointer font-semibold text-ink">Content warnings (optional)</summary>
        <fieldset className="mt-2">
          <legend className="sr-only">Content warnings</legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {CONTENT_WARNING_IDS.map((warning) => (
              <label key={warning} className={CHOICE}>
                <input type="checkbox" value={warning} {...register('warnings')} className={BOX} />
                {CONTENT_WARNINGS[warning]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3">
          <TextInput
            name="warning_note"
            label="A note on the warnings (optional)"
            idPrefix="review"
            maxLength={WARNING_NOTE_MAX}
            hint="For example: “mentioned, not shown”."
          />
        </div>
      </details>
      <TextArea
        name="spoiler"
        label="Spoilers (optional)"
        idPrefix="review"
        rows={3}
        maxLength={SPOILER_MAX}
        hint="Shown only to readers who choose to open it."
      />
    </div>
  );
}
