// @vitest-environment jsdom
// Recording progress on a book being read: a percentage over 100 is refused at
// the field and nothing is sent; a valid page is sent to updateReading; Finished
// sends the finish and says the book moved to 'Read'; a refused save says so.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READING_MESSAGES } from '../../../../src/domain/shelves/reading';
import { settle, typeAndSubmit, useMounted } from '../../helpers/render';

const reading = vi.hoisted(() => ({ updateReading: vi.fn() }));
vi.mock('../../../../src/data/client/shelves/reading.ts', () => reading);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: ProgressForm } = await import('../../../../src/islands/shelves/ProgressForm');

const show = useMounted();
afterEach(() => {
  reading.updateReading.mockReset();
  showToast.mockReset();
});

const answer = (shelf: 'reading' | 'read') => ({
  ok: true,
  data: { id: 'rt1', progress_page: null, progress_percent: 40, started_on: null, finished_on: null, shelf },
});

async function showForm(onSaved = vi.fn()) {
  await show(
    createElement(ProgressForm, {
      bookId: 'b1',
      bookTitle: 'Tides',
      idPrefix: 'p',
      current: { progress_page: null, progress_percent: 10 },
      onSaved,
    }),
  );
  return onSaved;
}
const valueInput = () => document.querySelector<HTMLInputElement>('#p-value')!;

describe('ProgressForm', () => {
  it('refuses a percentage over 100 at the field and sends nothing', async () => {
    await showForm();
    await typeAndSubmit(valueInput(), '140');
    expect(document.body.textContent).toContain(READING_MESSAGES.percent);
    expect(valueInput().getAttribute('aria-invalid')).toBe('true');
    expect(reading.updateReading).not.toHaveBeenCalled();
  });

  it('sends a valid percentage and reports the save', async () => {
    reading.updateReading.mockResolvedValue(answer('reading'));
    const onSaved = await showForm();
    await typeAndSubmit(valueInput(), '40');
    expect(reading.updateReading).toHaveBeenCalledWith({
      action: 'progress',
      bookId: 'b1',
      unit: 'percent',
      value: 40,
    });
    expect(onSaved).toHaveBeenCalledWith(answer('reading').data);
    expect(showToast).toHaveBeenCalledWith({ title: 'Progress saved' });
  });

  it("Finished moves the book to 'Read'", async () => {
    reading.updateReading.mockResolvedValue(answer('read'));
    const onSaved = await showForm();
    const finished = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Finished')!;
    await settle(() => finished.click());
    await settle();
    expect(reading.updateReading).toHaveBeenCalledWith({ action: 'finish', bookId: 'b1' });
    expect(onSaved).toHaveBeenCalled();
    expect(showToast.mock.calls[0]?.[0].title).toMatch(/on your ‘Read’ shelf/);
  });

  it('a refused save says so and reports nothing saved', async () => {
    reading.updateReading.mockResolvedValue({
      ok: false,
      code: 'invalid-argument',
      message: 'This book has 200 pages.',
    });
    const onSaved = await showForm();
    await typeAndSubmit(valueInput(), '40');
    expect(onSaved).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
  });
});
