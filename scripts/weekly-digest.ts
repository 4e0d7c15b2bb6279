// Runs the weeklyFollowDigest handler once against the emulators, as its
// schedule would on Monday morning: `npx tsx scripts/weekly-digest.ts` (the
// functions emulator does not run schedules). The follows e2e spec uses it too.
// Refuses to run against anything but the emulators.
import { sendWeeklyDigests } from '../functions/src/follows/digest.ts';
import { liveAlertDeps } from '../functions/src/follows/follow-functions.ts';
import { runOnEmulators } from './lib/emulator-job.ts';

await runOnEmulators(() => sendWeeklyDigests(liveAlertDeps()));
