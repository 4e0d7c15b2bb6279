// The pure decisions inside the triggers, without the emulators.
import { describe, expect, it, vi } from 'vitest';
import { usersToRecount } from '../../../functions/src/books/book-count';
import { authorChanged, bookNeedsAuthor } from '../../../functions/src/books/author-snapshot';
import { chunk } from '../../../functions/src/shared/firestore';
import { callDeployHook } from '../../../functions/src/publish/deploy-hook';
import type { Post } from '../../../functions/src/shared/post';
import {
  adTags,
  bookTags,
  onlyCountsChanged,
  productTags,
  profileSlugs,
  purgeCacheTags,
} from '../../../functions/src/shared/cache-purge';
import { memberPurgeTags } from '../../../src/data/server/shared/cache-tags';
import {
  deployStatusUpdate,
  verifyNetlifySignature,
} from '../../../functions/src/publish/netlify-notification';
import { createHash, createHmac } from 'node:crypto';
import { INITIAL_PUBLISH_STATUS } from '../../../src/domain/publish/publish';
import { authorFromProfile, readBookOwnership, storedAuthor } from '../../../functions/src/books/book-fields';

describe('usersToRecount', () => {
  it('recounts the owner of a created or deleted book', () => {
    expect(usersToRecount(undefined, { user_id: 'a', is_active: true })).toEqual(['a']);
    expect(usersToRecount({ user_id: 'a', is_active: false }, undefined)).toEqual(['a']);
  });

  it('recounts when is_active flips', () => {
    expect(usersToRecount({ user_id: 'a', is_active: true }, { user_id: 'a', is_active: false })).toEqual([
      'a',
    ]);
  });

  it('recounts both users when a book changes owner', () => {
    expect(usersToRecount({ user_id: 'a', is_active: true }, { user_id: 'b', is_active: true })).toEqual([
      'a',
      'b',
    ]);
  });

  it('recounts nobody for an edit that keeps owner and activity', () => {
    expect(usersToRecount({ user_id: 'a', is_active: true }, { user_id: 'a', is_active: true })).toEqual([]);
  });

  it('ignores a book without owner', () => {
    expect(usersToRecount(undefined, { is_active: true })).toEqual([]);
  });
});

describe('authorChanged', () => {
  const alice = { display_name: 'Alice', page_slug: 'alice' };
  it('sees a new name, a new slug and a missing snapshot', () => {
    expect(authorChanged(alice, { ...alice, display_name: 'Alicia' })).toBe(true);
    expect(authorChanged(alice, { ...alice, page_slug: 'alicia' })).toBe(true);
    expect(authorChanged(undefined, alice)).toBe(true);
  });
  it('ignores an identical snapshot, and null versus missing page_slug', () => {
    expect(authorChanged(alice, { ...alice })).toBe(false);
    expect(authorChanged({ display_name: 'A', page_slug: null }, { display_name: 'A' })).toBe(false);
    expect(authorChanged(undefined, undefined)).toBe(false);
  });
});

describe('bookNeedsAuthor', () => {
  const author = { display_name: 'Alice', page_slug: 'alice' };
  it('fills a book without author and a book that changed owner', () => {
    expect(bookNeedsAuthor(undefined, { user_id: 'a' })).toBe(true);
    expect(bookNeedsAuthor({ user_id: 'a', author }, { user_id: 'b', author })).toBe(true);
  });
  it('leaves a deleted book and an edited book with author alone', () => {
    expect(bookNeedsAuthor({ user_id: 'a', author }, undefined)).toBe(false);
    expect(bookNeedsAuthor({ user_id: 'a', author }, { user_id: 'a', author })).toBe(false);
  });
});

describe('chunk', () => {
  it('splits into batches no larger than the limit', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(
      chunk(
        Array.from({ length: 1001 }, (_, i) => i),
        500,
      ).map((c) => c.length),
    ).toEqual([500, 500, 1]);
    expect(chunk([], 500)).toEqual([]);
  });
});

describe('callDeployHook', () => {
  const request = {
    reason: 'blog_posts/p1',
    changes: ['site_settings/main', 'blog_posts/p1'],
    changedAt: new Date('2026-01-01T12:00:00Z'),
  };

  it('fails without a hook URL and does not call out', async () => {
    const post = vi.fn<Post>();
    expect(await callDeployHook('', request, post)).toEqual({
      ok: false,
      detail: 'No deploy hook is configured (DEPLOY_HOOK_URL)',
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('POSTs JSON naming the change and reports the status', async () => {
    const post = vi.fn<Post>(async () => ({ ok: true, status: 200 }));
    expect(await callDeployHook('https://api.netlify.com/build_hooks/abc', request, post)).toEqual({
      ok: true,
      detail: 'HTTP 200',
    });
    const [url, init] = post.mock.calls[0]!;
    expect(new URL(url).searchParams.get('trigger_title')).toBe('Publish: blog_posts/p1 and 1 more');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({
      reason: 'blog_posts/p1',
      changes: ['site_settings/main', 'blog_posts/p1'],
      changed_at: '2026-01-01T12:00:00.000Z',
    });
  });

  it('reports an HTTP error or a network failure instead of throwing', async () => {
    expect(
      await callDeployHook('https://hook.test/x', request, async () => ({ ok: false, status: 404 })),
    ).toEqual({ ok: false, detail: 'HTTP 404' });
    const down: Post = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await callDeployHook('https://hook.test/x', request, down)).toEqual({
      ok: false,
      detail: 'connect ECONNREFUSED',
    });
    expect((await callDeployHook('not a url', request, down)).ok).toBe(false);
  });
});

describe('purgeCacheTags', () => {
  it('is a no-op without a CDN configured', async () => {
    const post = vi.fn<Post>();
    expect(await purgeCacheTags(['profile-a'], {}, post)).toBe('skipped-local');
    expect(post).not.toHaveBeenCalled();
  });

  it("calls Netlify's purge API with the site, the token and the tags", async () => {
    const post = vi.fn<Post>(async () => ({ ok: true, status: 202 }));
    expect(
      await purgeCacheTags(
        ['book-b1', 'profile-a'],
        { NETLIFY_SITE_ID: 'site-1', NETLIFY_PURGE_TOKEN: 'tok' },
        post,
      ),
    ).toBe('purged');
    const [url, init] = post.mock.calls[0]!;
    expect(url).toBe('https://api.netlify.com/api/v1/purge');
    expect(init.headers.authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body)).toEqual({ site_id: 'site-1', cache_tags: ['book-b1', 'profile-a'] });
  });

  it('reports a refused purge instead of throwing', async () => {
    expect(
      await purgeCacheTags(['profile-a'], { NETLIFY_SITE_ID: 's', NETLIFY_PURGE_TOKEN: 't' }, async () => ({
        ok: false,
        status: 401,
      })),
    ).toBe('failed: HTTP 401');
  });
});

describe('profile purge tags', () => {
  it("names the member's pages and both the old and the new slug's address", () => {
    expect(memberPurgeTags('u1', profileSlugs('jane-doe', 'jane-d'))).toEqual([
      'profile-u1',
      'profile-slug-jane-doe',
      'profile-slug-jane-d',
    ]);
    expect(memberPurgeTags('u1', profileSlugs(undefined, 'jane-doe'))).toEqual([
      'profile-u1',
      'profile-slug-jane-doe',
    ]);
    expect(memberPurgeTags('u1', profileSlugs('jane-doe', 'jane-doe'))).toEqual([
      'profile-u1',
      'profile-slug-jane-doe',
    ]);
  });
});

describe('bookTags', () => {
  it("names the book and each owner's profile once", () => {
    expect(bookTags('b1', ['a', 'a'])).toEqual(['book-b1', 'profile-a']);
    expect(bookTags('b1', ['a', 'b'])).toEqual(['book-b1', 'profile-a', 'profile-b']);
    expect(bookTags('b1', [undefined, ''])).toEqual(['book-b1']);
    // A book in a series purges the series page and its books' pages; a move between series both.
    expect(bookTags('b1', ['a'], ['tides', 'tides'])).toEqual(['book-b1', 'profile-a', 'series-tides']);
    expect(bookTags('b1', ['a'], ['tides', null])).toEqual(['book-b1', 'profile-a', 'series-tides']);
    expect(bookTags('b1', ['a'], ['tides', 'salt'])).toEqual([
      'book-b1',
      'profile-a',
      'series-tides',
      'series-salt',
    ]);
  });
});

describe('productTags and adTags', () => {
  it("name a product/service's page with each owner's profile, which lists it, and an ad's page alone", () => {
    expect(productTags('p1', ['a', 'a'])).toEqual(['product-p1', 'profile-a']);
    expect(productTags('p1', ['a', 'b'])).toEqual(['product-p1', 'profile-a', 'profile-b']);
    expect(productTags('p1', [undefined, undefined])).toEqual(['product-p1']);
    expect(adTags('ad1')).toEqual(['ad-ad1']);
  });
});

describe('onlyCountsChanged', () => {
  it('skips a write that moved only the view count, and nothing else', () => {
    expect(onlyCountsChanged({ title: 'A', views_count: 4 }, { title: 'A', views_count: 5 })).toBe(true);
    expect(onlyCountsChanged({ title: 'A', views_count: 4 }, { title: 'B', views_count: 5 })).toBe(false);
    expect(onlyCountsChanged({ is_active: true }, { is_active: false })).toBe(false);
    expect(onlyCountsChanged(undefined, { views_count: 0 })).toBe(false);
    expect(onlyCountsChanged({ views_count: 0 }, undefined)).toBe(false);
  });
});

/** A JWS as Netlify signs its deploy notifications. */
function netlifySignature(body: string, secret: string, claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iss: 'netlify', sha256: createHash('sha256').update(body).digest('hex'), ...claims })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('Netlify deploy notifications', () => {
  const body = JSON.stringify({
    state: 'ready',
    created_at: '2026-01-05T14:00:00Z',
    published_at: '2026-01-05T14:02:00Z',
  });

  it('accepts only a notification signed with the shared secret over this very body', () => {
    expect(verifyNetlifySignature(Buffer.from(body), netlifySignature(body, 's3cret'), 's3cret')).toBe(true);
    expect(verifyNetlifySignature(Buffer.from(body), netlifySignature(body, 'other'), 's3cret')).toBe(false);
    expect(verifyNetlifySignature(Buffer.from(`${body} `), netlifySignature(body, 's3cret'), 's3cret')).toBe(
      false,
    );
    expect(
      verifyNetlifySignature(
        Buffer.from(body),
        netlifySignature(body, 's3cret', { iss: 'someone' }),
        's3cret',
      ),
    ).toBe(false);
    expect(verifyNetlifySignature(Buffer.from(body), undefined, 's3cret')).toBe(false);
    expect(verifyNetlifySignature(Buffer.from(body), netlifySignature(body, ''), '')).toBe(false);
  });

  it('moves the status as the deploy starts, goes live or fails', () => {
    const now = new Date('2026-01-05T14:05:00Z');
    expect(
      deployStatusUpdate(
        INITIAL_PUBLISH_STATUS,
        { state: 'building', created_at: '2026-01-05T14:00:00Z' },
        now,
      ),
    ).toMatchObject({ state: 'building' });
    expect(deployStatusUpdate(INITIAL_PUBLISH_STATUS, JSON.parse(body), now)).toMatchObject({
      state: 'published',
      published_at: new Date('2026-01-05T14:02:00Z'),
      live_built_from: new Date('2026-01-05T14:00:00Z'),
    });
    expect(
      deployStatusUpdate(
        INITIAL_PUBLISH_STATUS,
        { state: 'error', error_message: 'Build script returned non-zero exit code: 2' },
        now,
      ),
    ).toMatchObject({
      state: 'failed',
      error: 'The Netlify deploy failed: Build script returned non-zero exit code: 2',
    });
    expect(
      deployStatusUpdate(INITIAL_PUBLISH_STATUS, { state: 'ready', context: 'deploy-preview' }, now),
    ).toBeUndefined();
  });
});

describe('reading documents through the domain schemas', () => {
  it('takes the author snapshot from a profile and ignores its other fields', () => {
    expect(authorFromProfile('u1', { display_name: 'Alice', page_slug: 'alice', about_me: 42 })).toEqual({
      display_name: 'Alice',
      page_slug: 'alice',
    });
    expect(authorFromProfile('u1', undefined)).toBeUndefined();
  });

  it('refuses a profile whose name or slug is malformed, naming the document', () => {
    expect(() => authorFromProfile('u1', { display_name: 'Alice', page_slug: 'Not A Slug' })).toThrow(
      /profiles\/u1/,
    );
  });

  it('treats a missing or malformed stored author as absent, so it gets rewritten', () => {
    expect(storedAuthor(undefined)).toBeUndefined();
    expect(storedAuthor({ name: 'x' })).toBeUndefined();
    expect(storedAuthor({ display_name: 'Alice', page_slug: 'alice' })).toEqual({
      display_name: 'Alice',
      page_slug: 'alice',
    });
  });

  it('reads a book owner and active flag', () => {
    expect(readBookOwnership('b1', { user_id: 'u1', is_active: false, title: 'T' })).toEqual({
      user_id: 'u1',
      is_active: false,
    });
    expect(readBookOwnership('b1', undefined)).toBeUndefined();
    expect(() => readBookOwnership('b1', { is_active: true })).toThrow(/books\/b1/);
  });
});
