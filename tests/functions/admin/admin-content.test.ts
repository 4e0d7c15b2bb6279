// adminContent on the emulators: admins only; legal documents get the server's time
// and the saver; the preview is the public pages' sanitised HTML.
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { DEFAULT_MEMBERSHIP_CONTENT } from '../../../src/domain/site/page-content';
import { adminDb } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
let admin: Member;

function call(caller: Member | undefined, data: Record<string, unknown>) {
  return callAs<Record<string, unknown>>('adminContent', caller, data);
}

beforeAll(async () => {
  admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
});

describe('adminContent', () => {
  it('refuses everyone without the admin claim', async () => {
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    for (const caller of [undefined, selfStyled]) {
      expect(
        (await call(caller, { action: 'save-legal', document_type: 'terms', title: 'Gone', content: '' }))
          .error?.message,
      ).toBe('Access Denied');
    }
  });

  it('saves a legal document with the server time and the saver', async () => {
    const before = Date.now();
    expect(
      (
        await call(admin, {
          action: 'save-legal',
          document_type: 'privacy',
          title: 'Privacy Policy',
          content: '## Data\n\nWe keep little.',
        })
      ).result,
    ).toEqual({ saved: true });
    const stored = (await db.doc('legal_documents/privacy').get()).data();
    expect(stored).toMatchObject({
      document_type: 'privacy',
      title: 'Privacy Policy',
      updated_by: admin.uid,
    });
    expect((stored?.last_updated_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('saves page content of the page shape and refuses another shape', async () => {
    const page = {
      page_slug: 'membership',
      title: 'Membership',
      subtitle: 'Join',
      meta_description: '',
      is_published: true,
      content: DEFAULT_MEMBERSHIP_CONTENT,
    };
    expect((await call(admin, { action: 'save-page', page })).result).toEqual({ saved: true });
    expect((await db.doc('page_content/membership').get()).get('subtitle')).toBe('Join');
    expect(
      (await call(admin, { action: 'save-page', page: { ...page, content: { plans: 'none' } } })).error
        ?.status,
    ).toBe('INVALID_ARGUMENT');
  });

  it('previews Markdown with the public sanitiser: no scripts, no event handlers', async () => {
    const answer = await call(admin, {
      action: 'preview-legal',
      content:
        '# Terms\n\n**bold**\n\n<script>alert(1)</script>\n\n<a href="javascript:x" onclick="y">link</a>',
    });
    const html = String(answer.result?.html);
    expect(html).toContain('<h2>Terms</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/script|onclick|javascript:/);
  });

  it('creates, toggles and deletes a banner; position must be a whole number of at least 1', async () => {
    const banner = {
      title: 'Spring Sale',
      image_url: '/media/banners/spring.webp',
      link_url: 'https://example.com/sale',
      description: '',
      position: 2,
      is_active: true,
    };
    for (const position of [0, 1.5, -3]) {
      const refused = await call(admin, { action: 'create-banner', banner: { ...banner, position } });
      expect(refused.error?.message).toBe('Position must be a whole number of at least 1');
    }
    expect(
      (await call(admin, { action: 'create-banner', banner: { ...banner, link_url: 'javascript:alert(1)' } }))
        .error?.status,
    ).toBe('INVALID_ARGUMENT');
    const created = await call(admin, { action: 'create-banner', banner });
    const id = String(created.result?.id);
    expect((await db.doc(`advertisement_banners/${id}`).get()).data()).toMatchObject({
      title: 'Spring Sale',
      position: 2,
      created_by: admin.uid,
    });
    await call(admin, { action: 'set-banner-active', bannerId: id, is_active: false });
    expect((await db.doc(`advertisement_banners/${id}`).get()).get('is_active')).toBe(false);
    await call(admin, { action: 'delete-banner', bannerId: id });
    expect((await db.doc(`advertisement_banners/${id}`).get()).exists).toBe(false);
    expect(
      (await call(admin, { action: 'set-banner-active', bannerId: id, is_active: true })).error?.status,
    ).toBe('NOT_FOUND');
  });
});
