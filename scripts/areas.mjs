// `npm run areas`: the imports between feature areas that run against the areas' order
// (docs/architecture.md), per layer, and the groups of areas that reach each other.
import { AREA_LAYERS, areaImports, knots } from './lib/area-imports.mjs';
import { areaOrderProblem, moduleKey, readAreaOrder } from './lint/area-order.mjs';

const root = new URL('..', import.meta.url).pathname;
const rank = readAreaOrder();
const edges = areaImports(root);
const against = edges.filter((e) => areaOrderProblem(e.file, e.spec, rank));

if (process.argv.includes('--baseline')) {
  const entries = [...new Set(against.map((e) => `${e.file} -> ${moduleKey(e.target)}`))].sort();
  console.log(JSON.stringify(entries, null, 2));
  process.exit(0);
}

console.log('layer                 imports between areas   against the order   areas in a circle');
for (const layer of AREA_LAYERS) {
  const inLayer = edges.filter((e) => e.from.layer === layer);
  const sameLayer = inLayer.filter((e) => e.sameLayer).map((e) => [e.from.area, e.to.area]);
  const circles = knots(sameLayer).map((group) => group.join(' '));
  const bad = against.filter((e) => e.from.layer === layer).length;
  console.log(
    `${layer.padEnd(22)}${String(inLayer.length).padStart(22)}${String(bad).padStart(20)}   ${circles.join(' | ') || '-'}`,
  );
}
const pairs = {};
for (const e of against)
  pairs[`${e.from.area} → ${e.to.area}`] = (pairs[`${e.from.area} → ${e.to.area}`] ?? 0) + 1;
console.log(`\n${against.length} imports against the order:`);
for (const [pair, count] of Object.entries(pairs).sort((a, b) => b[1] - a[1]))
  console.log(`  ${pair}: ${count}`);
if (process.argv.includes('--files')) for (const e of against) console.log(`  ${e.file} -> ${e.target}`);
