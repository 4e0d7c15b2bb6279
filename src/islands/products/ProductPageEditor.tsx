/**
 * Edit mode on /product-service/{id} for the owner or an admin: an Edit toggle
 * (or ?edit=true on arrival), the product editor in place of the page's content,
 * and a reload after a save or delete. On the not-found page of a disabled item,
 * the owner and admins see it marked as disabled, with the same editor.
 */
import { useEffect, useState } from 'react';
import { ITEM_MESSAGES } from '../../domain/item-save.ts';
import type { ProductService } from '../../domain/product-service.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import { hasKeptDraft } from '../../lib/kept-draft.ts';
import ProductEditor, { productDraftKey } from './ProductEditor.tsx';

interface Props {
  itemId: string;
  setViewHidden: (hidden: boolean) => void;
}

type State =
  { status: 'loading' } | { status: 'none' } | { status: 'ready'; item: ProductService; admin: boolean };

async function loadForEditing(itemId: string): Promise<State> {
  const { currentAccount } = await import('../../data/client/auth.ts');
  const account = await currentAccount();
  if (!account) return { status: 'none' };
  const { loadProductService } = await import('../../data/client/items.ts');
  const item = await loadProductService(itemId);
  if (!item || (item.user_id !== account.uid && !account.admin)) return { status: 'none' };
  return { status: 'ready', item, admin: account.admin };
}

export default function ProductPageEditor({ itemId, setViewHidden }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void loadForEditing(itemId)
      .then((next) => {
        setState(next);
        // Edit mode opens when asked, or when unsaved changes were kept across a new sign-in.
        if (
          next.status === 'ready' &&
          (new URLSearchParams(location.search).get('edit') === 'true' ||
            hasKeptDraft(productDraftKey(next.item.id, next.item.user_id)))
        )
          setEditing(true);
      })
      .catch((error: unknown) => {
        console.error('Failed to load product/service for editing', error);
        showToast({ title: 'Error', description: ITEM_MESSAGES.productLoadFailed, variant: 'destructive' });
        setState({ status: 'none' });
      });
  }, [itemId]);

  const disabled = state.status === 'ready' && !state.item.is_active;
  useEffect(() => {
    if (state.status !== 'ready') return;
    setViewHidden(editing || disabled);
  }, [editing, disabled, state.status, setViewHidden]);

  if (state.status !== 'ready') return null;
  const { item, admin } = state;

  function cancel() {
    setEditing(false);
    const url = new URL(location.href);
    if (url.searchParams.has('edit')) {
      url.searchParams.delete('edit');
      history.replaceState(history.state, '', url);
    }
  }

  return (
    <div className="mb-6 space-y-4" data-product-owner-tools>
      {disabled ? (
        <div
          role="status"
          className="rounded-lg border-2 border-red-700 bg-accent-soft p-4"
          data-product-disabled-notice
        >
          <p className="font-bold text-ink">“{item.title}” is disabled</p>
          <p className="text-sm text-ink">
            Only its owner and admins can see it; visitors get “Product/Service Not Found”.
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
        <ProductEditor
          item={item}
          userId={item.user_id}
          admin={admin}
          onCancel={cancel}
          onSaved={() => {
            setFlash({ title: 'Success', description: ITEM_MESSAGES.productUpdated });
            location.assign(`/product-service/${encodeURIComponent(item.id)}`);
          }}
          onDeleted={() => {
            setFlash({ title: 'Success', description: ITEM_MESSAGES.productDeleted });
            location.assign('/');
          }}
        />
      ) : null}
    </div>
  );
}
