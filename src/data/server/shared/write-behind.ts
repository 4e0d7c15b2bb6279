// A write-behind buffer for counters that many requests change at once (an
// item's views_count, a member's analytics day). Production Firestore sustains
// about one write per second per document, so one server process writes each
// document at most once per `intervalMs`, with the sum of every change that
// arrived meanwhile:
// - the first change to a quiet document is written at once;
// - changes that arrive while a write is under way, or less than `intervalMs`
//   after the last write ended, wait for the next write, which carries them all
//   (spacing from the end, not the start, keeps the stored commits themselves at
//   least `intervalMs` apart, however long one write takes);
// - each caller's promise settles with the write that carries its change, so a
//   request is answered only once its count is stored (nothing is lost when a
//   serverless instance freezes after answering), and a failed write fails every
//   request it carried.
// Each process keeps its own buffer: N server instances write a document at
// most N times per interval (docs/notes/profiles.md, "Analytics").
import { mergePatches, type DayPatch } from '../../../domain/shared/patch.ts';

/** Writes one document's summed patch; resolves when it is stored. */
export type PatchWriter = (key: string, patch: DayPatch) => Promise<void>;

/** The buffer of one process. */
export interface WriteBehind {
  /** Adds `patch` to document `key`'s next write; settles with that write. */
  add(key: string, patch: DayPatch, write: PatchWriter): Promise<void>;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Entry {
  pending: DayPatch | null;
  waiters: Waiter[];
  write: PatchWriter;
  /** When the last write ended (ms), or -Infinity. */
  lastEnd: number;
  scheduled: boolean;
  writing: boolean;
}

/** The default spacing of writes to one document: one a second. */
export const WRITE_INTERVAL_MS = 1000;

/** A buffer writing each document at most once per `intervalMs`. */
export function createWriteBehind(
  intervalMs: number = WRITE_INTERVAL_MS,
  now: () => number = Date.now,
): WriteBehind {
  const entries = new Map<string, Entry>();

  function schedule(key: string, entry: Entry): void {
    if (entry.scheduled || entry.writing) return;
    entry.scheduled = true;
    setTimeout(() => void flush(key, entry), Math.max(0, entry.lastEnd + intervalMs - now()));
  }

  async function flush(key: string, entry: Entry): Promise<void> {
    entry.scheduled = false;
    const patch = entry.pending;
    const waiters = entry.waiters;
    entry.pending = null;
    entry.waiters = [];
    if (!patch) return;
    entry.writing = true;
    try {
      await entry.write(key, patch);
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    } finally {
      entry.writing = false;
      entry.lastEnd = now();
    }
    if (entry.pending) schedule(key, entry);
    else {
      // Forget a quiet document once its interval has passed, so memory follows traffic.
      const quiet = setTimeout(
        () => {
          if (!entry.pending && !entry.writing && !entry.scheduled && entries.get(key) === entry)
            entries.delete(key);
        },
        Math.max(0, entry.lastEnd + intervalMs - now()),
      );
      if (typeof quiet === 'object' && 'unref' in quiet) quiet.unref();
    }
  }

  return {
    add(key, patch, write) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { pending: null, waiters: [], write, lastEnd: -Infinity, scheduled: false, writing: false };
        entries.set(key, entry);
      }
      entry.pending = entry.pending ? mergePatches(entry.pending, patch) : patch;
      const settled = new Promise<void>((resolve, reject) => entry.waiters.push({ resolve, reject }));
      schedule(key, entry);
      return settled;
    },
  };
}
