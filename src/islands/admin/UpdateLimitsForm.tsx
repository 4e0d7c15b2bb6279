/**
 * The Site Settings section that sets how many updates to their followers members
 * may post: Free members in any 30 days (0 keeps updates for Premium members),
 * Premium members in any 24 hours. The postAuthorUpdate function enforces them;
 * the membership page lists them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updateLimitsOf, updateLimitsSchema } from '../../domain/updates/author-update.ts';
import type { SiteSettings } from '../../domain/site/site-settings.ts';
import { Field, SubmitButton } from '../ui/fields.tsx';
import { saveSiteSettings } from './save-site-settings.ts';

/** The two numbers as typed (text in the inputs, read as whole numbers). */
const asNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value;
const limitsFormSchema = z.strictObject({
  author_update_limits: z.strictObject({
    free_per_30_days: z.preprocess(asNumber, updateLimitsSchema.shape.free_per_30_days.unwrap()),
    premium_per_day: z.preprocess(asNumber, updateLimitsSchema.shape.premium_per_day.unwrap()),
  }),
});
type LimitsValues = z.input<typeof limitsFormSchema>;

export default function UpdateLimitsForm({ stored }: { stored: SiteSettings | null }) {
  const limits = updateLimitsOf(stored?.author_update_limits);
  const { register, handleSubmit, formState } = useForm<
    LimitsValues,
    unknown,
    z.output<typeof limitsFormSchema>
  >({
    resolver: zodResolver(limitsFormSchema),
    defaultValues: {
      author_update_limits: {
        free_per_30_days: String(limits.free_per_30_days),
        premium_per_day: String(limits.premium_per_day),
      },
    },
  });
  const errors = formState.errors.author_update_limits;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={handleSubmit(async (values) => void (await saveSiteSettings(values)))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="ss-updates-free"
          label="Free members: updates in any 30 days"
          type="number"
          min={0}
          max={30}
          step={1}
          inputMode="numeric"
          hint="0 keeps updates to followers for Premium members."
          error={errors?.free_per_30_days?.message}
          {...register('author_update_limits.free_per_30_days')}
        />
        <Field
          id="ss-updates-premium"
          label="Premium members: updates in any 24 hours"
          type="number"
          min={1}
          max={5}
          step={1}
          inputMode="numeric"
          error={errors?.premium_per_day?.message}
          {...register('author_update_limits.premium_per_day')}
        />
      </div>
      <SubmitButton busy={formState.isSubmitting}>Save Update Limits</SubmitButton>
    </form>
  );
}
