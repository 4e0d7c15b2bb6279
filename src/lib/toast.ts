/**
 * The site's one toast system (sonner). The <Toaster/> and React are loaded on
 * the first toast, so a page that never shows one pays nothing for it.
 */

/** A toast as the spec names them: a title, an optional text and a variant. */
export interface ToastOptions {
  /** Bold first line, e.g. 'Login Failed'. */
  title: string;
  /** The explanation under the title. */
  description?: string;
  /** 'destructive' for failures the person must notice (red, announced assertively). */
  variant?: 'default' | 'destructive';
  /** A page the toast offers to open (a button in the toast), e.g. the upgrade after a plan limit. */
  link?: { label: string; href: string };
}

let mounted: Promise<typeof import('sonner')> | undefined;

async function mountToaster(): Promise<typeof import('sonner')> {
  const [{ createElement }, { createRoot }, sonner] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('sonner'),
  ]);
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  // At the bottom: the header's account buttons, which a person reaches for right after
  // signing in (the moment of the most common toast), sit at the top right.
  createRoot(host).render(
    createElement(sonner.Toaster, { position: 'bottom-right', richColors: true, closeButton: true }),
  );
  return sonner;
}

/** Shows a toast, mounting the toaster the first time. */
export function showToast({ title, description, variant = 'default', link }: ToastOptions): void {
  mounted ??= mountToaster();
  const action = link ? { label: link.label, onClick: () => location.assign(link.href) } : undefined;
  // Toasts created before the Toaster subscribes are replayed to it, so no need to wait for the render.
  void mounted.then(({ toast }) => {
    if (variant === 'destructive') toast.error(title, { description, action });
    else toast(title, { description, action });
  });
}
