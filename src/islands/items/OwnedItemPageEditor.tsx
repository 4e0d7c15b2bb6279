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
import { useAsync } from '../ui/use-async.ts';
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

/** The item to edit, with the caller's admin flag. */
interface Editable<Item> {
  item: Item;
  admin: boolean;
}

/** The item with the caller's admin flag, or null when the caller may not edit it (only its owner or an admin may). */
async function loadForEditing<Item extends OwnedItem>(
  load: (id: string) => Promise<Item | null>,
  itemId: string,
): Promise<Editable<Item> | null> {
  const { currentAccount } = await import('../../data/client/shared/auth.ts');
  const account = await currentAccount();
  if (!account) return null;
  const item = await load(itemId);
  if (!item || (item.user_id !== account.uid && !account.admin)) return null;
  return { item, admin: account.admin };
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
  const { pageLoadFailed } = kind.texts;
  const [state] = useAsync(() => loadForEditing(kind.load, itemId), [kind.load, itemId], pageLoadFailed);

  // A failed load is told in a toast; the page's own content stays as it is.
  const failed = state.status === 'failed';
  useEffect(() => {
    if (failed) showToast({ title: 'Error', description: pageLoadFailed, variant: 'destructive' });
  }, [failed, pageLoadFailed]);

  if (state.status !== 'ready' || state.value === null) return null;
  return <EditMode kind={kind} {...state.value} setViewHidden={setViewHidden} />;
}

interface EditModeProps<Item extends OwnedItem, Values extends OwnedItemValues> extends Editable<Item> {
  kind: OwnedItemKind<Item, Values>;
  setViewHidden: (hidden: boolean) => void;
}

/** The Edit toggle and the editor of an item the caller may edit (and the disabled notice for a disabled one). */
function EditMode<Item extends OwnedItem, Values extends OwnedItemValues>({
  kind,
  item,
  admin,
  setViewHidden,
}: EditModeProps<Item, Values>) {
  const { texts } = kind;
  // Open on arrival when the address asks for it, or when unsaved changes were kept across a new sign-in.
  const [editing, setEditing] = useState(
    () => editRequested() || hasKeptDraft(ownedItemDraftKey(kind.name, item.id, item.user_id)),
  );

  // A disabled item and one hidden by a moderator both answer 404 to visitors; the owner sees why.
  const hiddenByModerator = item.moderation_hidden === true;
  const disabled = !item.is_active || hiddenByModerator;
  useEffect(() => {
    setViewHidden(editing || disabled);
  }, [editing, disabled, setViewHidden]);

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
          <p className="font-bold text-ink">
            “{item.title}” is {hiddenByModerator ? 'hidden by a moderator' : 'disabled'}
          </p>
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
