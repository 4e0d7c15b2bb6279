// The ESLint rule holding the areas' order (docs/architecture.md, "The areas' order"): a file
// of one area imports only areas below it, in every layer, as a layer imports only layers
// below it. The imports that ran against the order when it was written are listed in
// area-order-baseline.json; that list may only shrink (tests/unit/docs/area-order.test.ts).
import { readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { placeOf } from '../lib/area-imports.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const ORDER_LINE = /^Order, lowest first: (.+)$/m;

/**
 * The areas' order from the map: area → tier (0 lowest). The line lists tiers lowest first,
 * separated by →; areas sharing a tier (separated by commas) may not import each other.
 * @returns {Record<string, number>}
 */
export function readAreaOrder(map = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')) {
  const line = ORDER_LINE.exec(map);
  if (!line) throw new Error('docs/architecture.md has no "Order, lowest first: …" line');
  /** @type {Record<string, number>} */
  const rank = {};
  line[1]
    .replaceAll('`', '')
    .replace(/\.$/, '')
    .split('→')
    .forEach((tier, index) => {
      for (const area of tier.split(',')) rank[area.trim()] = index;
    });
  return rank;
}

/** The baseline's entries, `file -> target` (targets without their extension). */
export function readBaseline() {
  return new Set(JSON.parse(readFileSync(join(import.meta.dirname, 'area-order-baseline.json'), 'utf8')));
}

/** A repository path without a source extension, so `x.ts` and `x` name one module. */
export const moduleKey = (path) => path.replace(/\.(ts|tsx|mjs|js|astro)$/, '');

/**
 * Why `file` (repository path) may not import `spec`, or undefined when it may. `rank` is
 * readAreaOrder()'s; an area the order does not name may import nothing of another area.
 */
export function areaOrderProblem(file, spec, rank) {
  if (!spec.startsWith('.')) return undefined;
  const from = placeOf(file);
  if (!from) return undefined;
  const target = posix.normalize(posix.join(posix.dirname(file), spec));
  const to = placeOf(target);
  if (!to || to.area === from.area) return undefined;
  // The top of a lower layer (the callables' contract) is what the layers above stand on.
  if (to.area === 'top' && to.layer !== from.layer) return undefined;
  const a = rank[from.area];
  const b = rank[to.area];
  if (a !== undefined && b !== undefined && b < a) return undefined;
  return { from: from.area, to: to.area, target };
}

let rank;
let baseline;

/** `src/x/Y.astro/0_0.ts` (a script block ESLint lints apart) is the file `src/x/Y.astro`. */
function repositoryPath(filename) {
  return relative(ROOT, filename)
    .split(sep)
    .join('/')
    .replace(/(\.astro)\/.*$/, '$1');
}

export default {
  rules: {
    'area-order': {
      meta: {
        type: 'problem',
        docs: { description: 'An area imports only the areas below it (docs/architecture.md).' },
        schema: [],
      },
      create(context) {
        rank ??= readAreaOrder();
        baseline ??= readBaseline();
        const file = repositoryPath(context.filename);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          const problem = areaOrderProblem(file, spec, rank);
          if (!problem || baseline.has(`${file} -> ${moduleKey(problem.target)}`)) return;
          context.report({
            node: node.source,
            message:
              `The ${problem.from} area imports only the areas below it (docs/architecture.md, ` +
              `"The areas' order"), and ${problem.to} is not: move what both need down, or this ` +
              'code up to the area that composes them.',
          });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
