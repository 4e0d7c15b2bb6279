// The functions files that share the emulator (vitest.config.ts) keep to what lets
// them: none empties the project, changes Site Settings or moves the Stripe
// stand-in's clock, so none can pull data out from under another file running beside it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_SIDE_BY_SIDE } from '../../../vitest.config.ts';

const FORBIDDEN: readonly [RegExp, string][] = [
  [/\bclearFirestore\(/, 'empties the project'],
  [/\buseMailboxTests\(/, 'empties the project before each test'],
  [/(?:doc|collection)\(\s*['"`]site_settings/, 'reads or changes Site Settings'],
  [/_standin\/clock/, 'moves the Stripe stand-in clock'],
];

describe('the functions files that run side by side', () => {
  it.each(FUNCTIONS_SIDE_BY_SIDE)('%s works only in ids of its own', (file) => {
    const text = readFileSync(file, 'utf8');
    const broken = FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
    expect(broken).toEqual([]);
  });
});
