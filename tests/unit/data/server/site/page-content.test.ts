// The about and membership repositories fall back to the built-in content.
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { getAboutPage, getMembershipPage } from '../../../../../src/data/server/site/page-content.ts';
import {
  DEFAULT_ABOUT_CONTENT,
  DEFAULT_MEMBERSHIP_CONTENT,
} from '../../../../../src/domain/site/page-content.ts';

/** A Firestore stand-in whose page_content document holds `data` (undefined: missing), or whose read fails. */
function fakeDb(data: Record<string, unknown> | undefined | Error): Firestore {
  const get = async () => {
    if (data instanceof Error) throw data;
    return { exists: data !== undefined, data: () => data };
  };
  return { collection: () => ({ doc: () => ({ get }) }) } as unknown as Firestore;
}

const storedAbout = structuredClone(DEFAULT_ABOUT_CONTENT);
storedAbout.hero.title = 'About us, as the admin wrote it';

describe('getAboutPage / getMembershipPage', () => {
  it('uses stored, published, valid content with its meta texts', async () => {
    const page = await getAboutPage(
      fakeDb({
        page_slug: 'about',
        title: 'About',
        meta_description: 'Meta',
        is_published: true,
        content: storedAbout,
      }),
    );
    expect(page).toMatchObject({ fromStore: true, title: 'About', metaDescription: 'Meta' });
    expect(page.content.hero.title).toBe('About us, as the admin wrote it');
  });

  it('falls back to the default when the content is unpublished, invalid, missing or unreadable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const cases = [
      { is_published: false, content: storedAbout, title: 'Draft' },
      { is_published: true, content: { hero: { title: 'only a hero' } }, title: 'Broken' },
      undefined,
      new Error('unavailable'),
    ];
    for (const data of cases) {
      const page = await getAboutPage(fakeDb(data));
      expect(page).toEqual({ content: DEFAULT_ABOUT_CONTENT, fromStore: false });
    }
    expect(await getMembershipPage(fakeDb({ is_published: true, content: 'not json' }))).toEqual({
      content: DEFAULT_MEMBERSHIP_CONTENT,
      fromStore: false,
    });
  });

  it('keeps good content when a meta field is bad', async () => {
    const page = await getMembershipPage(
      fakeDb({ is_published: true, title: 42, content: DEFAULT_MEMBERSHIP_CONTENT }),
    );
    expect(page.fromStore).toBe(true);
    expect(page.title).toBeUndefined();
  });
});
