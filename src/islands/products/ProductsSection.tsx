/**
 * The profile editor's Products & Services section: the member's items (disabled
 * ones marked), each edited or deleted in place with the product editor, and Add
 * for a new one. Saved at once through the product functions, apart from the
 * profile's own Save. The free plan's counter turns orange at 2 and red at 3,
 * where Add is disabled and the plan's message shows; the server refuses a
 * fourth item whatever this section shows.
 */
import { useCallback, useEffect, useState } from 'react';
import { ITEM_MESSAGES } from '../../domain/item-save.ts';
import { LIMIT_MESSAGES, limitLevel, PLAN_LIMITS } from '../../domain/plan-limits.ts';
import type { ProductService } from '../../domain/product-service.ts';
import type { SubscriptionStatus } from '../../domain/profile.ts';
import { priceLine, productKindLabel } from '../../domain/product-page.ts';
import { showToast } from '../../lib/toast.ts';
import ProductEditor from './ProductEditor.tsx';

const LEVEL_CLASS = { normal: 'text-ink-muted', warning: 'text-orange-800', limit: 'text-red-700' } as const;

interface Props {
  userId: string;
  subscription: SubscriptionStatus;
  admin: boolean;
  idPrefix?: string;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: ProductService[] };

/** The member's items, or the failed state (logged). */
async function fetchItems(userId: string): Promise<Load> {
  try {
    const { loadMemberProducts } = await import('../../data/client/items.ts');
    return { status: 'ready', items: await loadMemberProducts(userId) };
  } catch (error) {
    console.error('Failed to load products/services', error);
    return { status: 'failed' };
  }
}

export default function ProductsSection({ userId, subscription, admin, idPrefix = 'ps' }: Props) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  /** The item being edited: its id, 'new', or null. */
  const [open, setOpen] = useState<string | null>(null);

  const reload = useCallback(() => fetchItems(userId).then(setLoad), [userId]);

  useEffect(() => {
    let live = true;
    void fetchItems(userId).then((next) => {
      if (live) setLoad(next);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const headingId = `${idPrefix}-products-heading`;
  const items = load.status === 'ready' ? load.items : [];
  const count = items.length;
  const level = limitLevel(count, subscription);
  const limit = PLAN_LIMITS[subscription].products_services;

  async function done(toast: string) {
    setOpen(null);
    showToast({ title: 'Success', description: toast });
    await reload();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-products-section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Products &amp; Services
        </h2>
        {Number.isFinite(limit) && load.status === 'ready' ? (
          <p
            className={`text-sm font-semibold ${LEVEL_CLASS[level]}`}
            aria-live="polite"
            data-products-counter={level}
          >
            {count}/{limit} products/services (free plan)
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        Products and services are saved on their own, as soon as you save each one.
      </p>
      {load.status === 'loading' ? (
        <p role="status" className="text-ink-muted">
          Loading products and services…
        </p>
      ) : null}
      {load.status === 'failed' ? (
        <div role="alert" className="space-y-2">
          <p className="font-semibold text-red-700">{ITEM_MESSAGES.productLoadFailed}</p>
          <button type="button" className="btn btn-outline" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : null}
      {load.status === 'ready' && count === 0 && open !== 'new' ? (
        <p className="text-ink-muted">No products or services yet.</p>
      ) : null}
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg border border-line bg-white/60 p-4">
            {open === item.id ? (
              <ProductEditor
                item={item}
                userId={userId}
                admin={admin}
                idPrefix={`${idPrefix}-${item.id}`}
                onCancel={() => setOpen(null)}
                onSaved={() => void done(ITEM_MESSAGES.productUpdated)}
                onDeleted={() => void done(ITEM_MESSAGES.productDeleted)}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">
                    <a
                      href={`/product-service/${encodeURIComponent(item.id)}`}
                      className="text-ink underline"
                    >
                      {item.title}
                    </a>
                    {!item.is_active ? (
                      <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-red-700">
                        Disabled
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {productKindLabel(item)}
                    {priceLine(item) ? ` · ${priceLine(item)}` : ''}
                  </p>
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
        <ProductEditor
          item={null}
          userId={userId}
          admin={admin}
          idPrefix={`${idPrefix}-new`}
          onCancel={() => setOpen(null)}
          onSaved={() => void done(ITEM_MESSAGES.productAdded)}
        />
      ) : null}
      {level === 'limit' ? (
        <p role="status" className="font-semibold text-red-700">
          {LIMIT_MESSAGES.products_services}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={load.status !== 'ready' || level === 'limit' || open !== null}
        onClick={() => setOpen('new')}
      >
        Add Product/Service
      </button>
    </section>
  );
}
