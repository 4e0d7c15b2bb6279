// @vitest-environment jsdom
// The islands' form error line (src/islands/ui/FormAlert.tsx): nothing without a
// message; with one, an alert screen readers announce, at the id a control points at.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import FormAlert from '../../../../src/islands/ui/FormAlert';
import { useMounted } from '../../helpers/render';

describe('FormAlert', () => {
  const show = useMounted();

  it('renders nothing without a message', async () => {
    for (const children of [undefined, null, '', false]) {
      const { container } = await show(createElement(FormAlert, { id: 'x-error' }, children));
      expect(container.innerHTML).toBe('');
    }
  });

  it('announces its message as an alert, under the id a control is described by', async () => {
    const { container } = await show(
      createElement(FormAlert, { id: 'review-rating-error', spaced: true }, 'Please choose a rating.'),
    );
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.id).toBe('review-rating-error');
    expect(alert.textContent).toBe('Please choose a rating.');
    expect(alert.className).toBe('text-sm font-semibold text-red-700 mt-1');
  });

  it('takes a whole row where asked, and no id where none is given', async () => {
    const { container } = await show(createElement(FormAlert, { fullWidth: true }, 'Could not unfollow.'));
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.hasAttribute('id')).toBe(false);
    expect(alert.className).toBe('text-sm font-semibold text-red-700 w-full');
  });
});
