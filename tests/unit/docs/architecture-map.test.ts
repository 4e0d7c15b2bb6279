// docs/architecture.md lists, in its layers table, the src/ modules the Cloud
// Functions may import (besides the domain). This holds that list against the
// imports functions/src/ really makes: a new import the map does not name, or a
// name the functions no longer import, fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandBraces(entry: string): string[] {
  const match = /^(.*)\{([^}]+)\}(.*)$/.exec(entry);
  return match
    ? match[2]!.split(',').flatMap((part) => expandBraces(`${match[1]}${part}${match[3]}`))
    : [entry];
}

/** The src/ entries of the functions row's "may import" cell: files (`src/x.ts`) and folders (`src/x/`). */
function mapEntries(): string[] {
  const map = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const row = map.split('\n').find((line) => line.startsWith('| functions | `functions/src/` |'));
  if (!row) throw new Error('docs/architecture.md has no functions row in its layers table');
  const mayImport = row.split('|')[3] ?? '';
  return [...mayImport.matchAll(/`(src\/[^`]+)`/g)].flatMap((m) => expandBraces(m[1]!));
}

/** Every src/ module outside the domain that functions/src/ imports, as a path from the repository root. */
function importedModules(): string[] {
  const imported = new Set<string>();
  for (const file of filesUnder(join(ROOT, 'functions/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
      const target = relative(ROOT, resolve(dirname(file), match[1]!));
      if (!target.startsWith('src/') || target.startsWith('src/domain/')) continue;
      imported.add(target.endsWith('.ts') ? target : `${target}.ts`);
    }
  }
  return [...imported].sort();
}

describe('the map’s list of src/ modules the functions import', () => {
  const entries = mapEntries();
  const imported = importedModules();
  const covers = (entry: string, module: string) =>
    entry.endsWith('/') ? module.startsWith(entry) : entry === module;

  it('finds both lists (the test would pass vacuously otherwise)', () => {
    expect(entries.length).toBeGreaterThan(3);
    expect(imported.length).toBeGreaterThan(3);
  });

  it('names every src/ module the functions import', () => {
    expect(imported.filter((module) => !entries.some((entry) => covers(entry, module)))).toEqual([]);
  });

  it('names nothing the functions do not import', () => {
    expect(entries.filter((entry) => !imported.some((module) => covers(entry, module)))).toEqual([]);
  });
});
