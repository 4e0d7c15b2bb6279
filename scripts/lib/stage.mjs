// The '▸ …' lines `npm test` prints between its stages, each with the time since the
// run began, so a CI log shows where its minutes went. scripts/test.mjs sets the start
// (TEST_STARTED_AT, epoch ms) and its children inherit it.
import { formatSeconds } from './test-summary.mjs';

process.env.TEST_STARTED_AT ??= String(Date.now());

/** Prints '▸ title (at 3 min 5 s)'. */
export function stage(title) {
  const seconds = (Date.now() - Number(process.env.TEST_STARTED_AT)) / 1000;
  console.log(`▸ ${title} (at ${formatSeconds(seconds)})`);
}
