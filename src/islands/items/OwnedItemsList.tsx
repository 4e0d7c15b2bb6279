/**
 * The profile editor's section for one kind of owned item: the member's items
 * (disabled ones marked), each edited or deleted in place with the item editor
 * or opened on its page, and Add for a new one. Each item is saved at once
 * through the kind's callable, apart from the profile's own Save. The free
 * plan's counter turns orange at 2 and red at 3, where Add is disabled and the
 * plan's message shows with an 'Upgrade to Premium' link; the server refuses a
 * fourth item whatever this shows.
 */
import { useState } from 'react';
import { LIMIT_MESSAGES, limitLevel, PLAN_LIMITS } from '../../domain/items/plan-limits.ts';
import type { SubscriptionStatus } from '../../domain/accounts/profile.ts';
import { showToast } from '../../lib/toast.ts';
import { useAsync } from '../ui/use-async.ts';
import OwnedItemEditor from './OwnedItemEditor.tsx';
import { UPGRADE_LINK } from './save-failure-toast.ts';
import type { OwnedItem, OwnedItemKind, OwnedItemValues } from './owned-item-kind.ts';

const LEVEL_CLASS = { normal: 'text-ink-muted', warning: 'text-orange-800', limit: 'text-red-700' } as const;

/** The section's props apart from the kind (what a kind's list wrapper takes). */
export interface OwnedItemsListProps {
  userId: string;
  subscription: SubscriptionStatus;
  admin: boolean;
  /** Prefix of the section's ids; the kind's own by default. */
  idPrefix?: string;
}

export default function OwnedItemsList<Item extends OwnedItem, Values extends OwnedItemValues>({
  kind,
  userId,
  subscription,
  admin,
  idPrefix = kind.listIdPrefix,
}: OwnedItemsListProps & { kind: OwnedItemKind<Item, Values> }) {
  const { texts } = kind;
  const { loadMemberItems } = kind;
  const [load, reload] = useAsync(
    () => loadMemberItems(userId),
    [loadMemberItems, userId],
    texts.listLoadFailed,
  );
  /** The item being edited: its id, 'new', or null. */
  const [open, setOpen] = useState<string | null>(null);

  const items = load.status === 'ready' ? load.value : [];
  const level = limitLevel(items.length, subscription);
  const limit = PLAN_LIMITS[subscription][kind.limit];
  const headingId = `${idPrefix}-${kind.plural}-heading`;
  const editorPrefix = (key: string) => kind.listEditorIdPrefix?.(idPrefix, key);

  function done(description: string) {
    setOpen(null);
    showToast({ title: 'Success', description });
    reload();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4" {...{ [`data-${kind.plural}-section`]: true }}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {texts.listHeading}
        </h2>
        {Number.isFinite(limit) && load.status === 'ready' ? (
          <p
            className={`text-sm font-semibold ${LEVEL_CLASS[level]}`}
            aria-live="polite"
            {...{ [`data-${kind.plural}-counter`]: level }}
          >
            {items.length}/{limit} {texts.counterNoun} (free plan)
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">{texts.listNote}</p>
      {load.status === 'loading' ? (
        <p role="status" className="text-ink-muted">
          {texts.listLoading}
        </p>
      ) : null}
      {load.status === 'failed' ? (
        <div role="alert" className="space-y-2">
          <p className="font-semibold text-red-700">{texts.listLoadFailed}</p>
          <button type="button" className="btn btn-outline" onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      {load.status === 'ready' && items.length === 0 && open !== 'new' ? (
        <p className="text-ink-muted">{texts.listEmpty}</p>
      ) : null}
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg border border-line bg-white/60 p-4">
            {open === item.id ? (
              <OwnedItemEditor
                kind={kind}
                item={item}
                userId={userId}
                admin={admin}
                idPrefix={editorPrefix(item.id)}
                onCancel={() => setOpen(null)}
                onSaved={() => done(texts.updated)}
                onDeleted={() => done(texts.deleted)}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">
                    <a href={kind.path(item)} className="text-ink underline">
                      {item.title}
                    </a>
                    {!item.is_active ? (
                      <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-red-700">
                        Disabled
                      </span>
                    ) : null}
                    {item.moderation_hidden === true ? (
                      <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-red-700">
                        Hidden by a moderator
                      </span>
                    ) : null}
                  </p>
                  {kind.summary ? <p className="text-sm text-ink-muted">{kind.summary(item)}</p> : null}
                </div>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setOpen(item.id)}
                  disabled={open !== null}
                >
                  Edit {item.title}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {open === 'new' ? (
        <OwnedItemEditor
          kind={kind}
          item={null}
          userId={userId}
          admin={admin}
          idPrefix={editorPrefix('new')}
          onCancel={() => setOpen(null)}
          onSaved={() => done(texts.added)}
        />
      ) : null}
      {level === 'limit' ? (
        <p role="status" className="font-semibold text-red-700">
          <span>{LIMIT_MESSAGES[kind.limit]}</span>{' '}
          <a href={UPGRADE_LINK.href} className="text-ink underline">
            {UPGRADE_LINK.label}
          </a>
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={load.status !== 'ready' || level === 'limit' || open !== null}
        onClick={() => setOpen('new')}
      >
        {texts.addButton}
      </button>
    </section>
  );
}
