import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  formatLogArguments,
  LOG_BUFFER_SIZE,
  parseStoredEntries,
  type LogEntry,
} from '../../../src/lib/console-log-buffer';

const entry = (n: number): LogEntry => ({
  at: new Date(n).toISOString(),
  level: 'log',
  message: `line ${n}`,
});

describe('console log buffer', () => {
  it('keeps only the last 50 entries', () => {
    let entries: LogEntry[] = [];
    for (let n = 1; n <= 60; n++) entries = appendEntry(entries, entry(n));
    expect(entries).toHaveLength(LOG_BUFFER_SIZE);
    expect(entries[0]?.message).toBe('line 11');
    expect(entries.at(-1)?.message).toBe('line 60');
  });

  it('formats strings, errors and objects on one line', () => {
    expect(formatLogArguments(['Failed:', new TypeError('boom'), { a: 1 }, 3])).toBe(
      'Failed: TypeError: boom {"a":1} 3',
    );
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(formatLogArguments([circular])).toBe('[object Object]');
    expect(formatLogArguments(['x'.repeat(3000)])).toHaveLength(2001);
  });

  it('reads stored entries back, dropping anything malformed', () => {
    expect(parseStoredEntries(null)).toEqual([]);
    expect(parseStoredEntries('not json')).toEqual([]);
    expect(
      parseStoredEntries(JSON.stringify([entry(1), { level: 'shout', at: 'x', message: 'y' }, 5])),
    ).toEqual([entry(1)]);
  });
});
