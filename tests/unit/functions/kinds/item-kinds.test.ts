// The server's table of owned-item kinds agrees with the domain's: each kind is stored in
// the collection the site reads it from, and its two callables are exported under the
// names the site calls, built with the caller guard.
import { describe, expect, it } from 'vitest';
import * as functionsIndex from '../../../../functions/src/functions';
import { SERVER_KINDS } from '../../../../functions/src/kinds/item-kinds';
import { guardOf } from '../../../../functions/src/shared/guard';
import { ITEM_KINDS, type ItemKindName } from '../../../../src/domain/kinds/item-kinds';

const KINDS = Object.keys(ITEM_KINDS) as ItemKindName[];

describe('the server’s owned-item kinds', () => {
  it('has one entry per kind of the domain’s table', () => {
    expect(Object.keys(SERVER_KINDS).sort()).toEqual([...KINDS].sort());
  });

  it.each(KINDS)('stores a %s where the site reads it', (kind) => {
    expect(SERVER_KINDS[kind].collection).toBe(ITEM_KINDS[kind].collection);
  });

  it.each(KINDS)('exports the %s’s save and delete callables, guarded for a session', (kind) => {
    const exported = functionsIndex as Record<string, unknown>;
    for (const name of [ITEM_KINDS[kind].saveCallable, ITEM_KINDS[kind].deleteCallable])
      expect(guardOf(exported[name])?.access, name).toBe('session');
  });
});
