import { useState } from 'react';
import {
  REPORT_ITEM_LABELS,
  REPORT_NOTE_MAX,
  REPORT_REASON_IDS,
  REPORT_REASONS,
  reportRequestSchema,
  type ReportItemKind,
} from '../../domain/reports/report.ts';
import { REPORT_ENDPOINT, sendReport } from '../../lib/report.ts';
import { AreaField, describedBy, FieldFrame, SubmitButton } from '../ui/fields.tsx';
import { INPUT_CLASS } from '../ui/styles.ts';
import FormAlert from '../ui/FormAlert.tsx';
import { usePostedForm } from '../ui/use-posted-form.ts';

interface Props {
  /** What is reported. */
  kind: ReportItemKind;
  /** Its document id. */
  itemId: string;
}

const formSchema = reportRequestSchema.pick({ reason: true, note: true });

/**
 * Report an item: a reason from the short list and an optional note, nothing
 * else (a visitor is not asked who they are). A real form posting to
 * /api/report: without JavaScript it still works (the server answers with its
 * result page); hydrated, it answers in place.
 */
export default function ReportForm({ kind, itemId }: Props) {
  const prefix = `report-${kind}-${itemId}`;
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const { register, formState, onSubmit } = usePostedForm(
    formSchema,
    { reason: undefined, note: '' },
    async (values) => {
      setAnswer(await sendReport({ kind, itemId, reason: values.reason, note: values.note }));
    },
  );

  if (answer?.ok)
    return (
      <p role="status" className="text-sm font-semibold" data-report-answer>
        {answer.message}
      </p>
    );

  return (
    <form
      name="report"
      method="post"
      action={REPORT_ENDPOINT}
      onSubmit={onSubmit}
      noValidate
      className="space-y-3"
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="itemId" value={itemId} />
      <FieldFrame
        id={`${prefix}-reason`}
        label={`Why are you reporting this ${REPORT_ITEM_LABELS[kind]}?`}
        error={formState.errors.reason?.message}
      >
        <select
          id={`${prefix}-reason`}
          required
          aria-invalid={formState.errors.reason ? true : undefined}
          aria-describedby={describedBy(`${prefix}-reason`, undefined, formState.errors.reason?.message)}
          defaultValue=""
          className={INPUT_CLASS}
          {...register('reason')}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {REPORT_REASON_IDS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASONS[reason]}
            </option>
          ))}
        </select>
      </FieldFrame>
      <AreaField
        id={`${prefix}-note`}
        label="Anything to add (optional)"
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        error={formState.errors.note?.message}
        {...register('note')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel="Sending…">
        Send report
      </SubmitButton>
      <FormAlert>{answer?.message}</FormAlert>
    </form>
  );
}
