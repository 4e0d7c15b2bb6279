// spotlightDaily: turns the home page's Spotlight at midnight UTC. It runs the rotation
// step and, when the day's books changed, asks the publish pipeline for a rebuild (the
// home is pre-rendered, so a new day needs new HTML). The publish task runs the same
// step again before calling the deploy hook, which then changes nothing. It lives with
// the pipeline: home only turns the Spotlight, and asking for a rebuild is the site's.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import { SPOTLIGHT_PUBLISH_REASON } from '../../../src/domain/home/spotlight';
import { db } from '../shared/firestore';
import { publishChange } from './publish-functions';
import { rotateSpotlight } from '../home/rotation';

/** Midnight UTC, every day. */
export const spotlightDaily = onSchedule({ schedule: '0 0 * * *', timeZone: 'UTC' }, async () => {
  const now = new Date();
  const result = await rotateSpotlight(db(), now);
  logger.info('spotlight: rotated', { day: result.day, picks: result.picks, changed: result.changed });
  if (result.changed) await publishChange({ at: now, reason: SPOTLIGHT_PUBLISH_REASON });
});
