import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  HELD_ITEM_MESSAGES,
  heldWaitingText,
  type HeldItemDecision,
  type HeldItemEntry,
} from '../../domain/admin/admin-held-items.ts';
import { rejectReasonSchema, releaseReasonSchema } from '../../domain/admin/admin-held-reviews.ts';
import type { StandingKind } from '../../domain/shared/moderation-standing.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import LoadMoreButton from '../ui/LoadMoreButton.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { AreaField } from '../ui/fields.tsx';
import { usePagedAsync } from '../ui/use-async.ts';

const api = () => import('../../data/client/admin/admin-held-items.ts');

// The reason as typed: optional and length-limited for both buttons; Reject also requires it (below).
const formSchema = z.object({ reason: releaseReasonSchema });
type Values = z.input<typeof formSchema>;

const NOUN: Record<StandingKind, string> = { update: 'update', ad: 'ad' };

/** One held update or ad: its title and text, and Release / Reject with the admin's reason. */
function HeldItem({ entry, onDone }: { entry: HeldItemEntry; onDone: (id: string) => void }) {
  const prefix = `held-${entry.kind}-${entry.id}`;
  const [rejecting, setRejecting] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    Values,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), defaultValues: { reason: '' } });

  /** Sends the decision; true when the item has left the queue (decided now or before). */
  async function decide(action: HeldItemDecision, reason: string): Promise<boolean> {
    const { decideHeldItem } = await api();
    const outcome = await decideHeldItem({ action, kind: entry.kind, id: entry.id, reason });
    if (!outcome.ok) {
      showToast({ title: 'Error', description: outcome.message, variant: 'destructive' });
      return false;
    }
    if (outcome.data.decided)
      showToast({
        title: 'Success',
        description: action === 'release' ? HELD_ITEM_MESSAGES.released : HELD_ITEM_MESSAGES.rejected,
      });
    else showToast({ title: 'Already decided', description: HELD_ITEM_MESSAGES.notWaiting });
    onDone(entry.id);
    return true;
  }

  const release = handleSubmit(async (values) => {
    await decide('release', values.reason);
  });

  // Reject asks first; the reason is checked before the question.
  const askReject = handleSubmit((values) => {
    const reason = rejectReasonSchema.safeParse(values.reason);
    if (!reason.success)
      setError('reason', { message: reason.error.issues[0]?.message ?? 'Please give a reason.' });
    else setRejecting(reason.data);
  });

  const disabled = formState.isSubmitting || rejecting !== null;
  return (
    <li className="rounded-lg border border-line bg-paper p-4" data-held-item={entry.id}>
      <p className="text-sm text-ink-muted">
        saved {new Date(entry.createdAt).toLocaleString()}
        {entry.heldUntil ? ` · shown on its own from ${new Date(entry.heldUntil).toLocaleDateString()}` : ''}
      </p>
      <p className="mt-1 font-semibold break-words">{entry.title || '(untitled)'}</p>
      <p className="mt-2 break-words whitespace-pre-line">{entry.excerpt}</p>
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
        title={`Reject this ${NOUN[entry.kind]}?`}
        description={
          <>
            “{entry.title}” is deleted and never shown, and its member’s next {NOUN[entry.kind]}s are held for
            a whole period again. Your reason is recorded in the audit log.
          </>
        }
        confirmLabel={`Reject ${NOUN[entry.kind]}`}
        busyLabel="Rejecting…"
        onConfirm={async () => ((await decide('reject', rejecting ?? '')) ? 'close' : 'stay')}
      />
    </li>
  );
}

/** The held items of one kind, a page at a time, with how many wait. */
function HeldKind({ kind, title }: { kind: StandingKind; title: string }) {
  const [waiting, setWaiting] = useState<number | null>(null);
  const [decisions, setDecisions] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (decisions > 0) heading.current?.focus();
  }, [decisions]);
  const held = usePagedAsync(
    async (cursor) => {
      const page = await (await api()).loadHeldItems(kind, cursor);
      setWaiting(page.waiting);
      return page;
    },
    [kind],
    `Failed to load the held ${NOUN[kind]}s`,
  );
  // A page loaded after another admin's decision may repeat an item already shown.
  const state = useMemo(
    () =>
      held.state.status === 'ready'
        ? {
            ...held.state,
            value: held.state.value.filter(
              (entry, index, all) => all.findIndex((other) => other.id === entry.id) === index,
            ),
          }
        : held.state,
    [held.state],
  );

  function done(id: string) {
    held.update((items) => items.filter((item) => item.id !== id));
    held.reload();
    setDecisions((n) => n + 1);
  }

  return (
    <div className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {title}
      </h3>
      <p aria-live="polite">
        {held.state.status === 'ready' && waiting !== null && waiting > 0
          ? heldWaitingText(kind, waiting)
          : ''}
      </p>
      <AsyncContent
        state={state}
        loading={`Loading the held ${NOUN[kind]}s…`}
        failed={`The held ${NOUN[kind]}s could not be loaded.`}
        retry={held.reload}
        empty={`No ${NOUN[kind]}s are waiting for moderation.`}
      >
        {(items) => (
          <ol className="space-y-4" aria-label={title}>
            {items.map((entry) => (
              <HeldItem key={entry.id} entry={entry} onDone={done} />
            ))}
          </ol>
        )}
      </AsyncContent>
      <LoadMoreButton
        paged={held}
        onLoadMore={() =>
          void held.loadMore().then((loaded) => {
            if (!loaded)
              showToast({
                title: 'Error',
                description: `The next held ${NOUN[kind]}s could not be loaded.`,
                variant: 'destructive',
              });
          })
        }
      />
    </div>
  );
}

/**
 * The updates and ads held under a standing moderation decision
 * (src/domain/admin/admin-held-items.ts): a member whose update or ad a moderator hid
 * saves their next ones here until you release or reject them, or the site's period ends.
 */
export default function HeldItems() {
  return (
    <section aria-labelledby="held-items-heading" className="mt-8 space-y-3">
      <h2 id="held-items-heading" className="text-xl font-bold">
        Held updates and ads
      </h2>
      <p className="text-sm text-ink-muted">
        Updates and ads of members whose update or ad a moderator hid. Their authors see them as waiting for a
        moderator until you release or reject them.
      </p>
      <HeldKind kind="update" title="Held updates" />
      <HeldKind kind="ad" title="Held ads" />
    </section>
  );
}
