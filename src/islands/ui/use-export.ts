import { useState } from 'react';
import { showToast } from '../../lib/toast.ts';

/**
 * A one-click export (the member's data, their reading): `download()` runs
 * `prepare`, which asks the server for the file and saves it when the answer is
 * ok, and returns that answer. `busy` is true meanwhile, for the button. A
 * refusal shows its message as an error toast titled `failure.title`; anything
 * thrown on the way shows `failure.description`.
 */
export function useExport(
  prepare: () => Promise<{ ok: true } | { ok: false; message: string }>,
  failure: { title: string; description: string },
): { busy: boolean; download: () => Promise<void> } {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const outcome = await prepare();
      if (!outcome.ok)
        showToast({ title: failure.title, description: outcome.message, variant: 'destructive' });
    } catch {
      showToast({ title: failure.title, description: failure.description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return { busy, download };
}
