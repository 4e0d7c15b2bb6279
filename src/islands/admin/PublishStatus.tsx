import { useEffect, useState } from 'react';
import { describePublishStatus, type PublishStatus as Status } from '../../domain/publish/publish.ts';
import { showToast } from '../../lib/toast.ts';

type View =
  { kind: 'loading' } | { kind: 'unavailable'; message: string } | { kind: 'ready'; status: Status };

const TONE_CLASS = {
  neutral: 'text-stone-700',
  busy: 'text-amber-800',
  ok: 'text-emerald-800',
  error: 'text-red-700',
} as const;

/**
 * The publish pipeline on the admin dashboard: "Publishing…", "Live since 14:02" or
 * "Last publish failed: …" (with the build log's tail), kept live from site_meta/publish,
 * and "Publish now", which asks for a rebuild of the pre-rendered pages.
 */
export default function PublishStatus() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [requesting, setRequesting] = useState(false);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void import('../../data/client/publish/publish-status.ts').then(({ watchPublishStatus }) => {
      if (cancelled) return;
      unsubscribe = watchPublishStatus(
        (status) => setView({ kind: 'ready', status }),
        (error) => {
          console.error('Could not read the publish status', error);
          setView({ kind: 'unavailable', message: 'The publish status could not be loaded.' });
        },
      );
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  async function publishNow() {
    setRequesting(true);
    const { requestPublish } = await import('../../data/client/publish/publish-status.ts');
    const outcome = await requestPublish();
    setRequesting(false);
    if (outcome.ok)
      showToast({
        title: 'Publishing requested',
        description: 'The site is rebuilt once changes have stopped for a moment.',
      });
    else
      showToast({
        title: 'Could not request a publish',
        description: outcome.message,
        variant: 'destructive',
      });
  }

  const line =
    view.kind === 'ready'
      ? describePublishStatus(view.status, new Date())
      : view.kind === 'loading'
        ? { text: 'Loading publish status…', tone: 'neutral' as const, busy: false }
        : { text: view.message, tone: 'error' as const, busy: false };

  return (
    <section aria-labelledby="publish-status-heading" className="rounded border border-stone-200 p-4">
      <h2 id="publish-status-heading" className="text-lg font-semibold">
        Site publishing
      </h2>
      <p role="status" aria-live="polite" className={`mt-1 ${TONE_CLASS[line.tone]}`}>
        {line.text}
      </p>
      {view.kind === 'ready' && view.status.state === 'failed' && view.status.log_tail !== '' && (
        <details className="mt-2">
          <summary className="cursor-pointer">Build log</summary>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap text-xs">
            {view.status.log_tail}
          </pre>
        </details>
      )}
      <button
        type="button"
        onClick={() => void publishNow()}
        disabled={requesting || view.kind !== 'ready' || line.busy}
        aria-busy={requesting}
        className="mt-3 rounded bg-stone-900 px-3 py-1.5 text-white disabled:opacity-50"
      >
        {requesting ? 'Requesting…' : 'Publish now'}
      </button>
    </section>
  );
}
