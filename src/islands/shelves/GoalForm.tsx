/**
 * This year's reading goal: a number of books, saved through setReadingGoal
 * (which takes the year from the server's clock and checks the number again),
 * with Remove goal once one is set. Errors show at the field or as a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  READING_MESSAGES,
  goalFormSchema,
  type GoalForm as GoalValues,
  type SetReadingGoalResponse,
} from '../../domain/shelves/reading.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import { SubmitButton, TextInput } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';

type FormInput = z.input<typeof goalFormSchema>;

interface Props {
  /** The goal set now, or null. */
  goal: number | null;
  /** Called with the answer after a save. */
  onSaved: (answer: SetReadingGoalResponse) => void;
}

/** The goal form (see the file comment). */
export default function GoalForm({ goal, onSaved }: Props) {
  const form = useForm<FormInput, unknown, GoalValues>({
    resolver: zodResolver(goalFormSchema),
    defaultValues: { goal: goal ?? undefined },
  });

  async function save(next: number | null) {
    const { setReadingGoal } = await import('../../data/client/shelves/reading.ts');
    const outcome = await setReadingGoal(next);
    if (!outcome.ok) {
      showToast(failureToast(READING_MESSAGES.goalFailed, outcome));
      return;
    }
    showToast({ title: next === null ? 'Goal removed' : `Goal set: ${next} books in ${outcome.data.year}` });
    onSaved(outcome.data);
  }

  return (
    <FormProvider {...form}>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        aria-label="Your reading goal"
        onSubmit={submitValid(form, (values) => save(values.goal))}
        data-goal-form
      >
        <div className="w-40">
          <TextInput
            name="goal"
            label="Books this year"
            idPrefix="reading-goal"
            type="number"
            inputMode="numeric"
            min={1}
            rules={{ valueAsNumber: true }}
          />
        </div>
        <SubmitButton busy={form.formState.isSubmitting}>
          {goal === null ? 'Set goal' : 'Change goal'}
        </SubmitButton>
        {goal !== null && (
          <button type="button" className="btn btn-outline" onClick={() => void save(null)}>
            Remove goal
          </button>
        )}
      </form>
    </FormProvider>
  );
}
