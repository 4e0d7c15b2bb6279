import { useState } from 'react';
import { READING_EXPORT_MESSAGES } from '../../domain/imports/reading-export.ts';
import { showToast } from '../../lib/toast.ts';

/**
 * /account's "Export my reading": one click saves the member's shelves, ratings,
 * reviews and read dates as a CSV in Goodreads' layout, which Goodreads,
 * StoryGraph and BookWyrm import.
 */
export default function ReadingExport() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { exportReading } = await import('../../data/client/imports/reading-export.ts');
      const outcome = await exportReading();
      if (!outcome.ok) {
        showToast({ title: 'Export Failed', description: outcome.message, variant: 'destructive' });
        return;
      }
      const blob = new Blob([outcome.data.csv], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = outcome.data.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({
        title: 'Reading exported',
        description: `${outcome.data.rows} ${outcome.data.rows === 1 ? 'book' : 'books'} in ${outcome.data.file_name}.`,
      });
    } catch {
      showToast({
        title: 'Export Failed',
        description: READING_EXPORT_MESSAGES.failed,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

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
