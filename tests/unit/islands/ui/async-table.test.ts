// @vitest-environment jsdom
// AsyncTable: a read-only record table that loads on mount and again on each new refreshKey.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import AsyncTable from '../../../../src/islands/ui/AsyncTable';
import { settle, type Mounted, useMounted } from '../../helpers/render';

interface Entry {
  id: string;
  action: string;
}

let mounted: Mounted | undefined;
const show = useMounted();

const table = (load: () => Promise<Entry[]>, refreshKey: number) =>
  createElement(AsyncTable<Entry>, {
    load,
    refreshKey,
    failureLog: 'Failed to load the audit log',
    loading: 'Loading the audit log…',
    failed: 'The audit log could not be loaded.',
    empty: 'No admin actions recorded yet.',
    caption: 'Latest admin actions',
    columns: [{ header: 'Action', cell: (entry) => entry.action }],
  });

describe('AsyncTable', () => {
  it('shows the loaded records, and loads again when refreshKey changes', async () => {
    const load = vi.fn(async () => [{ id: 'a1', action: 'approve-user' }]);
    mounted = await show(table(load, 0));
    expect(mounted.container.querySelector('caption')!.textContent).toBe('Latest admin actions');
    expect([...mounted.container.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'approve-user',
    ]);

    load.mockResolvedValueOnce([]);
    await mounted.rerender(table(load, 1));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(mounted.container.textContent).toBe('No admin actions recorded yet.');
  });

  it('announces the failure and logs it', async () => {
    mounted = await show(table(() => Promise.reject(new Error('denied')), 0));
    expect(mounted.container.querySelector('[role="alert"]')!.textContent).toBe(
      'The audit log could not be loaded.',
    );
    expect(console.error).toHaveBeenCalledWith('Failed to load the audit log', expect.any(Error));
  });
});
