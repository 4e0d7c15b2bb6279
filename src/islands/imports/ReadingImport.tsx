import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { IMPORT_LAYOUT_NAMES } from '../../domain/imports/import-sources.ts';
import {
  READING_IMPORT_LIMITS,
  READING_IMPORT_MESSAGES,
  type ParsedImport,
} from '../../domain/imports/reading-csv.ts';
import type { ImportRow } from '../../domain/imports/import-row.ts';
import {
  IMPORT_PROBLEMS_KEPT,
  IMPORT_ROWS_PER_CHUNK,
  READING_IMPORT_TEXT,
  importPercent,
  importProblemText,
  importReportLines,
  type ReadingImport as StoredImport,
  type UnmatchedRead,
} from '../../domain/imports/reading-import.ts';
import { addBookPath } from '../../domain/catalogue/add-book.ts';

/** How often a running import's progress is read again. */
const POLL_MS = 2000;
/** Problems and rows not on Shelfmark listed before "and N more". */
const LISTED = 10;

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'chosen'; fileName: string; parsed: Extract<ParsedImport, { ok: true }> }
  | { kind: 'sending'; sent: number; total: number }
  | { kind: 'running'; progress: StoredImport }
  | { kind: 'done'; report: StoredImport; unmatched: UnmatchedRead[] };

const data = () => import('../../data/client/imports/reading-import.ts');

/** "and 12 more" under a list cut to LISTED. */
function More({ shown, total }: { shown: number; total: number }) {
  return total > shown ? (
    <li className="text-ink-muted">and {(total - shown).toLocaleString('en-US')} more</li>
  ) : null;
}

/**
 * /account's "Bring your reading in": the member picks a Goodreads or StoryGraph
 * export; the browser reads it (rows that cannot be read are named), sends the
 * good rows, and the import runs in the background with a progress bar the
 * member may leave and come back to; it ends with a report, and the rows whose
 * book is not on Shelfmark yet are listed for the member.
 */
export default function ReadingImport({ uid }: { uid: string }) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // An import started earlier (here or on another visit) shows where it stands.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const { getLatestImport, getUnmatchedReads } = await data();
        const latest = await getLatestImport(uid);
        if (!live || !latest) return;
        if (latest.status === 'matching') setStage({ kind: 'running', progress: latest });
        else if (latest.status === 'done')
          setStage({ kind: 'done', report: latest, unmatched: await getUnmatchedReads(uid, LISTED) });
      } catch {
        // No earlier import to show: the form stays as it is.
      }
    })();
    return () => {
      live = false;
    };
  }, [uid]);

  // While it runs, its progress is read every POLL_MS; at the end, its report and the rows kept aside.
  const runningId = stage.kind === 'running' ? stage.progress.id : null;
  useEffect(() => {
    if (!runningId) return;
    const timer = setInterval(() => {
      void (async () => {
        const { getImport, getUnmatchedReads } = await data();
        const now = await getImport(runningId).catch(() => null);
        if (!now) return;
        if (now.status === 'done')
          setStage({
            kind: 'done',
            report: now,
            unmatched: await getUnmatchedReads(uid, LISTED).catch(() => []),
          });
        else setStage({ kind: 'running', progress: now });
      })();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [runningId, uid]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setError(null);
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > READING_IMPORT_LIMITS.maxBytes) {
      setError(READING_IMPORT_MESSAGES.tooBig);
      return;
    }
    setStage({ kind: 'reading' });
    try {
      // The bytes, not file.text(): a file a spreadsheet saved on Windows is not UTF-8.
      const { parseReadingCsvBytes } = await import('../../lib/reading-csv-file.ts');
      const parsed = parseReadingCsvBytes(await file.arrayBuffer());
      if (!parsed.ok) {
        setError(parsed.message);
        setStage({ kind: 'idle' });
        return;
      }
      if (parsed.rows.length === 0) {
        setError(
          `None of the file’s rows could be read. ${parsed.problems.slice(0, 3).map(importProblemText).join(' ')}`,
        );
        setStage({ kind: 'idle' });
        return;
      }
      setStage({ kind: 'chosen', fileName: file.name, parsed });
    } catch {
      setError(READING_IMPORT_MESSAGES.notCsv);
      setStage({ kind: 'idle' });
    }
  }

  async function start(fileName: string, parsed: Extract<ParsedImport, { ok: true }>) {
    setError(null);
    const rows: ImportRow[] = parsed.rows;
    setStage({ kind: 'sending', sent: 0, total: rows.length });
    const { startReadingImport, addReadingImportRows, getImport } = await data();
    const started = await startReadingImport({
      layout: parsed.layout,
      file_name: fileName.slice(0, 200),
      total: rows.length,
      problems: parsed.problems.slice(0, IMPORT_PROBLEMS_KEPT),
      problem_count: parsed.problems.length,
    });
    if (!started.ok) {
      setError(started.message || READING_IMPORT_TEXT.failed);
      setStage({ kind: 'chosen', fileName, parsed });
      return;
    }
    const id = started.data.import_id;
    for (let n = 0; n * IMPORT_ROWS_PER_CHUNK < rows.length; n += 1) {
      const chunk = rows.slice(n * IMPORT_ROWS_PER_CHUNK, (n + 1) * IMPORT_ROWS_PER_CHUNK);
      // One retry of a chunk that failed (a chunk sent twice is taken once).
      let sent = await addReadingImportRows(id, n, chunk);
      if (!sent.ok) sent = await addReadingImportRows(id, n, chunk);
      if (!sent.ok) {
        setError(`${READING_IMPORT_TEXT.sendFailed} ${sent.message}`);
        setStage({ kind: 'chosen', fileName, parsed });
        return;
      }
      setStage({ kind: 'sending', sent: sent.data.received, total: rows.length });
    }
    const progress = await getImport(id);
    if (progress) setStage({ kind: 'running', progress });
  }

  function again() {
    setStage({ kind: 'idle' });
    setError(null);
    if (input.current) input.current.value = '';
  }

  const busy = stage.kind === 'reading' || stage.kind === 'sending' || stage.kind === 'running';
  return (
    <div className="space-y-3" data-reading-import>
      <h3 className="font-semibold">Bring your reading in</h3>
      <p>
        Bring your shelves, ratings, reviews and read dates from Goodreads or The StoryGraph: upload the CSV
        file their export gives you (up to 10 MB or 20,000 books). Books already on your shelves here keep
        their shelf; importing the same file again changes nothing.
      </p>
      {stage.kind === 'idle' || stage.kind === 'reading' || stage.kind === 'chosen' ? (
        <div>
          <label htmlFor="reading-import-file" className="block font-semibold">
            Goodreads or StoryGraph export (CSV)
          </label>
          <input
            ref={input}
            id="reading-import-file"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => void choose(event)}
            aria-describedby={error ? 'reading-import-error' : undefined}
            className="mt-1 block"
          />
        </div>
      ) : null}
      {error ? (
        <p id="reading-import-error" role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      {stage.kind === 'reading' ? <p role="status">Reading the file…</p> : null}
      {stage.kind === 'chosen' ? (
        <div className="space-y-2" aria-live="polite">
          <p>
            {IMPORT_LAYOUT_NAMES[stage.parsed.layout]} export:{' '}
            {stage.parsed.rows.length.toLocaleString('en-US')}{' '}
            {stage.parsed.rows.length === 1 ? 'book' : 'books'} to bring in.
          </p>
          {stage.parsed.problems.length > 0 ? (
            <>
              <p>
                {stage.parsed.problems.length === 1 ? '1 row' : `${stage.parsed.problems.length} rows`} cannot
                be read and will be left out:
              </p>
              <ul className="list-disc pl-6">
                {stage.parsed.problems.slice(0, LISTED).map((problem) => (
                  <li key={problem.row}>{importProblemText(problem)}</li>
                ))}
                <More shown={LISTED} total={stage.parsed.problems.length} />
              </ul>
            </>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void start(stage.fileName, stage.parsed)}
          >
            Import {stage.parsed.rows.length.toLocaleString('en-US')}{' '}
            {stage.parsed.rows.length === 1 ? 'book' : 'books'}
          </button>
        </div>
      ) : null}
      {stage.kind === 'sending' || stage.kind === 'running' ? (
        <ImportProgress
          percent={
            stage.kind === 'sending'
              ? Math.floor((stage.sent / Math.max(1, stage.total)) * 10)
              : importPercent(stage.progress)
          }
          text={
            stage.kind === 'sending'
              ? `Sending your rows… ${stage.sent.toLocaleString('en-US')} of ${stage.total.toLocaleString('en-US')}`
              : `Matching your books… ${stage.progress.processed.toLocaleString('en-US')} of ${stage.progress.total.toLocaleString('en-US')}. You can leave this page: the import goes on.`
          }
        />
      ) : null}
      {stage.kind === 'done' ? (
        <div className="space-y-2" aria-live="polite">
          <h3 className="font-semibold">Your last import: {stage.report.file_name}</h3>
          <ul className="space-y-1" data-testid="import-report">
            {importReportLines(stage.report).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {stage.report.problems.length > 0 ? (
            <ul className="list-disc pl-6">
              {stage.report.problems.slice(0, LISTED).map((problem) => (
                <li key={problem.row}>{importProblemText(problem)}</li>
              ))}
              <More
                shown={Math.min(LISTED, stage.report.problems.length)}
                total={stage.report.problem_count}
              />
            </ul>
          ) : null}
          {stage.unmatched.length > 0 ? (
            <>
              <h3 className="font-semibold">Not on Shelfmark yet</h3>
              <p className="text-ink-muted">
                Only you see these. When one of these books is added to Shelfmark (by you from Open Library or
                by hand, or by anyone), it goes on your shelves with your dates, and your rating and review
                wait here for you to publish them.
              </p>
              <ul className="list-disc pl-6">
                {stage.unmatched.map((read) => (
                  <li key={read.id}>
                    {read.title}
                    {read.author ? `, by ${read.author}` : ''}
                    {read.isbn13 ? ` (ISBN ${read.isbn13})` : ''}
                    {read.rating ? `: ${read.rating} ★` : ''}{' '}
                    <a
                      className="font-semibold text-accent underline"
                      href={addBookPath({ title: read.title, author: read.author, isbn: read.isbn13 })}
                      data-add-unmatched
                    >
                      Add it by hand<span className="sr-only">: {read.title}</span>
                    </a>
                  </li>
                ))}
                <More shown={stage.unmatched.length} total={stage.report.unmatched} />
              </ul>
            </>
          ) : null}
          <button type="button" className="btn btn-outline" onClick={again}>
            Import another file
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The progress bar of a running import, with its words. */
function ImportProgress({ percent, text }: { percent: number; text: string }) {
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded bg-stone-200"
      >
        <div className="h-full bg-amber-700" style={{ width: `${percent}%` }} />
      </div>
      <p role="status">{text}</p>
    </div>
  );
}
