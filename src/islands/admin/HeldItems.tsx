import {
  HELD_ITEM_MESSAGES,
  heldWaitingText,
  type HeldItemEntry,
} from '../../domain/admin/admin-held-items.ts';
import type { StandingKind } from '../../domain/shared/moderation-standing.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import LoadMoreButton from '../ui/LoadMoreButton.tsx';
import HeldDecisionForm from './HeldDecisionForm.tsx';
import { useHeldQueue } from './use-held-queue.ts';

const api = () => import('../../data/client/admin/admin-held-items.ts');

const NOUN: Record<StandingKind, string> = { update: 'update', ad: 'ad' };

/** One held update or ad: its title and text, and Release / Reject with the admin's reason. */
function HeldItem({ entry, onDone }: { entry: HeldItemEntry; onDone: (id: string) => void }) {
  const prefix = `held-${entry.kind}-${entry.id}`;

  return (
    <li className="rounded-lg border border-line bg-paper p-4" data-held-item={entry.id}>
      <p className="text-sm text-ink-muted">
        saved {new Date(entry.createdAt).toLocaleString()}
        {entry.heldUntil ? ` · shown on its own from ${new Date(entry.heldUntil).toLocaleDateString()}` : ''}
      </p>
      <p className="mt-1 font-semibold break-words">{entry.title || '(untitled)'}</p>
      <p className="mt-2 break-words whitespace-pre-line">{entry.excerpt}</p>
      <HeldDecisionForm
        prefix={prefix}
        send={async (action, reason) =>
          (await api()).decideHeldItem({ action, kind: entry.kind, id: entry.id, reason })
        }
        messages={HELD_ITEM_MESSAGES}
        onDecided={() => onDone(entry.id)}
        rejectReasonFallback="Please give a reason."
        confirm={{
          title: `Reject this ${NOUN[entry.kind]}?`,
          description: (
            <>
              “{entry.title}” is deleted and never shown, and its member’s next {NOUN[entry.kind]}s are held
              for a whole period again. Your reason is recorded in the audit log.
            </>
          ),
          confirmLabel: `Reject ${NOUN[entry.kind]}`,
        }}
      />
    </li>
  );
}

/** The held items of one kind, a page at a time, with how many wait. */
function HeldKind({ kind, title }: { kind: StandingKind; title: string }) {
  const { held, state, waiting, heading, done } = useHeldQueue(
    async (cursor) => (await api()).loadHeldItems(kind, cursor),
    [kind],
    `Failed to load the held ${NOUN[kind]}s`,
  );

  return (
    <div className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {title}
      </h3>
      <p aria-live="polite">{waiting !== null && waiting > 0 ? heldWaitingText(kind, waiting) : ''}</p>
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
