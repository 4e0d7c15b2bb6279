// @vitest-environment jsdom
// /account's data download (src/islands/accounts/DataDownload.tsx, on useExport and
// saveFile): one click saves the member's data as a JSON file named by their slug; the
// button is busy meanwhile; a refusal shows the server's message and a failure the
// generic one, both under 'Download Failed', and nothing is saved.
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ exportMemberData: vi.fn() }));
vi.mock('../../../../src/data/client/accounts/account.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: DataDownload } = await import('../../../../src/islands/accounts/DataDownload');

const show = useMounted();
let saved: { name: string; type: string }[] = [];

beforeEach(() => {
  saved = [];
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((made) => {
    blob = made as Blob;
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: blob?.type ?? '' });
  });
});
afterEach(() => {
  api.exportMemberData.mockReset();
  showToast.mockReset();
});

async function clickDownload(): Promise<HTMLButtonElement> {
  const { container } = await show(createElement(DataDownload, { own: true }));
  const button = container.querySelector('button')!;
  await settle(() => button.click());
  return button;
}

describe('DataDownload', () => {
  it('saves the member’s data as a JSON file named by their slug', async () => {
    api.exportMemberData.mockResolvedValue({
      ok: true,
      data: { user_id: 'u1', profile: { page_slug: 'alice' } },
    });
    const button = await clickDownload();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/alice/);
    expect(saved[0]?.type).toBe('application/json');
    expect(showToast).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
  });

  it('shows the server’s refusal and saves nothing', async () => {
    api.exportMemberData.mockResolvedValue({ ok: false, code: 'permission-denied', message: 'Not yours.' });
    await clickDownload();
    expect(saved).toHaveLength(0);
    expect(showToast).toHaveBeenCalledWith({
      title: 'Download Failed',
      description: 'Not yours.',
      variant: 'destructive',
    });
  });

  it('shows the generic failure when the request throws, and the button is free again', async () => {
    api.exportMemberData.mockRejectedValue(new Error('offline'));
    const button = await clickDownload();
    expect(saved).toHaveLength(0);
    expect(showToast).toHaveBeenCalledWith({
      title: 'Download Failed',
      description: 'Could not prepare the file. Please try again.',
      variant: 'destructive',
    });
    expect(button.disabled).toBe(false);
  });
});
