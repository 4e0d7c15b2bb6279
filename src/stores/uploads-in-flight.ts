/**
 * How many image uploads are going up in this page right now, shared by every island
 * and form on it: a form's Save waits while one is in flight, because saving then
 * would store the picture that is being replaced.
 */
import { atom } from 'nanostores';

export const $uploadsInFlight = atom(0);

/** Counts one upload from now until the returned function is called (once). */
export function beginUpload(): () => void {
  $uploadsInFlight.set($uploadsInFlight.get() + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    $uploadsInFlight.set(Math.max(0, $uploadsInFlight.get() - 1));
  };
}
