/**
 * Starts the home page's live refresh without costing the first paint: the
 * page is complete static HTML, and the Firestore web SDK (about 130 kB gzip)
 * is fetched only once the page is idle and the visitor interacts, or after
 * LIVE_REFRESH_DELAY_MS without interaction (docs/decisions.md weighs both).
 */
const INTERACTIONS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;
/** Fallback delay after idle for visitors who only read. */
export const LIVE_REFRESH_DELAY_MS = 5000;

let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) removeEventListener(type, start);
  import('./patch-home.ts')
    .then((module) => module.startLiveHome())
    .catch((error: unknown) => console.error('Live refresh could not start.', error));
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 200);
}

function arm(): void {
  whenIdle(() => {
    for (const type of INTERACTIONS) addEventListener(type, start, { once: true, passive: true });
    setTimeout(start, LIVE_REFRESH_DELAY_MS);
  });
}

if (document.readyState === 'complete') arm();
else addEventListener('load', arm, { once: true });
