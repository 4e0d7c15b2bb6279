// The imports between feature areas, read from the code: which file of which area imports
// which other area, per layer, and the groups of areas that reach each other in a circle.
// `npm run areas` prints it against the areas' order (scripts/lint/area-order.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The layers split into areas: the folder whose first sub-folder names a file's area. */
export const AREA_LAYERS = [
  'src/domain',
  'src/data/server',
  'src/data/client',
  'src/islands',
  'src/components',
  'functions/src',
];

const SOURCE = /\.(ts|tsx|mjs|astro)$/;

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** The layer and area of a path relative to the repository, or undefined outside the areas. */
export function placeOf(path) {
  const posix = path.split(sep).join('/');
  for (const layer of AREA_LAYERS) {
    if (!posix.startsWith(`${layer}/`)) continue;
    const rest = posix.slice(layer.length + 1).split('/');
    // A file directly in a layer's folder composes the areas: the top of that layer.
    return { layer, area: rest.length > 1 ? rest[0] : 'top' };
  }
  if (posix === 'src/data/firestore-convert.ts') return { layer: 'src/data', area: 'shared' };
  return undefined;
}

/** The import specifiers of one file (static, dynamic and type-only), from its text. */
export function importsOf(file, text) {
  let code = text;
  if (file.endsWith('.astro')) {
    const fence = /^---\n([\s\S]*?)\n---/.exec(text);
    const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    code = [fence?.[1] ?? '', ...scripts].join('\n');
  }
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

function resolveSpecifier(root, from, spec) {
  if (!spec.startsWith('.')) return undefined;
  return relative(root, resolve(dirname(join(root, from)), spec));
}

/**
 * Every import from a file of one area to a module of another, in the area layers.
 * `sameLayer` is whether both ends are in one layer.
 */
export function areaImports(root) {
  const edges = [];
  for (const layer of AREA_LAYERS) {
    for (const abs of walk(join(root, layer))) {
      const file = relative(root, abs).split(sep).join('/');
      const from = placeOf(file);
      if (!from) continue;
      for (const spec of importsOf(file, readFileSync(abs, 'utf8'))) {
        const target = resolveSpecifier(root, file, spec);
        if (!target) continue;
        const to = placeOf(target);
        if (!to || to.area === from.area) continue;
        edges.push({
          file,
          spec,
          target: target.split(sep).join('/'),
          from,
          to,
          sameLayer: to.layer === from.layer,
        });
      }
    }
  }
  return edges;
}

/** The strongly connected groups (more than one area) of a graph given as [from, to] pairs. */
export function knots(pairs) {
  const graph = new Map();
  for (const [a, b] of pairs) {
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a).add(b);
  }
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) connect(v);
  return groups;
}

/** The imports that run against `rank` (area → tier; an area may import lower tiers only). */
export function againstOrder(edges, rank) {
  return edges.filter((e) => {
    const a = rank[e.from.area];
    const b = rank[e.to.area];
    return a === undefined || b === undefined || b >= a;
  });
}
