// @vitest-environment jsdom
// The islands' one switch (src/islands/ui/Switch.tsx): a Radix switch that says
// its state to assistive technology and reports a flip, unless disabled.
import { act, createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import Switch from '../../../../src/islands/ui/Switch';
import { useMounted } from '../../helpers/render';

describe('Switch', () => {
  const show = useMounted();

  it('is a switch with its state, and reports the flipped value', async () => {
    const onCheckedChange = vi.fn();
    const { container } = await show(
      createElement(Switch, { id: 'shelves-private', checked: false, onCheckedChange }),
    );
    const control = container.querySelector<HTMLButtonElement>('#shelves-private')!;
    expect(control.getAttribute('role')).toBe('switch');
    expect(control.getAttribute('aria-checked')).toBe('false');
    await act(async () => control.click());
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('does not flip while disabled', async () => {
    const onCheckedChange = vi.fn();
    const { container } = await show(
      createElement(Switch, { id: 'featured-b1', checked: true, disabled: true, onCheckedChange }),
    );
    const control = container.querySelector<HTMLButtonElement>('#featured-b1')!;
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control.disabled).toBe(true);
    await act(async () => control.click());
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
