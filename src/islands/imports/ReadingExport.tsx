import { useState } from 'react';
import { READING_EXPORT_MESSAGES, type ReadingExportLayout } from '../../domain/imports/reading-export.ts';
import { saveFile } from '../../lib/save-file.ts';
import { showToast } from '../../lib/toast.ts';
import { useExport } from '../ui/use-export.ts';

const LAYOUTS: readonly { value: ReadingExportLayout; label: string; hint: string }[] = [
  {
    value: 'goodreads',
    label: 'Goodreads’ layout',
    hint: 'Goodreads, The StoryGraph and BookWyrm import it.',
  },
  {
    value: 'storygraph',
    label: 'The StoryGraph’s layout',
    hint: 'Keeps your reviews’ moods, pace and content warnings in its columns.',
  },
];

/**
 * /account's "Export my reading": one click saves the member's shelves, ratings,
 * reviews and read dates as a CSV in the layout chosen: Goodreads' (which Goodreads,
 * StoryGraph and BookWyrm import) or The StoryGraph's (with moods, pace and warnings).
 */
export default function ReadingExport() {
  const [layout, setLayout] = useState<ReadingExportLayout>('goodreads');
  const { busy, download } = useExport(
    async () => {
      const { exportReading } = await import('../../data/client/imports/reading-export.ts');
      const outcome = await exportReading(layout);
      if (outcome.ok) {
        saveFile(new Blob([outcome.data.csv], { type: 'text/csv;charset=utf-8' }), outcome.data.file_name);
        showToast({
          title: 'Reading exported',
          description: `${outcome.data.rows} ${outcome.data.rows === 1 ? 'book' : 'books'} in ${outcome.data.file_name}.`,
        });
      }
      return outcome;
    },
    { title: 'Export Failed', description: READING_EXPORT_MESSAGES.failed },
  );

  return (
    <div className="space-y-3">
      <p>Save your shelves, ratings, reviews and read dates as a CSV file.</p>
      <fieldset>
        <legend className="font-semibold text-ink">Layout</legend>
        <div className="mt-1 space-y-1">
          {LAYOUTS.map((option) => (
            <label key={option.value} className="flex items-start gap-2">
              <input
                type="radio"
                name="reading-export-layout"
                value={option.value}
                checked={layout === option.value}
                onChange={() => setLayout(option.value)}
                className="mt-1 h-4 w-4 accent-accent"
              />
              <span>
                {option.label}
                <span className="block text-sm text-ink-muted">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy}
        className="btn btn-outline"
      >
        {busy ? 'Preparing…' : 'Export my reading'}
      </button>
    </div>
  );
}
