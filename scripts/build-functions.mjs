// Bundles functions/src into functions/lib/index.js, the file Cloud Functions loads.
//
// Why a bundle: the functions import the shared domain code from ../src/domain,
// which lies outside the functions/ folder that gets uploaded at deploy. esbuild
// inlines it (and every other local module), while the npm dependencies listed in
// functions/package.json stay external: Cloud Functions installs them at deploy,
// and the emulator resolves them from the workspace's node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FUNCTIONS = join(ROOT, 'functions');

const pkg = JSON.parse(readFileSync(join(FUNCTIONS, 'package.json'), 'utf8'));
const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
// Subpath imports such as 'firebase-functions/v2/firestore' must stay external too.
const external = dependencies.flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [join(FUNCTIONS, 'src', 'index.ts')],
  outfile: join(FUNCTIONS, 'lib', 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  external,
  sourcemap: true,
  logLevel: 'warning',
});

console.log(`functions bundled into functions/lib/index.js (external: ${dependencies.join(', ')})`);
