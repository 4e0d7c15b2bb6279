import { useEffect, useState } from 'react';
import { clearLog, watchLog, type LogEntry } from '../../lib/console-log-buffer.ts';

const LEVEL_CLASS = {
  log: 'text-ink',
  info: 'text-ink',
  warn: 'text-amber-800',
  error: 'text-red-700',
} as const;

/** Console Logs: the last 50 console entries of this browser session, with Clear Logs. */
export default function ConsoleLogs() {
  const [entries, setEntries] = useState<readonly LogEntry[]>([]);
  useEffect(() => watchLog((next) => setEntries([...next])), []);

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-ink-muted">The last 50 entries collected in this browser session.</p>
        <button type="button" className="btn btn-outline" onClick={clearLog} disabled={entries.length === 0}>
          Clear Logs
        </button>
      </div>
      <div
        className="h-96 overflow-y-auto rounded border border-line bg-white p-3 font-mono text-sm"
        role="log"
        aria-label="Console log"
        tabIndex={0}
      >
        {entries.length === 0 ? (
          <p className="text-ink-muted">No log entries yet.</p>
        ) : (
          <ol className="space-y-1">
            {entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className={LEVEL_CLASS[entry.level]}>
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleTimeString()}</time> [{entry.level}]{' '}
                {entry.message}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
