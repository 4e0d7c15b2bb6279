/**
 * The dashboard's Console Logs: the last 50 console entries of this browser
 * session. The buffer is pure; `captureConsole` wraps the console methods once
 * and keeps the entries in sessionStorage, so they survive moving between pages
 * of the same tab and are gone when the tab closes.
 */

/** Entries kept; older ones are dropped. */
export const LOG_BUFFER_SIZE = 50;

/** The console methods captured. */
export const LOG_LEVELS = ['log', 'info', 'warn', 'error'] as const;
/** A captured level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One captured line. */
export interface LogEntry {
  /** ISO time of the call. */
  at: string;
  level: LogLevel;
  message: string;
}

const STORAGE_KEY = 'shelfmark-console-log';
const MESSAGE_MAX = 2000;

/** Turns console arguments into one line of text (errors by name and message, objects as JSON). */
export function formatLogArguments(args: readonly unknown[]): string {
  const text = args
    .map((arg) => {
      if (typeof arg === 'string') return arg;
      if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
      try {
        return JSON.stringify(arg) ?? String(arg);
      } catch {
        return String(arg);
      }
    })
    .join(' ');
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}…` : text;
}

/** The buffer with `entry` added, keeping only the last LOG_BUFFER_SIZE. */
export function appendEntry(
  entries: readonly LogEntry[],
  entry: LogEntry,
  size = LOG_BUFFER_SIZE,
): LogEntry[] {
  return [...entries, entry].slice(-size);
}

/** Entries read back from storage; anything unreadable is an empty log. */
export function parseStoredEntries(stored: string | null): LogEntry[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (item): item is LogEntry =>
          typeof item === 'object' &&
          item !== null &&
          typeof item.at === 'string' &&
          typeof item.message === 'string' &&
          LOG_LEVELS.includes(item.level),
      )
      .slice(-LOG_BUFFER_SIZE);
  } catch {
    return [];
  }
}

let entries: LogEntry[] = [];
const listeners = new Set<(entries: readonly LogEntry[]) => void>();
let captured = false;

function store(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or refused: the in-memory log still works.
  }
  listeners.forEach((listener) => listener(entries));
}

/** Starts capturing (once per page); earlier entries of the session are restored. */
export function captureConsole(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  try {
    entries = parseStoredEntries(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    entries = [];
  }
  for (const level of LOG_LEVELS) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      entries = appendEntry(entries, {
        at: new Date().toISOString(),
        level,
        message: formatLogArguments(args),
      });
      // After the current call returns, so a listener that logs cannot recurse.
      queueMicrotask(store);
    };
  }
}

/** The entries now, and each change until the returned function is called. */
export function watchLog(listener: (entries: readonly LogEntry[]) => void): () => void {
  listeners.add(listener);
  listener(entries);
  return () => listeners.delete(listener);
}

/** Empties the log. */
export function clearLog(): void {
  entries = [];
  store();
}
