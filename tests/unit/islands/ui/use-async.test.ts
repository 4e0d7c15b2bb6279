// @vitest-environment jsdom
// useAsync's restart/update/fail and usePagedAsync's Load more: what a list
// shows while a page loads, after it arrives, after it fails, and when a late
// page belongs to a list that has started again.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  useAsync,
  usePagedAsync,
  type AsyncControls,
  type AsyncState,
  type Page,
  type PagedAsync,
} from '../../../../src/islands/ui/use-async';
import { deferred, settle, type Mounted, useMounted } from '../../helpers/render';

let mounted: Mounted | undefined;
const show = useMounted();

describe('useAsync', () => {
  let seen: [AsyncState<string>, () => void, AsyncControls<string>];
  function Probe({ load, query }: { load: (query: string) => Promise<string>; query: string }) {
    seen = useAsync(() => load(query), [query], 'Failed to load');
    return null;
  }

  it('restart shows the loading state until the new value arrives; reload keeps the old one', async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let call = 0;
    const load = () => answers[call++]!.promise;
    mounted = await show(createElement(Probe, { load, query: 'a' }));
    await settle(() => answers[0]!.resolve('first'));
    expect(seen[0]).toEqual({ status: 'ready', value: 'first' });

    await settle(() => seen[1]());
    expect(seen[0]).toEqual({ status: 'ready', value: 'first' });
    await settle(() => answers[1]!.resolve('second'));
    expect(seen[0]).toEqual({ status: 'ready', value: 'second' });

    await settle(() => seen[2].restart());
    expect(seen[0]).toEqual({ status: 'loading' });
    await settle(() => answers[2]!.resolve('third'));
    expect(seen[0]).toEqual({ status: 'ready', value: 'third' });
  });

  it('update changes a ready value and leaves a loading one alone; fail shows the failure', async () => {
    const answer = deferred<string>();
    mounted = await show(createElement(Probe, { load: () => answer.promise, query: 'a' }));
    await settle(() => seen[2].update((value) => `${value}!`));
    expect(seen[0]).toEqual({ status: 'loading' });
    await settle(() => answer.resolve('x'));
    await settle(() => seen[2].update((value) => `${value}!`));
    expect(seen[0]).toEqual({ status: 'ready', value: 'x!' });
    await settle(() => seen[2].fail());
    expect(seen[0]).toEqual({ status: 'failed' });
  });

  it('drops an answer that arrives after a newer load', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const load = (query: string) => (query === 'slow' ? slow.promise : fast.promise);
    mounted = await show(createElement(Probe, { load, query: 'slow' }));
    await mounted.rerender(createElement(Probe, { load, query: 'fast' }));
    await settle(() => fast.resolve('fast answer'));
    await settle(() => slow.resolve('slow answer'));
    expect(seen[0]).toEqual({ status: 'ready', value: 'fast answer' });
  });
});

describe('usePagedAsync', () => {
  let seen: PagedAsync<number>;
  function Probe({
    load,
    filter,
  }: {
    load: (cursor: string | null) => Promise<Page<number>>;
    filter: string;
  }) {
    seen = usePagedAsync(load, [filter], 'Failed to load numbers');
    return null;
  }

  /** A server of numbered pages: cursor 'p2' is the second page, and so on; pages answer when the test says. */
  function server() {
    const pending: { cursor: string | null; answer: ReturnType<typeof deferred<Page<number>>> }[] = [];
    const load = vi.fn((cursor: string | null) => {
      const answer = deferred<Page<number>>();
      pending.push({ cursor, answer });
      return answer.promise;
    });
    return { load, pending };
  }

  it('appends the next page to the list and stops when there is none', async () => {
    const { load, pending } = server();
    mounted = await show(createElement(Probe, { load, filter: '' }));
    expect(seen.state).toEqual({ status: 'loading' });
    await settle(() => pending[0]!.answer.resolve({ items: [1, 2], next: 'p2' }));
    expect(seen.state).toEqual({ status: 'ready', value: [1, 2] });
    expect(seen.hasMore).toBe(true);

    let more!: Promise<boolean>;
    await settle(() => {
      more = seen.loadMore();
    });
    expect(seen.loadingMore).toBe(true);
    expect(pending[1]!.cursor).toBe('p2');
    await settle(() => pending[1]!.answer.resolve({ items: [3], next: null }));
    expect(await more).toBe(true);
    expect(seen.state).toEqual({ status: 'ready', value: [1, 2, 3] });
    expect(seen.hasMore).toBe(false);
    expect(seen.loadingMore).toBe(false);
  });

  it('asks for a page once while it is on its way', async () => {
    const { load, pending } = server();
    mounted = await show(createElement(Probe, { load, filter: '' }));
    await settle(() => pending[0]!.answer.resolve({ items: [1], next: 'p2' }));
    await settle(() => {
      void seen.loadMore();
      void seen.loadMore();
    });
    expect(load).toHaveBeenCalledTimes(2);
    await settle(() => pending[1]!.answer.resolve({ items: [2], next: null }));
    expect(seen.state).toEqual({ status: 'ready', value: [1, 2] });
  });

  it('keeps the list when a page fails, or shows the failure when asked to', async () => {
    const { load, pending } = server();
    mounted = await show(createElement(Probe, { load, filter: '' }));
    await settle(() => pending[0]!.answer.resolve({ items: [1], next: 'p2' }));

    let more!: Promise<boolean>;
    await settle(() => {
      more = seen.loadMore();
    });
    await settle(() => pending[1]!.answer.reject(new Error('offline')));
    expect(await more).toBe(false);
    expect(seen.state).toEqual({ status: 'ready', value: [1] });
    expect(seen.hasMore).toBe(true);
    expect(console.error).toHaveBeenCalledWith('Failed to load numbers', expect.any(Error));

    await settle(() => {
      more = seen.loadMore('fail');
    });
    await settle(() => pending[2]!.answer.reject(new Error('offline')));
    expect(await more).toBe(false);
    expect(seen.state).toEqual({ status: 'failed' });
  });

  it('drops a page that arrives after the list started again', async () => {
    const { load, pending } = server();
    mounted = await show(createElement(Probe, { load, filter: '' }));
    await settle(() => pending[0]!.answer.resolve({ items: [1], next: 'p2' }));
    await settle(() => {
      void seen.loadMore();
    });
    await mounted.rerender(createElement(Probe, { load, filter: 'odd' }));
    await settle(() => pending[2]!.answer.resolve({ items: [7], next: null }));
    await settle(() => pending[1]!.answer.resolve({ items: [2], next: null }));
    expect(seen.state).toEqual({ status: 'ready', value: [7] });
  });

  it('update changes the items and keeps the cursor', async () => {
    const { load, pending } = server();
    mounted = await show(createElement(Probe, { load, filter: '' }));
    await settle(() => pending[0]!.answer.resolve({ items: [1, 2], next: 'p2' }));
    await settle(() => seen.update((items) => [0, ...items.filter((n) => n !== 2)]));
    expect(seen.state).toEqual({ status: 'ready', value: [0, 1] });
    expect(seen.hasMore).toBe(true);
  });
});
