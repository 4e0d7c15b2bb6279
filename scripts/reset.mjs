// `npm run reset`: back to the pristine demo data. With the emulators running (from
// `npm start`), it re-seeds them in place and empties the running Stripe stand-in;
// otherwise it deletes the saved emulator data (the stand-in's state with it) and
// media so the next `npm start` seeds afresh.
import './lib/node-version.mjs';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { clientEnv, PORTS, ROOT } from './emulator-env.mjs';
import { isOpen, runToEnd } from './lib/processes.mjs';
import { STANDIN_URL } from './lib/stripe-standin.mjs';

if (await isOpen(PORTS.firestore)) {
  console.log('The emulators are running: re-seeding them with the demo data…');
  const code = await runToEnd(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/seed/main.ts'], {
    cwd: ROOT,
    env: clientEnv(),
  });
  // The fresh data knows no Stripe customer: neither may the stand-in.
  if (code === 0 && (await isOpen(PORTS.stripe)))
    await fetch(`${STANDIN_URL}/_standin/reset`, { method: 'POST' }).catch(() => undefined);
  if (code === 0)
    console.log('Done. Pre-rendered pages show the new data after the next build (restart `npm start`).');
  process.exit(code);
}
rmSync(join(ROOT, '.emulator-data'), { recursive: true, force: true });
rmSync(join(ROOT, '.media'), { recursive: true, force: true });
console.log('Saved data removed: the next `npm start` loads the pristine demo data.');
