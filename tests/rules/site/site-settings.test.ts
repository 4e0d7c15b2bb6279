import {
  deleteDoc,
  deleteField,
  doc,
  serverTimestamp,
  setDoc,
  updateDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { earlyAccessSettingsSchema } from '../../../src/domain/billing/early-access';
import { promotionCodeSchema } from '../../../src/domain/site/site-settings';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  rulesAccept,
  uids,
  type Actor,
} from '../helpers/rules-env';
import { describePublicReadOnly } from '../helpers/public-read-only';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function settings(overrides: DocumentData = {}): DocumentData {
  return {
    site_title: 'Shelfmark',
    header_description: 'The community for books and authors',
    hero_description: 'Discover independent authors, free books and audiobooks.',
    website_url: 'https://shelfmark.example.com',
    logo_url: 'https://example.com/site-assets/logo.png',
    menu_items: [
      { label: 'Free Books', url: '/free-books' },
      { label: 'Directory', url: '/directory' },
    ],
    social_links: {
      facebook: 'https://facebook.com/shelfmark',
      instagram: 'https://instagram.com/shelfmark',
    },
    global_free_preview_title: 'VIEW & read THE BOOK FOR FREE',
    updated_by: uids.admin,
    ...overrides,
  };
}

const env = useSeededRulesEnv('site-settings', () => ({ 'site_settings/main': settings() }));

describePublicReadOnly({
  env,
  collection: 'site_settings',
  get: {
    title: 'reads site_settings/main',
    id: 'main',
    check: (snapshot) => expect(snapshot.get('site_title')).toBe('Shelfmark'),
  },
  list: { title: 'lists the settings collection' },
  writes: { newId: 'draft', existingId: 'main', data: settings({ site_title: 'Not Shelfmark' }) },
});

// The promotion code and the early-access switches: an admin (and only an admin) may
// write them directly, with the values promotionCodeSchema and
// earlyAccessSettingsSchema accept, stamped with who and when; nothing else rides
// along. (The matrix above shows every other write refused, the admin's included.)
describe('site_settings/main: the promotion code and the early-access switches', () => {
  const main = (actor: Actor) => doc(dbAs(env(), actor), 'site_settings', 'main');
  const stamped = (actor: Actor, fields: DocumentData) => ({
    ...fields,
    updated_by: actor === 'anonymous' ? 'nobody' : uids[actor],
    updated_at: serverTimestamp(),
  });

  describe('admin', () => {
    it('sets and clears the promotion code', async () => {
      await expectAllowed(updateDoc(main('admin'), stamped('admin', { promotion_code: 'HOLIDAY50' })));
      await expectAllowed(updateDoc(main('admin'), stamped('admin', { promotion_code: null })));
      await expectAllowed(updateDoc(main('admin'), stamped('admin', { promotion_code: deleteField() })));
    });

    it('sets the switches, all or some', async () => {
      await expectAllowed(
        updateDoc(
          main('admin'),
          stamped('admin', { early_access: { search: 'off', follows: 'premium', reviews: 'everyone' } }),
        ),
      );
      await expectAllowed(
        updateDoc(main('admin'), stamped('admin', { early_access: { reviews: 'premium' } })),
      );
    });

    it('creates the record with only these fields when none exists yet', async () => {
      await env().withSecurityRulesDisabled(async (context) => {
        await deleteDoc(doc(context.firestore() as unknown as Firestore, 'site_settings', 'main'));
      });
      await expectAllowed(
        setDoc(main('admin'), stamped('admin', { promotion_code: 'HOLIDAY50', early_access: {} })),
      );
    });

    it('may not write another settings field alongside, nor another record', async () => {
      await expectDenied(
        updateDoc(main('admin'), stamped('admin', { promotion_code: 'HOLIDAY50', site_title: 'Other' })),
      );
      await expectDenied(
        setDoc(
          doc(dbAs(env(), 'admin'), 'site_settings', 'draft'),
          stamped('admin', { promotion_code: 'X50' }),
        ),
      );
    });

    it('must stamp the write with itself and the request time', async () => {
      await expectDenied(updateDoc(main('admin'), { promotion_code: 'HOLIDAY50' }));
      await expectDenied(
        updateDoc(main('admin'), {
          promotion_code: 'HOLIDAY50',
          updated_by: uids.owner,
          updated_at: serverTimestamp(),
        }),
      );
    });

    it('may not delete the record', async () => {
      await expectDenied(deleteDoc(main('admin')));
    });
  });

  for (const actor of ['anonymous', 'pending', 'owner', 'inactive'] as const) {
    describe(actorLabel[actor], () => {
      it('may not set the promotion code or the switches', async () => {
        await expectDenied(updateDoc(main(actor), stamped(actor, { promotion_code: 'HOLIDAY50' })));
        await expectDenied(updateDoc(main(actor), stamped(actor, { early_access: { search: 'everyone' } })));
      });
    });
  }

  // Each sample is judged by the schema and by the rules (an admin's write); the verdicts must agree.
  const codes = [
    'HOLIDAY50',
    'ABC',
    'A'.repeat(40),
    'WINTER-2026',
    'AB',
    'A'.repeat(41),
    'holiday50',
    'HOLIDAY_50',
    'HOLIDAY 50',
    'CAFÉ10',
    '',
    42,
    true,
  ];
  it.each(codes.map((code) => [JSON.stringify(code).slice(0, 50), code]))(
    'promotion_code %s: the rules agree with the schema',
    async (_label, code) => {
      // The schema's verdict on the stored value: it is stored as the schema outputs it.
      const parsed = promotionCodeSchema.safeParse(code);
      const schema = parsed.success && parsed.data === code;
      const rules = await rulesAccept(updateDoc(main('admin'), stamped('admin', { promotion_code: code })));
      expect(rules, `the schema ${schema ? 'accepts' : 'refuses'} it as stored`).toBe(schema);
    },
  );

  const maps: unknown[] = [
    {},
    { search: 'off' },
    { search: 'premium', follows: 'everyone', reviews: 'off' },
    { search: 'members' },
    { chat: 'everyone' },
    { search: true },
    'everyone',
    ['search'],
  ];
  it.each(maps.map((map) => [JSON.stringify(map), map]))(
    'early_access %s: the rules agree with the schema',
    async (_label, map) => {
      const schema = earlyAccessSettingsSchema.safeParse(map).success;
      const rules = await rulesAccept(updateDoc(main('admin'), stamped('admin', { early_access: map })));
      expect(rules, `the schema ${schema ? 'accepts' : 'refuses'} it`).toBe(schema);
    },
  );
});
