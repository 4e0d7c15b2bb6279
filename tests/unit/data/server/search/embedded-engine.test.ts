import { describe, expect, it } from 'vitest';
import { EmbeddedSearchEngine } from '../../../../../src/data/server/search/embedded-engine.ts';
import { parseSiteSearchParams } from '../../../../../src/domain/search/site-search.ts';
import { LIBRARY, searchEngineContract } from './engine-contract.ts';

searchEngineContract('embedded (MiniSearch)', async () => new EmbeddedSearchEngine());

describe('embedded engine snapshots', () => {
  it('a snapshot restores the same answers without the documents', async () => {
    const engine = new EmbeddedSearchEngine();
    await engine.upsert(LIBRARY);
    const restored = EmbeddedSearchEngine.fromJSON(engine.toJSON())!;
    const params = parseSiteSearchParams(new URLSearchParams('q=octavia+buttler'));
    expect(await restored.size()).toBe(LIBRARY.length);
    expect(await restored.search(params)).toEqual(await engine.search(params));
  });

  it('a snapshot built with other fields (before one was added) is not restored, so the caller rebuilds', async () => {
    const engine = new EmbeddedSearchEngine();
    await engine.upsert(LIBRARY);
    const plain = JSON.parse(engine.toJSON()) as { fieldIds: Record<string, number> };
    const { keywords: _added, ...older } = plain.fieldIds;
    expect(EmbeddedSearchEngine.fromJSON(JSON.stringify({ ...plain, fieldIds: older }))).toBeNull();
  });
});
