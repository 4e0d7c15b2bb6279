import { describe, expect, it } from 'vitest';
import { ClientRateLimiter, isSameOriginRequest, isViewCollection, VIEW_ITEM_ID_PATTERN, viewEndpoint } from '../../../src/domain/views';

describe('view counter contract', () => {
  it('accepts only the two counted collections', () => {
    expect(isViewCollection('products_services')).toBe(true);
    expect(isViewCollection('classified_ads')).toBe(true);
    for (const other of ['books', 'profiles', '', null, 3, 'classified_ads/x']) expect(isViewCollection(other)).toBe(false);
  });

  it('accepts Firestore-style ids only', () => {
    expect(VIEW_ITEM_ID_PATTERN.test('aZ09_-x')).toBe(true);
    for (const bad of ['', 'a/b', 'a b', '..', 'x'.repeat(129), 'é']) expect(VIEW_ITEM_ID_PATTERN.test(bad)).toBe(false);
  });

  it('builds the endpoint path, escaping the id', () => {
    expect(viewEndpoint('classified_ads', 'ad-1')).toBe('/api/views/classified_ads/ad-1');
    expect(viewEndpoint('products_services', 'a b')).toBe('/api/views/products_services/a%20b');
  });

  it('counts only requests from the site itself', () => {
    const site = 'https://shelfmark.example';
    const host = 'shelfmark.example';
    expect(isSameOriginRequest(site, 'same-origin', host)).toBe(true);
    expect(isSameOriginRequest(site, null, 'Shelfmark.example')).toBe(true);
    expect(isSameOriginRequest('http://127.0.0.1:4321', 'same-origin', '127.0.0.1:4321')).toBe(true);
    expect(isSameOriginRequest('http://127.0.0.1:4321', 'same-origin', '127.0.0.1:4322')).toBe(false);
    expect(isSameOriginRequest('https://evil.example', 'cross-site', host)).toBe(false);
    expect(isSameOriginRequest('https://evil.example', null, host)).toBe(false);
    expect(isSameOriginRequest(site, 'cross-site', host)).toBe(false);
    expect(isSameOriginRequest(null, null, host)).toBe(false);
    expect(isSameOriginRequest(site, null, null)).toBe(false);
    expect(isSameOriginRequest('null', 'same-origin', host)).toBe(false);
  });
});

describe('ClientRateLimiter', () => {
  it('allows the limit per window, then refuses until the window has passed', () => {
    const limiter = new ClientRateLimiter(3, 1000);
    expect([0, 1, 2, 3].map((t) => limiter.allow('a', t))).toEqual([true, true, true, false]);
    expect(limiter.allow('b', 10)).toBe(true);
    expect(limiter.allow('a', 999)).toBe(false);
    expect(limiter.allow('a', 1000)).toBe(true);
  });

  it('stays bounded: expired windows make room, a full table of live windows refuses new clients', () => {
    const limiter = new ClientRateLimiter(1, 1000, 2);
    expect(limiter.allow('a', 0)).toBe(true);
    expect(limiter.allow('b', 0)).toBe(true);
    expect(limiter.allow('c', 500)).toBe(false);
    expect(limiter.allow('c', 1000)).toBe(true);
  });
});
