/**
 * The admin's download of the visitor newsletter subscribers as a CSV file
 * (address and confirmation time), with their number when counted. The list
 * comes from an admin-only callable: addresses never reach anyone else.
 */
import { useState } from 'react';
import { saveFile } from '../../lib/save-file.ts';
import { showToast } from '../../lib/toast.ts';

interface Props {
  /** Subscribers as the audience count gives them, or undefined while loading. */
  count: number | undefined;
}

export default function SubscribersExport({ count }: Props) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { newsletterSubscribersCsv } = await import('../../data/client/editorial/editorial.ts');
      const outcome = await newsletterSubscribersCsv();
      if (!outcome.ok) throw new Error(outcome.message);
      saveFile(
        new Blob([outcome.data.csv], { type: 'text/csv;charset=utf-8' }),
        `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (error) {
      console.error('Failed to export newsletter subscribers', error);
      showToast({ title: 'Error', description: 'Could not export the subscribers.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void download()}>
      {busy ? 'Exporting…' : `Export subscribers${count === undefined ? '' : ` (${count})`} as CSV`}
    </button>
  );
}
