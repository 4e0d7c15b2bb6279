/**
 * The dim layer behind an open dialog. A plain element rather than Radix's
 * Overlay: the Overlay locks scrolling by injecting a <style>, which the
 * site's Content-Security-Policy refuses.
 */
export default function Backdrop() {
  return <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />;
}

/** The centred panel of a dialog, `width` as a Tailwind width class. */
export function panelClass(width: string): string {
  return `fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-line bg-paper p-6 shadow-xl`;
}
