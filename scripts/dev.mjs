// `npm run dev`: Astro's dev server (hot reload) on http://localhost:4322 against the
// emulators that a running `npm start` provides. Pre-rendered pages re-render on
// every request here, so content edits show without a rebuild.
import './lib/node-version.mjs';
import { join } from 'node:path';
import { clientEnv, PORTS, ROOT } from './emulator-env.mjs';
import { isOpen, runToEnd } from './lib/processes.mjs';

if (!(await isOpen(PORTS.firestore))) {
  console.error(
    'The Firebase emulators are not running: start them with `npm start` in another terminal first.',
  );
  process.exit(1);
}
process.exit(
  await runToEnd(join(ROOT, 'node_modules', '.bin', 'astro'), ['dev', '--port', '4322'], {
    cwd: ROOT,
    env: clientEnv(),
  }),
);
