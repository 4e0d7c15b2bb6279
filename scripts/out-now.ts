// Runs the outNowAlerts handler once against the emulators, as its hourly
// schedule would: `npx tsx scripts/out-now.ts` (the functions emulator does not
// run schedules). Claims the preorders whose publication date has come and
// queues their "out now" alerts. The follows e2e spec uses it too. Refuses to
// run against anything but the emulators.
import { releaseDueOutNow } from '../functions/src/follows/out-now.ts';
import { liveAlertDeps } from '../functions/src/follows/follow-functions.ts';
import { runOnEmulators } from './lib/emulator-job.ts';

await runOnEmulators(() => releaseDueOutNow(liveAlertDeps()));
