// docs/architecture.md states the areas' order; ESLint's shelfmark/area-order rule holds
// every import to it. This reads the order from the map, plants imports in each layer to
// show the rule refuses a wrong-way one and lets a right-way one through, and holds the
// baseline of older wrong-way imports to the code, so that list can only shrink.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { AREA_LAYERS, areaImports } from '../../../scripts/lib/area-imports.mjs';
import {
  areaOrderProblem,
  moduleKey,
  readAreaOrder,
  readBaseline,
} from '../../../scripts/lint/area-order.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const RULE = 'shelfmark/area-order';

let eslint: ESLint | undefined;

async function ruleMessages(filePath: string, code: string): Promise<string[]> {
  // One instance: loading the project's ESLint configuration takes seconds.
  eslint ??= new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

// Loading ESLint and reading every import take seconds on a busy machine.
describe('the areas’ order', { timeout: 60_000 }, () => {
  const rank = readAreaOrder();

  it('is read from the map and names every area folder of every layer', () => {
    const folders = new Set(
      AREA_LAYERS.flatMap((layer) =>
        readdirSync(join(ROOT, layer)).filter((name) => statSync(join(ROOT, layer, name)).isDirectory()),
      ),
    );
    expect(folders.size).toBeGreaterThan(10);
    for (const area of folders) expect(rank, `the order names ${area}`).toHaveProperty(area);
    expect(rank.shared).toBe(0);
    expect(rank.shelves).toBeGreaterThan(rank.books!);
    expect(rank.reviews).toBeGreaterThan(rank.shelves!);
    expect(rank.follows).toBeGreaterThan(rank.updates!);
    expect(rank.admin).toBeGreaterThan(rank.follows!);
  });

  it('reads tiers: areas on one step may not import each other', () => {
    const map = 'Order, lowest first: shared → media, mail → top\n';
    expect(readAreaOrder(map)).toEqual({ shared: 0, media: 1, mail: 1, top: 2 });
    const tiers = readAreaOrder(map);
    expect(areaOrderProblem('src/domain/media/a.ts', '../mail/b.ts', tiers)).toMatchObject({
      from: 'media',
      to: 'mail',
    });
    expect(areaOrderProblem('src/domain/media/a.ts', '../shared/b.ts', tiers)).toBeUndefined();
    expect(areaOrderProblem('src/domain/media/a.ts', './b.ts', tiers)).toBeUndefined();
    expect(areaOrderProblem('src/domain/media/a.ts', 'zod', tiers)).toBeUndefined();
  });

  it.each([
    ['src/domain/books/planted.ts', "import { reviewSchema } from '../reviews/review.ts';"],
    ['src/data/server/books/planted.ts', "import { x } from '../../../domain/admin/moderation.ts';"],
    ['src/islands/books/Planted.tsx', "export { ShelfPicker } from '../shelves/ShelfPicker.tsx';"],
    ['src/components/members/Planted.astro', "---\nimport X from '../admin/Y.astro';\n---\n<X />\n"],
    ['functions/src/accounts/planted.ts', "const m = await import('../shelves/reading');"],
    ['src/domain/shared/planted.ts', "import type { Profile } from '../members/profile.ts';"],
  ])('refuses a planted wrong-way import in %s', async (filePath, code) => {
    const messages = await ruleMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/imports only the areas below it/);
  });

  it.each([
    ['src/domain/shelves/planted.ts', "import { bookSchema } from '../books/book.ts';"],
    ['src/islands/admin/Planted.tsx', "import { ShelfPicker } from '../shelves/ShelfPicker.tsx';"],
    ['functions/src/accounts/planted.ts', "import type { Callables } from '../../../src/domain/callables';"],
    ['src/domain/books/planted.ts', "import { slugify } from '../shared/slug.ts';"],
  ])('lets a right-way import through in %s', async (filePath, code) => {
    expect(await ruleMessages(filePath, code)).toEqual([]);
  });

  it('lists in its baseline only wrong-way imports the code still makes (the list only shrinks)', () => {
    const made = new Set(
      areaImports(ROOT)
        .filter((edge) => areaOrderProblem(edge.file, edge.spec, rank))
        .map((edge) => `${edge.file} -> ${moduleKey(edge.target)}`),
    );
    const baseline = [...readBaseline()];
    const stale = baseline.filter((entry) => !made.has(entry));
    expect(stale, 'remove these from scripts/lint/area-order-baseline.json').toEqual([]);
    // Every wrong-way import is either in the baseline or refused by ESLint in `npm run check`.
    const unlisted = [...made].filter((entry) => !readBaseline().has(entry));
    expect(unlisted).toEqual([]);
  });

  it('keeps the map’s order line in the file the rule reads', () => {
    const map = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(map).toMatch(/^Order, lowest first: shared → /m);
  });
});
