/**
 * Mounts the signed-in member's part of the home page's Reading Challenges card
 * into `[data-reading-challenge-slot]` (ReadingChallengeCard.astro, after the
 * first paint, by the session hint, which grants nothing).
 */
import { createRoot } from 'react-dom/client';
import ReadingChallenge from './ReadingChallenge.tsx';

/** Renders the card's member part for `uid` into `slot`. */
export function mountReadingChallenge(slot: HTMLElement, uid: string): void {
  createRoot(slot).render(<ReadingChallenge uid={uid} />);
}
