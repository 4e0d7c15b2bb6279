import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { rejectReasonSchema, releaseReasonSchema } from '../../domain/admin/admin-held-reviews.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { AreaField } from '../ui/fields.tsx';

// The reason as typed: optional and length-limited for both buttons; Reject also requires it (below).
const formSchema = z.object({ reason: releaseReasonSchema });
type Values = z.input<typeof formSchema>;

interface Props {
  /** Prefix of the element ids, unique on the page. */
  prefix: string;
  /** Sends the decision to the function; `decided` is false when the item was no longer waiting. */
  send: (
    action: 'release' | 'reject',
    reason: string,
  ) => Promise<{ ok: true; data: { decided: boolean } } | { ok: false; message: string }>;
  /** The toasts after a decision: released, rejected, or no longer waiting (another admin was first). */
  messages: { released: string; rejected: string; notWaiting: string };
  /** Runs when the item has left the queue, decided now or before. */
  onDecided: () => void;
  /** The error shown when Reject is pressed without a reason and the schema gives none. */
  rejectReasonFallback: string;
  /** The Reject question: its title, what rejecting does, and the confirm button's label. */
  confirm: { title: string; description: ReactNode; confirmLabel: string };
}

/**
 * Release / Reject of one held item (a review, an update, an ad) with the admin's
 * reason, shared by the held queues: the reason is optional to release, required
 * to reject, and Reject asks before it acts.
 */
export default function HeldDecisionForm({
  prefix,
  send,
  messages,
  onDecided,
  rejectReasonFallback,
  confirm,
}: Props) {
  const [rejecting, setRejecting] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    Values,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), defaultValues: { reason: '' } });

  /** Sends the decision; true when the item has left the queue (decided now or before). */
  async function decide(action: 'release' | 'reject', reason: string): Promise<boolean> {
    const outcome = await send(action, reason);
    if (!outcome.ok) {
      showToast({ title: 'Error', description: outcome.message, variant: 'destructive' });
      return false;
    }
    if (outcome.data.decided)
      showToast({
        title: 'Success',
        description: action === 'release' ? messages.released : messages.rejected,
      });
    else showToast({ title: 'Already decided', description: messages.notWaiting });
    onDecided();
    return true;
  }

  const release = handleSubmit(async (values) => {
    await decide('release', values.reason);
  });

  // Reject asks first; the reason is checked before the question.
  const askReject = handleSubmit((values) => {
    const reason = rejectReasonSchema.safeParse(values.reason);
    if (!reason.success)
      setError('reason', { message: reason.error.issues[0]?.message ?? rejectReasonFallback });
    else setRejecting(reason.data);
  });

  const disabled = formState.isSubmitting || rejecting !== null;
  return (
    <>
      <form onSubmit={(event) => void release(event)} noValidate className="mt-3 space-y-2">
        <AreaField
          id={`${prefix}-reason`}
          label="Reason (recorded in the audit log; optional to release, required to reject)"
          rows={2}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            {formState.isSubmitting && rejecting === null ? 'Releasing…' : 'Release'}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={disabled}
            onClick={() => void askReject()}
          >
            Reject
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title={confirm.title}
        description={confirm.description}
        confirmLabel={confirm.confirmLabel}
        busyLabel="Rejecting…"
        onConfirm={async () => ((await decide('reject', rejecting ?? '')) ? 'close' : 'stay')}
      />
    </>
  );
}
