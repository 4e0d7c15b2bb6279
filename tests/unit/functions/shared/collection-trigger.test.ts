// The one trigger per collection: its handlers run in order, see what the ones
// before them wrote, and a failing handler neither stops the others nor (unless it
// asked for retries) fails the invocation.
import { describe, expect, it, vi } from 'vitest';
import {
  changeKind,
  docChange,
  runHandlers,
  type DocChange,
  type Handler,
} from '../../../../functions/src/shared/collection-trigger.ts';
import { storable } from '../../../../functions/src/triggers/handler-retries.ts';

const change = (before?: Record<string, unknown>, after?: Record<string, unknown>): DocChange => ({
  id: 'doc-1',
  eventId: 'event-1',
  time: new Date('2026-11-27T10:00:00Z'),
  before,
  after,
});

/** A handler that records the change it saw and returns `wrote`. */
function recording(name: string, seen: DocChange[], wrote?: Record<string, unknown>): Handler {
  return {
    name,
    run: async (c) => {
      seen.push(c);
      return wrote;
    },
  };
}

/** A handler that always throws `message`; one that asks for retries when `retry` is given. */
function failing(name: string, message: string, retry?: true): Handler {
  return {
    name,
    ...(retry && { retry }),
    run: async () => {
      throw new Error(message);
    },
  };
}

describe('runHandlers', () => {
  it('runs the handlers in order, each seeing what the handlers before it wrote to the document', async () => {
    const seen: DocChange[] = [];
    const failed = await runHandlers(
      'books',
      [
        recording('derive', seen, { is_public: true }),
        recording('count', seen),
        recording('slug', seen, { slug: 'tides' }),
        recording('search', seen),
      ],
      change({ title: 'Tides' }, { title: 'Tides', is_public: false }),
    );
    expect(failed).toEqual([]);
    expect(seen.map((c) => c.after)).toEqual([
      { title: 'Tides', is_public: false },
      { title: 'Tides', is_public: true },
      { title: 'Tides', is_public: true },
      { title: 'Tides', is_public: true, slug: 'tides' },
    ]);
    // The state before the write is never rewritten.
    expect(seen.every((c) => c.before?.title === 'Tides' && !('is_public' in c.before))).toBe(true);
  });

  it('a deleted document stays deleted for every handler, whatever a handler returns', async () => {
    const seen: DocChange[] = [];
    await runHandlers('books', [recording('a', seen, { x: 1 }), recording('b', seen)], change({ t: 1 }));
    expect(seen.map((c) => c.after)).toEqual([undefined, undefined]);
  });

  it('a failing handler is logged and the rest still run; the invocation succeeds when it asked for no retries', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: DocChange[] = [];
    const broken = failing('market index', 'malformed listing');
    const failed = await runHandlers(
      'books',
      [broken, recording('search', seen)],
      change(undefined, { a: 1 }),
    );
    expect(failed).toEqual(['market index']);
    expect(seen).toHaveLength(1);
    error.mockRestore();
  });

  it('a failing handler that asked for retries is handed on alone, as it saw the change, and the invocation succeeds', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: DocChange[] = [];
    const release = failing('release alerts', 'queue unavailable', true);
    const kept: { collection: string; handler: string; after: unknown }[] = [];
    const failed = await runHandlers(
      'books',
      [recording('derive', seen, { is_public: true }), release, recording('reviews', seen)],
      change(undefined, { a: 1 }),
      async (collection, handler, c) => {
        kept.push({ collection, handler: handler.name, after: c.after });
      },
    );
    expect(failed).toEqual(['release alerts']);
    // Its neighbours ran once each, and the failed one is kept with what the handlers before it wrote.
    expect(seen).toHaveLength(2);
    expect(kept).toEqual([
      { collection: 'books', handler: 'release alerts', after: { a: 1, is_public: true } },
    ]);
    error.mockRestore();
  });

  it('fails the invocation, after all ran, only when a failure could not be kept', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: DocChange[] = [];
    const release = failing('release alerts', 'queue unavailable', true);
    await expect(
      runHandlers('books', [release, recording('reviews', seen)], change(undefined, { a: 1 }), async () => {
        throw new Error('retry record not written');
      }),
    ).rejects.toThrow('retry record not written');
    expect(seen).toHaveLength(1);
    error.mockRestore();
  });
});

describe('storable', () => {
  it('drops undefined fields at any depth and keeps every other value as it is', () => {
    const at = new Date('2026-12-06T10:00:00Z');
    expect(
      storable({ a: 1, b: undefined, c: { d: undefined, e: [1, { f: undefined, g: at }] }, h: null }),
    ).toEqual({
      a: 1,
      c: { e: [1, { g: at }] },
      h: null,
    });
    expect(storable({ at }).at).toBe(at);
  });
});

describe('changeKind and docChange', () => {
  it('tells a create, an update and a delete apart', () => {
    expect(changeKind(change(undefined, { a: 1 }))).toBe('created');
    expect(changeKind(change({ a: 1 }, { a: 2 }))).toBe('updated');
    expect(changeKind(change({ a: 1 }, undefined))).toBe('deleted');
  });

  it('reads a missing side of the event as undefined', () => {
    const snapshot = (exists: boolean, data?: Record<string, unknown>) =>
      ({ exists, data: () => data }) as unknown as Parameters<typeof docChange>[3] extends infer C
        ? C extends { before: infer S }
          ? S
          : never
        : never;
    const made = docChange('b1', 'e1', '2026-11-27T10:00:00.000Z', {
      before: snapshot(false),
      after: snapshot(true, { title: 'Tides' }),
    } as Parameters<typeof docChange>[3]);
    expect(made).toEqual({
      id: 'b1',
      eventId: 'e1',
      time: new Date('2026-11-27T10:00:00.000Z'),
      before: undefined,
      after: { title: 'Tides' },
    });
  });
});
