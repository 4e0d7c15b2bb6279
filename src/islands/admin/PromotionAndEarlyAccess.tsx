/**
 * Two Site Settings sections: the holiday promotion's code (the home page shows the
 * promotion card only while one is set, and Checkout accepts it) and the
 * early-access switches of the features that have shipped.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  FEATURE_LABELS,
  FEATURE_POSITIONS,
  FEATURE_POSITION_LABELS,
  FEATURE_PREREQUISITES,
  earlyAccessOf,
  earlyAccessSettingsSchema,
  type EarlyAccessFeature,
} from '../../domain/billing/early-access.ts';
import { promotionCodeSchema, type SiteSettings } from '../../domain/site/site-settings.ts';
import { Field, SelectInput, SubmitButton } from '../ui/fields.tsx';
import { saveSiteSettings } from './save-site-settings.ts';

const promotionFormSchema = z.strictObject({ promotion_code: promotionCodeSchema });
type PromotionValues = z.input<typeof promotionFormSchema>;

/** The promotion code: empty for none; saved upper case. */
export function PromotionForm({ stored }: { stored: SiteSettings | null }) {
  const { register, handleSubmit, formState, reset } = useForm<
    PromotionValues,
    unknown,
    z.output<typeof promotionFormSchema>
  >({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: { promotion_code: stored?.promotion_code ?? '' },
  });
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={handleSubmit(async (values) => {
        // The field then shows the code as stored (upper case), or empty for none.
        if (await saveSiteSettings(values)) reset({ promotion_code: values.promotion_code ?? '' });
      })}
    >
      <Field
        id="ss-promotion_code"
        label="Promotion Code"
        autoComplete="off"
        spellCheck={false}
        hint="While a code is set, the home page shows the holiday promotion card naming it. Create the same promotion code in Stripe: Checkout accepts only codes Stripe knows. Leave empty to show no promotion."
        error={formState.errors.promotion_code?.message}
        {...register('promotion_code')}
      />
      <SubmitButton busy={formState.isSubmitting}>Save Promotion</SubmitButton>
    </form>
  );
}

const earlyAccessFormSchema = z.strictObject({ early_access: earlyAccessSettingsSchema });
type EarlyAccessValues = z.input<typeof earlyAccessFormSchema>;

const POSITION_OPTIONS = FEATURE_POSITIONS.map((value) => ({ value, label: FEATURE_POSITION_LABELS[value] }));

/** The hint under a switch whose feature also needs another's (FEATURE_PREREQUISITES), or none. */
function prerequisiteHint(feature: EarlyAccessFeature): string | undefined {
  const needs = FEATURE_PREREQUISITES[feature];
  if (!needs?.length) return undefined;
  const names = needs.map((each) => FEATURE_LABELS[each]).join(' and ');
  return `Built on ${names}: never more open than the ${names} switch.`;
}

/**
 * One switch per shipped feature (Off, Premium members, Everyone). Switches of
 * features that have not shipped keep their stored position and are not shown.
 */
export function EarlyAccessForm({
  stored,
  features,
}: {
  stored: SiteSettings | null;
  features: readonly EarlyAccessFeature[];
}) {
  const form = useForm<EarlyAccessValues, unknown, z.output<typeof earlyAccessFormSchema>>({
    resolver: zodResolver(earlyAccessFormSchema),
    defaultValues: { early_access: earlyAccessOf(stored?.early_access).settings },
  });
  return (
    <FormProvider {...form}>
      <form
        className="space-y-3"
        noValidate
        onSubmit={form.handleSubmit(async (values) => void (await saveSiteSettings(values)))}
      >
        <p className="text-sm text-ink-muted">
          On “Premium members”, only Premium members see and use the feature; on “Off”, nobody does.
        </p>
        {features.map((feature) => (
          <SelectInput
            key={feature}
            name={`early_access.${feature}`}
            label={FEATURE_LABELS[feature]}
            hint={prerequisiteHint(feature)}
            idPrefix="ss-early-access"
            options={POSITION_OPTIONS}
          />
        ))}
        <SubmitButton busy={form.formState.isSubmitting}>Save Early Access</SubmitButton>
      </form>
    </FormProvider>
  );
}
