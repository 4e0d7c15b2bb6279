/**
 * A toast that survives one navigation (e.g. 'Logged out' after going to /):
 * kept in sessionStorage and shown by the account area's script on the next page.
 */
import type { ToastOptions } from './toast.ts';

/** sessionStorage key of the pending flash toast. */
export const FLASH_KEY = 'shelfmark.flash';

/** Queues a toast for the next page this tab opens. */
export function setFlash(toast: ToastOptions): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
}

/** True when a flash toast is waiting (cheap: no toast code loaded). */
export function hasFlash(): boolean {
  return sessionStorage.getItem(FLASH_KEY) !== null;
}

/** Shows and forgets the waiting flash toast, if it is well-formed. */
export async function showFlash(): Promise<void> {
  const raw = sessionStorage.getItem(FLASH_KEY);
  sessionStorage.removeItem(FLASH_KEY);
  if (!raw) return;
  try {
    const toast = JSON.parse(raw) as Partial<ToastOptions>;
    if (typeof toast.title !== 'string') return;
    const { showToast } = await import('./toast.ts');
    showToast({ title: toast.title, description: toast.description, variant: toast.variant });
  } catch {
    // A damaged entry is not worth bothering the visitor about.
  }
}
