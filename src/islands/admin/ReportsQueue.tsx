import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  actionsFor,
  moderationReasonSchema,
  type ModerationAction,
  type ModerationQueueEntry,
} from '../../domain/admin/moderation.ts';
import { REPORT_ITEM_LABELS, REPORT_REASONS, type ReportReason } from '../../domain/reports/report.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { AreaField } from '../ui/fields.tsx';
import { useAsync } from '../ui/use-async.ts';

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  restore: 'Restore',
  warn: 'Warn the member',
  deactivate: 'Deactivate the member',
};

const DONE: Record<ModerationAction, string> = {
  dismiss: 'The reports were dismissed.',
  hide: 'The item is hidden.',
  restore: 'The item is shown again.',
  warn: 'The member was warned.',
  deactivate: 'The member was deactivated.',
};

const formSchema = z.object({ reason: moderationReasonSchema });
type Values = z.input<typeof formSchema>;

/** One reported item: what it is (in place), its reports, and the actions with the admin's reason. */
function QueueEntry({ entry, onDone }: { entry: ModerationQueueEntry; onDone: () => void }) {
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const prefix = `moderation-${entry.kind}-${entry.id}`;
  const { register, handleSubmit, formState, reset } = useForm<Values, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { reason: '' },
  });

  async function submit(values: z.output<typeof formSchema>) {
    const { moderateItem } = await import('../../data/client/admin/admin-moderation.ts');
    const outcome = await moderateItem({ action, kind: entry.kind, itemId: entry.id, reason: values.reason });
    if (!outcome.ok) {
      showToast({ title: 'Error', description: outcome.message, variant: 'destructive' });
      return;
    }
    showToast({ title: 'Success', description: DONE[action] });
    reset();
    onDone();
  }

  const reasons = Object.entries(entry.reasons) as [ReportReason, number][];
  return (
    <li
      className="rounded-lg border border-line bg-paper p-4"
      data-moderation-entry={`${entry.kind}:${entry.id}`}
    >
      <p className="text-sm text-ink-muted">
        {REPORT_ITEM_LABELS[entry.kind]} · {entry.count} open {entry.count === 1 ? 'report' : 'reports'} ·
        oldest {new Date(entry.oldest).toLocaleString()}
        {entry.item.hidden ? ' · hidden' : ''}
      </p>
      <p className="mt-1 font-semibold break-words">
        {entry.item.path ? (
          <a
            href={entry.item.path}
            className="text-accent underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            {entry.item.title || '(untitled)'}
          </a>
        ) : (
          entry.item.title || '(untitled)'
        )}
      </p>
      {entry.item.excerpt ? <p className="mt-1 text-sm break-words">{entry.item.excerpt}</p> : null}
      <p className="mt-2 text-sm">
        {reasons.map(([reason, count]) => `${REPORT_REASONS[reason]} (${count})`).join(', ')}
      </p>
      {entry.notes.length > 0 ? (
        <ul
          className="mt-1 list-disc pl-5 text-sm break-words whitespace-pre-line"
          aria-label="Notes from reporters"
        >
          {entry.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={handleSubmit(submit)} noValidate className="mt-3 space-y-2">
        <AreaField
          id={`${prefix}-reason`}
          label="Reason (recorded in the audit log; mailed to the member when you hide or warn)"
          rows={2}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-wrap gap-2">
          {actionsFor(entry.kind, entry.item).map((choice) => (
            <button
              key={choice}
              type="submit"
              disabled={formState.isSubmitting}
              onClick={() => setAction(choice)}
              className={choice === 'dismiss' ? 'btn btn-outline' : 'btn btn-primary'}
            >
              {ACTION_LABELS[choice]}
            </button>
          ))}
        </div>
      </form>
    </li>
  );
}

/** The Reports section: open reports grouped by item, the most reported and longest waiting first. */
export default function ReportsQueue() {
  const [state, reload] = useAsync(
    () =>
      import('../../data/client/admin/admin-moderation.ts').then(({ loadModerationQueue }) =>
        loadModerationQueue(),
      ),
    [],
    'Failed to load the reports',
  );
  return (
    <section aria-labelledby="reports-heading" className="space-y-3">
      <h2 id="reports-heading" className="text-xl font-bold">
        Reports
      </h2>
      <AsyncContent
        state={state}
        loading="Loading the reports…"
        failed="The reports could not be loaded."
        retry={reload}
        empty="No open reports."
      >
        {(queue) => (
          <ol className="space-y-4" aria-label="Reported items">
            {queue.map((entry) => (
              <QueueEntry key={`${entry.kind}:${entry.id}`} entry={entry} onDone={reload} />
            ))}
          </ol>
        )}
      </AsyncContent>
    </section>
  );
}
