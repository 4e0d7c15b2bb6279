/**
 * Edit mode on an owned item's page, for its owner or an admin: an Edit toggle
 * (or ?edit=true on arrival, or unsaved changes kept across a new sign-in), the
 * item editor in place of the page's content, and after a save or delete a
 * reload that shows the stored result. On the not-found page of a disabled
 * item, the owner and admins see it marked as disabled, with the same editor.
 * Anyone else sees nothing of this.
 */
import { useEffect, useState } from 'react';
import { setFlash } from '../../lib/flash-toast.ts';
import { hasKeptDraft } from '../../lib/kept-draft.ts';
import { showToast } from '../../lib/toast.ts';
import OwnedItemEditor from './OwnedItemEditor.tsx';
import {
  ownedItemDraftKey,
  type OwnedItem,
  type OwnedItemKind,
  type OwnedItemValues,
} from './owned-item-kind.ts';

interface Props<Item extends OwnedItem, Values extends OwnedItemValues> {
  kind: OwnedItemKind<Item, Values>;
  itemId: string;
  /** Hides or shows the page's own content: hidden while editing (always, on the not-found page of a disabled item). */
  setViewHidden: (hidden: boolean) => void;
}

type State<Item> =
  { status: 'loading' } | { status: 'none' } | { status: 'ready'; item: Item; admin: boolean };

/** The item with the caller's admin flag, when the caller may edit it. */
async function loadForEditing<Item extends OwnedItem>(
  load: (id: string) => Promise<Item | null>,
  itemId: string,
): Promise<State<Item>> {
  const { currentAccount } = await import('../../data/client/auth.ts');
  const account = await currentAccount();
  if (!account) return { status: 'none' };
  const item = await load(itemId);
  if (!item || (item.user_id !== account.uid && !account.admin)) return { status: 'none' };
  return { status: 'ready', item, admin: account.admin };
}

/** True when the address asks for edit mode (?edit=true). */
function editRequested(): boolean {
  return new URLSearchParams(location.search).get('edit') === 'true';
}

/** Drops ?edit=true from the address, so a reload shows the view. */
function forgetEditParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('edit')) return;
  url.searchParams.delete('edit');
  history.replaceState(history.state, '', url);
}

export default function OwnedItemPageEditor<Item extends OwnedItem, Values extends OwnedItemValues>({
  kind,
  itemId,
  setViewHidden,
}: Props<Item, Values>) {
  const { texts } = kind;
  const [state, setState] = useState<State<Item>>({ status: 'loading' });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void loadForEditing(kind.load, itemId)
      .then((next) => {
        setState(next);
        if (
          next.status === 'ready' &&
          (editRequested() || hasKeptDraft(ownedItemDraftKey(kind.name, next.item.id, next.item.user_id)))
        )
          setEditing(true);
      })
      .catch((error: unknown) => {
        console.error(texts.pageLoadFailed, error);
        showToast({ title: 'Error', description: texts.pageLoadFailed, variant: 'destructive' });
        setState({ status: 'none' });
      });
  }, [kind.load, kind.name, itemId, texts.pageLoadFailed]);

  const disabled = state.status === 'ready' && !state.item.is_active;
  useEffect(() => {
    if (state.status !== 'ready') return;
    setViewHidden(editing || disabled);
  }, [editing, disabled, state.status, setViewHidden]);

  if (state.status !== 'ready') return null;
  const { item, admin } = state;

  function cancel() {
    setEditing(false);
    forgetEditParam();
  }

  function saved() {
    setFlash({ title: 'Success', description: texts.updated });
    location.assign(kind.path(item));
  }

  function deleted() {
    setFlash({ title: 'Success', description: texts.deleted });
    location.assign(kind.pathAfterDelete(item));
  }

  return (
    <div className="mb-6 space-y-4" {...{ [`data-${kind.name}-owner-tools`]: true }}>
      {disabled ? (
        <div
          role="status"
          className="rounded-lg border-2 border-red-700 bg-accent-soft p-4"
          {...{ [`data-${kind.name}-disabled-notice`]: true }}
        >
          <p className="font-bold text-ink">“{item.title}” is disabled</p>
          <p className="text-sm text-ink">
            Only its owner and admins can see it; visitors get “{texts.notFoundTitle}”.
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-outline"
          aria-pressed={editing}
          onClick={() => (editing ? cancel() : setEditing(true))}
        >
          Edit
        </button>
      </div>
      {editing ? (
        <OwnedItemEditor
          kind={kind}
          item={item}
          userId={item.user_id}
          admin={admin}
          onCancel={cancel}
          onSaved={saved}
          onDeleted={deleted}
        />
      ) : null}
    </div>
  );
}
