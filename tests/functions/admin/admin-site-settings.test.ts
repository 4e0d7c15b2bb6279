// adminSiteSettings on the emulators: admins only; a save merges its fields with
// who and when and audits before → after; bad menus are refused; the global
// free-preview title reaches books that follow it and spares chosen titles.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FREE_PREVIEW_TITLE } from '../../../src/domain/books/book';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { adminDb } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
let admin: Member;

function call(caller: Member | undefined, data: Record<string, unknown>) {
  return callAs<Record<string, unknown>>('adminSiteSettings', caller, data);
}

beforeAll(async () => {
  admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
});

describe('adminSiteSettings', () => {
  it('refuses everyone without the admin claim', async () => {
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    const member = await makeMember();
    for (const caller of [undefined, member, selfStyled]) {
      const answer = await call(caller, { action: 'save-settings', settings: { site_title: 'Taken over' } });
      expect(answer.error?.message).toBe('Access Denied');
    }
  });

  it('saves the menu and title with who and when, and audits the change', async () => {
    const menu = [
      { label: 'Home', url: '/' },
      { label: 'Elsewhere', url: 'https://example.com/x' },
    ];
    const answer = await call(admin, {
      action: 'save-settings',
      settings: { site_title: 'Shelf Test', menu_items: menu },
    });
    expect(answer.result).toEqual({ saved: true });
    const stored = (await db.doc('site_settings/main').get()).data();
    expect(stored).toMatchObject({ site_title: 'Shelf Test', menu_items: menu, updated_by: admin.uid });
    const audit = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('actor_uid', '==', admin.uid)
      .where('action', '==', 'save-settings')
      .get();
    expect(audit.docs.at(-1)?.get('after')).toMatchObject({ site_title: 'Shelf Test' });
  });

  it('saves the promotion code upper case and the switches, audited; refuses another shape', async () => {
    const ref = db.doc('site_settings/main');
    const before = (await ref.get()).data() ?? {};
    try {
      const answer = await call(admin, {
        action: 'save-settings',
        settings: { promotion_code: ' winter-10 ', early_access: { reviews: 'premium' } },
      });
      expect(answer.result).toEqual({ saved: true });
      expect((await ref.get()).data()).toMatchObject({
        promotion_code: 'WINTER-10',
        early_access: { search: 'everyone', follows: 'everyone', reviews: 'premium' },
        updated_by: admin.uid,
      });
      const audit = await db
        .collection(ADMIN_AUDIT_COLLECTION)
        .where('actor_uid', '==', admin.uid)
        .where('action', '==', 'save-settings')
        .get();
      expect(audit.docs.map((doc) => doc.get('after') as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ promotion_code: 'WINTER-10' }),
      );

      expect(
        (await call(admin, { action: 'save-settings', settings: { promotion_code: '' } })).result,
      ).toEqual({
        saved: true,
      });
      expect((await ref.get()).get('promotion_code')).toBeNull();

      for (const settings of [
        { promotion_code: 'HOLIDAY 50' },
        { early_access: { reviews: 'members' } },
        { early_access: { chat: 'everyone' } },
      ]) {
        const refused = await call(admin, { action: 'save-settings', settings });
        expect(refused.error?.status, JSON.stringify(settings)).toBe('INVALID_ARGUMENT');
      }
      expect((await ref.get()).get('early_access')).toMatchObject({ reviews: 'premium' });
    } finally {
      await ref.set(before);
    }
  });

  it('refuses a bad menu: too many items, a javascript: URL, an empty label', async () => {
    const item = { label: 'X', url: '/x' };
    for (const menu_items of [
      Array.from({ length: 21 }, () => item),
      [{ label: 'Bad', url: 'javascript:alert(1)' }],
      [{ label: ' ', url: '/' }],
    ]) {
      expect((await call(admin, { action: 'save-settings', settings: { menu_items } })).error?.status).toBe(
        'INVALID_ARGUMENT',
      );
    }
    expect(
      (await call(admin, { action: 'save-settings', settings: { updated_by: 'someone' } })).error?.status,
    ).toBe('INVALID_ARGUMENT');
  });

  it('gives a new global free-preview title to books that follow it, not to chosen ones', async () => {
    const owner = await makeMember();
    const following = await db
      .collection('books')
      .add(bookData(owner.uid, { free_preview_title: DEFAULT_FREE_PREVIEW_TITLE }));
    const chosen = await db
      .collection('books')
      .add(bookData(owner.uid, { free_preview_title: 'Read chapter one' }));
    const answer = await call(admin, { action: 'set-free-preview-title', title: 'START READING FREE' });
    expect(answer.result?.updatedBooks).toBeGreaterThanOrEqual(1);
    expect((await following.get()).get('free_preview_title')).toBe('START READING FREE');
    expect((await chosen.get()).get('free_preview_title')).toBe('Read chapter one');
    expect((await db.doc('site_settings/main').get()).get('global_free_preview_title')).toBe(
      'START READING FREE',
    );
    await call(admin, { action: 'set-free-preview-title', title: 'READ IT FREE' });
    expect((await following.get()).get('free_preview_title')).toBe('READ IT FREE');
  });
});
