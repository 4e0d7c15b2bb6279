import { READING_EXPORT_MESSAGES } from '../../domain/imports/reading-export.ts';
import { saveFile } from '../../lib/save-file.ts';
import { showToast } from '../../lib/toast.ts';
import { useExport } from '../ui/use-export.ts';

/**
 * /account's "Export my reading": one click saves the member's shelves, ratings,
 * reviews and read dates as a CSV in Goodreads' layout, which Goodreads,
 * StoryGraph and BookWyrm import.
 */
export default function ReadingExport() {
  const { busy, download } = useExport(
    async () => {
      const { exportReading } = await import('../../data/client/imports/reading-export.ts');
      const outcome = await exportReading();
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
      <p>
        Save your shelves, ratings, reviews and read dates as a CSV file in Goodreads’ layout, which
        Goodreads, The StoryGraph and BookWyrm can import.
      </p>
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
