// The connector's parts on their own: the rate limiter's queue, the LRU cache with its
// time to live, Retry-After read both ways, and the configuration read from the environment.
import { describe, expect, it } from 'vitest';
import { memoryCache } from '../../../../functions/src/catalogue/cache.ts';
import { openLibraryConfig, openLibraryFromEnv } from '../../../../functions/src/catalogue/config.ts';
import { retryAfterMs } from '../../../../functions/src/catalogue/http.ts';
import { rateLimiter } from '../../../../functions/src/catalogue/rate-limit.ts';

describe('rateLimiter', () => {
  it('gives callers evenly spaced start times, first come first served', async () => {
    let clock = 0;
    const waits: number[] = [];
    const limiter = rateLimiter({
      requestsPerSecond: 4,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await Promise.all([limiter.take(), limiter.take(), limiter.take()]);
    expect(waits).toEqual([250, 500]);
    clock = 2000; // long after: no wait
    await limiter.take();
    expect(waits).toEqual([250, 500]);
    expect(() => rateLimiter({ requestsPerSecond: 0 })).toThrow();
  });
});

describe('memoryCache', () => {
  it('forgets an entry after its time to live', async () => {
    let clock = 0;
    const cache = memoryCache({ now: () => clock });
    await cache.set('a', { x: 1 }, 100);
    clock = 99;
    expect(await cache.get('a')).toEqual({ x: 1 });
    clock = 100;
    expect(await cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry when full', async () => {
    const cache = memoryCache({ maxEntries: 2 });
    await cache.set('a', 1, 1000);
    await cache.set('b', 2, 1000);
    await cache.get('a');
    await cache.set('c', 3, 1000);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.UTC(2026, 11, 7, 12);
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(retryAfterMs(new Date(now - 5000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('openLibraryConfig', () => {
  it('reads the real Open Library by default, at 3 requests a second, naming Shelfmark and its site', () => {
    expect(openLibraryConfig({ SITE_URL: 'https://shelfmark.example' })).toEqual({
      baseUrl: 'https://openlibrary.org',
      coversBaseUrl: 'https://covers.openlibrary.org',
      userAgent: 'Shelfmark/1.0 (+https://shelfmark.example)',
      requestsPerSecond: 3,
    });
  });

  it('follows OPEN_LIBRARY_BASE_URL and OPEN_LIBRARY_COVERS_URL (the stand-in), faster there', () => {
    const config = openLibraryConfig({
      OPEN_LIBRARY_BASE_URL: 'http://127.0.0.1:12112/',
      OPEN_LIBRARY_COVERS_URL: 'http://127.0.0.1:12112/covers',
      OPEN_LIBRARY_CONTACT: 'books@shelfmark.example',
    });
    expect(config).toEqual({
      baseUrl: 'http://127.0.0.1:12112',
      coversBaseUrl: 'http://127.0.0.1:12112/covers',
      userAgent: 'Shelfmark/1.0 (+books@shelfmark.example)',
      requestsPerSecond: 20,
    });
    expect(openLibraryConfig({ OPEN_LIBRARY_REQUESTS_PER_SECOND: '1' }).requestsPerSecond).toBe(1);
  });

  it('gives callers one source per configuration, so they share its cache and rate limit', () => {
    const env = { OPEN_LIBRARY_BASE_URL: 'http://127.0.0.1:1' };
    expect(openLibraryFromEnv(env)).toBe(openLibraryFromEnv({ ...env }));
    expect(openLibraryFromEnv({ OPEN_LIBRARY_BASE_URL: 'http://127.0.0.1:2' })).not.toBe(
      openLibraryFromEnv(env),
    );
  });
});
