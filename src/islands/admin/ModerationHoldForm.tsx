/**
 * The Site Settings section that sets how long a moderator's hide of an update or
 * an ad holds the member's next ones for moderation (moderation_hold_days,
 * src/domain/shared/moderation-standing.ts; 30 days when none is stored).
 * postAuthorUpdate and saveClassifiedAd read it; the held items' own end is set
 * when they are saved.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { moderationHoldDaysOf, moderationHoldDaysSchema } from '../../domain/shared/moderation-standing.ts';
import type { SiteSettings } from '../../domain/site/site-settings.ts';
import { Field, SubmitButton } from '../ui/fields.tsx';
import { saveSiteSettings } from './save-site-settings.ts';

/** The number as typed (text in the input, read as a whole number). */
const asNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value;
const holdFormSchema = z.strictObject({
  moderation_hold_days: z.preprocess(asNumber, moderationHoldDaysSchema),
});
type HoldValues = z.input<typeof holdFormSchema>;

export default function ModerationHoldForm({ stored }: { stored: SiteSettings | null }) {
  const { register, handleSubmit, formState } = useForm<HoldValues, unknown, z.output<typeof holdFormSchema>>(
    {
      resolver: zodResolver(holdFormSchema),
      defaultValues: { moderation_hold_days: String(moderationHoldDaysOf(stored?.moderation_hold_days)) },
    },
  );
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={handleSubmit(async (values) => void (await saveSiteSettings(values)))}
    >
      <Field
        id="ss-moderation-hold-days"
        label="Days a hidden update or ad holds the member's next ones for moderation"
        type="number"
        min={1}
        max={365}
        step={1}
        inputMode="numeric"
        hint="While it holds, their new updates and ads (and edits of their ads) wait in Reports until an admin releases them, or until these days have passed."
        error={formState.errors.moderation_hold_days?.message}
        {...register('moderation_hold_days')}
      />
      <SubmitButton busy={formState.isSubmitting}>Save Moderation Hold</SubmitButton>
    </form>
  );
}
