/**
 * The admin's tools on /blog or /newsletters. The page is pre-rendered from
 * published items; this island lists every item (drafts included) from
 * Firestore: a toolbar with 'New Post' / 'New Newsletter' and the items the
 * page does not show yet (drafts with a Draft badge, and changes waiting for
 * the next publish), and edit/delete/send controls in each pre-rendered item.
 * Saves go straight to Firestore under the rules; the publish pipeline then
 * rebuilds the pages.
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { EditorialForm, EditorialItem } from '../../data/client/editorial/editorial.ts';
import { longDate, sentLine, type EditorialCollection } from '../../domain/editorial/editorial.ts';
import { renderLightMarkup } from '../../domain/shared/light-markup.ts';
import { canSend, type Newsletter } from '../../domain/editorial/newsletter.ts';
import DeleteItemDialog from './DeleteItemDialog.tsx';
import EditorialFormDialog from './EditorialFormDialog.tsx';
import SendNewsletter from './SendNewsletter.tsx';
import SubscribersExport from './SubscribersExport.tsx';
import { EDITORIAL_TEXTS } from './texts.ts';

type Item = EditorialItem<EditorialCollection>;

interface Props {
  collection: EditorialCollection;
  /** Controls slot of each pre-rendered article, by item id. */
  slots: ReadonlyMap<string, HTMLElement>;
}

const data = () => import('../../data/client/editorial/editorial.ts');

/** True when the pre-rendered article around `slot` already shows the sent line. */
function sentShownBy(slot: HTMLElement | undefined): boolean {
  return Boolean(slot?.closest('article')?.querySelector('[data-sent]'));
}

/** Hides the pre-rendered items that no longer exist. */
function hideDeleted(slots: ReadonlyMap<string, HTMLElement>, ids: ReadonlySet<string>): void {
  for (const [id, slot] of slots) slot.closest('li')?.toggleAttribute('hidden', !ids.has(id));
}

export default function EditorialAdmin({ collection, slots }: Props) {
  const texts = EDITORIAL_TEXTS[collection];
  const [items, setItems] = useState<Item[] | null>(null);
  const [editing, setEditing] = useState<Item | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const [counts, setCounts] = useState<Record<string, number> | null>(null);

  const reload = useCallback(async () => {
    try {
      const { listAllItems } = await data();
      setItems(await listAllItems(collection));
    } catch (error) {
      // Load failures are only logged; the list stays as it was.
      console.error(`Failed to load ${collection}`, error);
      setItems((current) => current ?? []);
    }
  }, [collection]);

  useEffect(() => {
    data()
      .then(({ listAllItems }) => listAllItems(collection))
      .then(setItems, (error: unknown) => {
        // Load failures are only logged; the list stays empty.
        console.error(`Failed to load ${collection}`, error);
        setItems([]);
      });
    if (collection === 'newsletters') {
      void data()
        .then(({ newsletterAudience }) => newsletterAudience())
        .then((outcome) => {
          if (outcome.ok) setCounts(outcome.data.counts);
          else console.error('Failed to count the newsletter audience', outcome.message);
        });
    }
  }, [collection]);

  // An item deleted since the build leaves the page at once for the admin.
  useEffect(() => {
    if (items) hideDeleted(slots, new Set(items.map((i) => i.id)));
  }, [items, slots]);

  async function save(form: EditorialForm<EditorialCollection>) {
    const { createItem, updateItem } = await data();
    if (editing) await updateItem(collection, editing.id, form);
    else await createItem(collection, form);
    await reload();
  }

  async function remove(item: Item) {
    const { deleteItem } = await data();
    await deleteItem(collection, item.id);
    await reload();
  }

  function openEditor(item: Item | null) {
    setEditing(item);
    setDialogKey((k) => k + 1);
    setDialogOpen(true);
  }

  function markSent(item: Item, recipientCount: number) {
    setItems(
      (current) =>
        current?.map((i) =>
          i.id === item.id ? { ...i, sent_at: new Date(), recipient_count: recipientCount } : i,
        ) ?? null,
    );
  }

  const controls = (item: Item, onPage: boolean) => {
    const newsletter = collection === 'newsletters' ? (item as Newsletter) : null;
    return (
      <div
        className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-line bg-parchment/60 p-2"
        data-admin-controls
      >
        {!item.is_published && (
          <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold text-paper">Draft</span>
        )}
        {onPage && !item.is_published && (
          <span className="text-xs text-ink-muted">Leaves the public page at the next publish.</span>
        )}
        <button type="button" className="btn btn-outline" onClick={() => openEditor(item)}>
          Edit
        </button>
        <DeleteItemDialog texts={texts} title={item.title} onDelete={() => remove(item)} />
        {newsletter && canSend(newsletter) && (
          <SendNewsletter newsletterId={item.id} counts={counts} onSent={(n) => markSent(item, n)} />
        )}
        {newsletter?.sent_at && newsletter.recipient_count != null && !sentShownBy(slots.get(item.id)) && (
          <span className="text-sm text-ink-muted">{sentLine(newsletter.recipient_count)}</span>
        )}
      </div>
    );
  };

  const offPage = (items ?? []).filter((item) => !slots.has(item.id));
  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => openEditor(null)}>
          {texts.newButton}
        </button>
        {collection === 'newsletters' && <SubscribersExport count={counts?.subscribers} />}
        {items === null && (
          <span className="text-sm text-ink-muted" role="status">
            Loading drafts…
          </span>
        )}
      </div>
      {offPage.length > 0 && (
        <section
          aria-labelledby="editorial-offpage"
          className="rounded-lg border border-line bg-parchment/40 p-4"
        >
          <h2 id="editorial-offpage" className="text-lg font-bold">
            Not on the public page yet
          </h2>
          <p className="text-sm text-ink-muted">
            Drafts, and published items waiting for the next publish. Only admins see this.
          </p>
          <ul className="mt-4 space-y-6">
            {offPage.map((item) => (
              <li key={item.id}>
                <article aria-label={item.title} className="border-t border-line pt-4">
                  <h3 className="font-serif text-xl font-bold">{item.title}</h3>
                  <p className="text-sm text-ink-muted">
                    {'author' in item ? `By ${item.author} · ` : ''}
                    {longDate.format(item.created_at)}
                    {item.is_published && ' · Published, appears at the next publish'}
                  </p>
                  <div className="mt-2">{controls(item, false)}</div>
                  <div
                    className="light-markup mt-2"
                    // The renderer escapes every character of the input; its HTML has only its own tags.
                    dangerouslySetInnerHTML={{
                      __html: renderLightMarkup(
                        item.content,
                        collection === 'blog_posts' ? 'blog' : 'newsletter',
                        { headingLevel: 3 },
                      ),
                    }}
                  />
                </article>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(items ?? [])
        .filter((item) => slots.has(item.id))
        .map((item) => createPortal(controls(item, true), slots.get(item.id) as HTMLElement, item.id))}
      <EditorialFormDialog
        key={dialogKey}
        collection={collection}
        item={editing}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onSave={save}
      />
    </div>
  );
}
