// The map, the notes and the code's comments name files by their paths from the
// repository root (src/…, functions/src/…, tests/…, scripts/…, docs/…). A file that
// moves leaves such a path pointing at nothing, and the next engineer follows it into
// a wall: every path they name must exist. The benchmark log is history and may name
// files that have since moved.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const PATH = /(?<![\w./@-])((?:src|functions\/src|tests|scripts|docs)\/[\w./[\]-]*\w)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.astro', '.md'];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', 'src', 'functions/src', 'docs', 'README.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|astro|md)$/.test(file) && file !== 'docs/benchmarks.md');
}

/** `file`'s named paths that lead nowhere (a placeholder, a glob or a brace list is skipped). */
function danglingPaths(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const dangling = new Set<string>();
  for (const match of text.matchAll(PATH)) {
    const path = match[1]!.replace(/\.$/, '');
    // A placeholder or a glob goes on past the match: `tests/e2e/<area>/`, `src/**`.
    const next = text.slice(match.index + match[0].length).replace(/^\//, '')[0];
    if (next === '*' || next === '{' || next === '<' || (/[[\]]/.test(path) && !existsSync(join(ROOT, path))))
      continue;
    if (!EXTENSIONS.some((ext) => existsSync(join(ROOT, path + ext)))) dangling.add(path);
  }
  return [...dangling];
}

describe('paths named in the docs and the code', () => {
  const files = trackedFiles();

  it('reads the map, the notes and the code (it would pass vacuously otherwise)', () => {
    expect(files).toContain('docs/architecture.md');
    expect(files.filter((file) => file.startsWith('functions/src/')).length).toBeGreaterThan(50);
  });

  it('finds a path that leads nowhere', () => {
    expect('see src/domain/books/no-such-module.ts'.match(PATH)).toEqual([
      'src/domain/books/no-such-module.ts',
    ]);
    expect(existsSync(join(ROOT, 'src/domain/books/no-such-module.ts'))).toBe(false);
  });

  it('keeps the map short enough to read: under 300 lines', () => {
    expect(
      readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8').trimEnd().split('\n').length,
    ).toBeLessThan(300);
  });

  it('names only files and folders that exist', () => {
    const dangling = files.flatMap((file) => danglingPaths(file).map((path) => `${file}: ${path}`));
    expect(dangling).toEqual([]);
  });
});
