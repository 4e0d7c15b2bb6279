import { describe, expect, it, vi } from 'vitest';
import { ON_DEMAND_CACHE_CONTROL } from '../../../../../src/config.ts';
import {
  loadPageData,
  setPageCaching,
  type PageResponse,
} from '../../../../../src/data/server/shared/page-response.ts';

describe('loadPageData', () => {
  it('answers what the load found', async () => {
    expect(await loadPageData(async () => 'found', 'not-found', 'unused')).toEqual({
      data: 'found',
      failed: false,
    });
  });
  it('logs a load that throws and answers the not-found value, marked failed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('unavailable');
    const answer = await loadPageData(
      async () => {
        throw error;
      },
      'not-found',
      'Failed to load book b1.',
    );
    expect(answer).toEqual({ data: 'not-found', failed: true });
    expect(log).toHaveBeenCalledWith('Failed to load book b1.', error);
    log.mockRestore();
  });
});

describe('setPageCaching', () => {
  const fresh = (): PageResponse => ({ headers: new Headers() });

  it('makes a failed load a 503 the CDN does not keep, without tags', () => {
    const response = fresh();
    setPageCaching(response, { failed: true, notFound: true, tags: ['book-b1'] });
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Netlify-Cache-Tag')).toBeNull();
  });
  it('caches a found page and tags it', () => {
    const response = fresh();
    setPageCaching(response, { failed: false, notFound: false, tags: ['product-p1', 'profile-u1'] });
    expect(response.status).toBeUndefined();
    expect(response.headers.get('Cache-Control')).toBe(ON_DEMAND_CACHE_CONTROL);
    expect(response.headers.get('Netlify-Cache-Tag')).toBe('product-p1,profile-u1');
    expect(response.headers.get('Cache-Tag')).toBe('product-p1,profile-u1');
  });
  it('caches and tags a 404 too, so the address can be purged when the thing appears', () => {
    const response = fresh();
    setPageCaching(response, { failed: false, notFound: true, tags: ['book-b1'] });
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe(ON_DEMAND_CACHE_CONTROL);
    expect(response.headers.get('Netlify-Cache-Tag')).toBe('book-b1');
  });
  it('sets no tag headers when the page has no tags', () => {
    const response = fresh();
    setPageCaching(response, { failed: false, notFound: true });
    expect(response.status).toBe(404);
    expect(response.headers.has('Netlify-Cache-Tag')).toBe(false);
    expect(response.headers.has('Cache-Tag')).toBe(false);
  });
});
