// What runs in the browser never reaches server-only code: the Admin SDK, the
// search server's client and its keys (engine-config.ts reads them), Stripe,
// or anything under src/data/server/. Follows every relative import from the
// browser's entry points (islands, client repositories, client helpers) and
// checks each module on the way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CLIENT_ROOTS = ['src/islands', 'src/data/client', 'src/lib'];
const SERVER_PACKAGES = ['firebase-admin', 'typesense', 'stripe', 'minisearch', 'nodemailer'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
    .filter((match) => !/^(?:import|export)\s+type\s/.test(match[0]))
    .map((match) => match[1] ?? match[2] ?? '');
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  return null;
}

/** Every module the browser can load from the client roots, with the chain that reached it. */
function clientGraph(): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = CLIENT_ROOTS.flatMap((root) => filesUnder(join(ROOT, root))).filter(
    (f) => !f.includes('.test.'),
  );
  for (const file of queue) reached.set(file, [relative(ROOT, file)]);
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target || reached.has(target)) continue;
      reached.set(target, [...reached.get(file)!, relative(ROOT, target)]);
      queue.push(target);
    }
  }
  return reached;
}

describe('the browser’s import boundary', () => {
  const graph = clientGraph();

  it('reaches a fair share of the code (the walk works)', () => {
    expect(graph.size).toBeGreaterThan(50);
  });

  it('never reaches src/data/server/ or a server-only package', () => {
    const problems: string[] = [];
    for (const [file, chain] of graph) {
      if (relative(ROOT, file).startsWith('src/data/server/')) problems.push(chain.join(' → '));
      for (const specifier of importsOf(file))
        if (SERVER_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)))
          problems.push(`${chain.join(' → ')} imports ${specifier}`);
    }
    expect(problems).toEqual([]);
  });
});
