import { useState } from 'react';
import { AD_ACTIVE_TEXT } from '../../domain/market/classified-detail.ts';
import { showToast } from '../../lib/toast.ts';
import type { AdminAdItem } from '../../data/client/admin/admin-ads.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import LoadMoreButton from '../ui/LoadMoreButton.tsx';
import Switch from '../ui/Switch.tsx';
import { usePagedAsync } from '../ui/use-async.ts';

const api = () => import('../../data/client/admin/admin-ads.ts');

/**
 * One ad's Active switch: it saves as it flips (disabled, busy and "Saving…"
 * meanwhile), toasts the outcome, and after a failure goes back to the stored
 * value and says so beside it. The function decides (admins only, with an audit
 * entry); this only asks.
 */
export function AdActiveSwitch({
  ad,
  onSaved,
}: {
  ad: Pick<AdminAdItem, 'id' | 'title' | 'is_active'>;
  onSaved: (active: boolean) => void;
}) {
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = `ad-active-${ad.id}`;

  async function change(active: boolean) {
    setPending(active);
    setError(null);
    let message: string | null = null;
    try {
      const outcome = await (await api()).setAdActive(ad.id, active);
      if (!outcome.ok) message = outcome.message || AD_ACTIVE_TEXT.failed;
    } catch (problem) {
      console.error(AD_ACTIVE_TEXT.failed, problem);
      message = AD_ACTIVE_TEXT.failed;
    }
    setPending(null);
    if (message !== null) {
      setError(message);
      showToast({ title: 'Error', description: AD_ACTIVE_TEXT.failed, variant: 'destructive' });
      return;
    }
    showToast({
      title: 'Success',
      description: active ? AD_ACTIVE_TEXT.on(ad.title) : AD_ACTIVE_TEXT.off(ad.title),
    });
    onSaved(active);
  }

  const busy = pending !== null;
  return (
    <span className="flex flex-col items-end gap-1">
      <span className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm">
          {AD_ACTIVE_TEXT.label}
          <span className="sr-only">: {ad.title}</span>
        </label>
        <Switch
          id={id}
          checked={pending ?? ad.is_active}
          disabled={busy}
          busy={busy}
          describedBy={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onCheckedChange={(checked) => void change(checked)}
        />
      </span>
      <span id={`${id}-hint`} className="sr-only">
        {AD_ACTIVE_TEXT.hint}
      </span>
      <span role="status" className="text-sm text-ink-muted">
        {busy ? AD_ACTIVE_TEXT.saving : ''}
      </span>
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Classified Ads: every ad, newest first (a page at a time), with its seller,
 * its state (inactive, hidden by a moderator, featured) and the admin's Active
 * switch. An inactive ad has no public page, so only a shown ad's title links.
 */
export default function ClassifiedAds() {
  const ads = usePagedAsync(
    async (cursor) => (await api()).listAdminAds(cursor),
    [],
    'Failed to load classified ads.',
  );

  async function more() {
    if (!(await ads.loadMore()))
      showToast({ title: 'Error', description: 'Failed to load classified ads.', variant: 'destructive' });
  }

  function saved(id: string, active: boolean) {
    ads.update((items) => items.map((ad) => (ad.id === id ? { ...ad, is_active: active } : ad)));
  }

  return (
    <section aria-labelledby="admin-ads-heading" className="space-y-3">
      <h2 id="admin-ads-heading" className="text-xl font-bold">
        Classified Ads
      </h2>
      <p className="text-sm text-ink-muted">{AD_ACTIVE_TEXT.hint}</p>
      <AsyncContent
        state={ads.state}
        loading="Loading classified ads…"
        failed="Failed to load classified ads."
        empty="No classified ads yet."
      >
        {(list) => (
          <ul
            className="divide-y divide-line rounded border border-line bg-white"
            aria-label="Classified ads"
          >
            {list.map((ad) => (
              <li key={ad.id} className="flex items-start justify-between gap-3 p-3" data-admin-ad={ad.id}>
                <span>
                  {ad.is_active && !ad.moderation_hidden ? (
                    <a className="underline" href={`/classifieds/${encodeURIComponent(ad.id)}`}>
                      {ad.title}
                    </a>
                  ) : (
                    <span>{ad.title}</span>
                  )}{' '}
                  <span className="text-sm text-ink-muted">
                    {ad.sellerName || ad.sellerUid} · {ad.created_at.toLocaleDateString()}
                  </span>
                  {!ad.is_active ? (
                    <span className="ml-2 rounded bg-parchment px-2 text-sm">Inactive</span>
                  ) : null}
                  {ad.moderation_hidden ? (
                    <span className="ml-2 rounded bg-parchment px-2 text-sm">Hidden by a moderator</span>
                  ) : null}
                  {ad.is_featured ? (
                    <span className="ml-2 rounded bg-accent-soft px-2 text-sm">Featured</span>
                  ) : null}
                </span>
                <AdActiveSwitch ad={ad} onSaved={(active) => saved(ad.id, active)} />
              </li>
            ))}
          </ul>
        )}
      </AsyncContent>
      <LoadMoreButton paged={ads} onLoadMore={() => void more()} />
    </section>
  );
}
