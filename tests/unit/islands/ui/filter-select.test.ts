// @vitest-environment jsdom
// FilterSelect: a labelled select whose first choice 'All' stands for no filter.
import { createElement } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FilterSelect from '../../../../src/islands/ui/FilterSelect';
import { mount, type Mounted } from '../../helpers/render';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const options = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

describe('FilterSelect', () => {
  it('is labelled, offers All first, then the choices, and shows the chosen value', async () => {
    mounted = await mount(
      createElement(FilterSelect, {
        id: 'filter-status',
        label: 'Status',
        value: 'inactive',
        options,
        onChange: () => {},
      }),
    );
    const select = mounted.container.querySelector('select')!;
    expect(select.labels?.[0]?.textContent).toBe('Status');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'All'],
      ['active', 'Active'],
      ['inactive', 'Inactive'],
    ]);
    expect(select.value).toBe('inactive');
  });

  it('reports the chosen value, and "" for All', async () => {
    const onChange = vi.fn();
    mounted = await mount(
      createElement(FilterSelect, {
        id: 'filter-status',
        label: 'Status',
        value: 'active',
        options,
        onChange,
      }),
    );
    const select = mounted.container.querySelector('select')!;
    act(() => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
