import { useState, type FormEvent } from 'react';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from './AsyncContent.tsx';
import Dialog from './Dialog.tsx';
import { useAsync } from './use-async.ts';

/** What the picker says, and the ids it gives its search field. */
export interface PickerTexts {
  /** The dialog's heading and accessible name. */
  title: string;
  description: string;
  /** The search field's id and its (visually hidden) label ('Search books'). */
  searchId: string;
  searchLabel: string;
  placeholder: string;
  /** Announced while a search runs. */
  loading: string;
  /** Shown when nothing matches. */
  empty: string;
  /** The accessible name of the list of results. */
  listLabel: string;
  /** Logged with the error, and said in an 'Error' toast, when a search fails. */
  failureLog: string;
  failureToast: string;
}

interface Props<Item> {
  texts: PickerTexts;
  /** The items matching a search text ('' on opening). */
  find: (query: string) => Promise<Item[]>;
  itemKey: (item: Item) => string;
  /** The item's name, also in its button's accessible name ('Feature <name>'). */
  itemName: (item: Item) => string;
  /** Muted text after the name (the author, the category). */
  itemDetail: (item: Item) => string;
  /** Makes the choice and says how it went; true closes the dialog. */
  onPick: (item: Item) => Promise<boolean>;
  onClose: () => void;
}

/**
 * A dialog that searches for an item and features the one picked. It lists
 * the matches for '' on opening and searches again on every press of Search;
 * a failed search is said in a toast and lists nothing. While a pick runs the
 * Feature buttons are disabled and the dialog stays open.
 */
export default function PickerDialog<Item>({
  texts,
  find,
  itemKey,
  itemName,
  itemDetail,
  onPick,
  onClose,
}: Props<Item>) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, , { restart }] = useAsync(
    () =>
      find(query).catch((error: unknown) => {
        console.error(texts.failureLog, error);
        showToast({ title: 'Error', description: texts.failureToast, variant: 'destructive' });
        return [];
      }),
    [query],
    texts.failureLog,
  );

  function search(event: FormEvent) {
    event.preventDefault();
    restart();
    setQuery(text);
  }

  async function pick(item: Item) {
    setBusy(true);
    try {
      if (await onPick(item)) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={texts.title}
      description={texts.description}
    >
      <form role="search" className="mb-3 flex gap-2" onSubmit={search}>
        <label htmlFor={texts.searchId} className="sr-only">
          {texts.searchLabel}
        </label>
        <input
          id={texts.searchId}
          type="search"
          className="flex-1 rounded-md border border-line bg-white px-3 py-2"
          placeholder={texts.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline">
          Search
        </button>
      </form>
      {/* A failed search lists nothing (said in the toast), so `failed` is the toast's text. */}
      <AsyncContent state={results} loading={texts.loading} failed={texts.failureToast} empty={texts.empty}>
        {(items) => (
          <ul className="max-h-80 divide-y divide-line overflow-y-auto" aria-label={texts.listLabel}>
            {items.map((item) => (
              <li key={itemKey(item)} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {itemName(item)} <span className="text-sm text-ink-muted">{itemDetail(item)}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy}
                  onClick={() => void pick(item)}
                  aria-label={`Feature ${itemName(item)}`}
                >
                  Feature
                </button>
              </li>
            ))}
          </ul>
        )}
      </AsyncContent>
    </Dialog>
  );
}
