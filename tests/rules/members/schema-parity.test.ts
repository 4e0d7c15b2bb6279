// The rules are as strict as the schemas. A member can write some documents
// directly with the web SDK (their profile's editor fields), so
// firestore.rules must refuse exactly what the zod schemas of src/domain refuse:
// each sample below is judged by the schema and by the rules (a real write
// against the emulator), and the two verdicts must be equal. The named attacks
// (a link in a display name, another member's upload as a picture) come first.
import { doc, Timestamp, updateDoc, type DocumentData } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { mediaReferenceVerdict } from '../../../src/domain/media/media-image.ts';
import { profileEditFieldsSchema } from '../../../src/domain/accounts/profile-edit.ts';
import { socialLinksSchema } from '../../../src/domain/accounts/profile.ts';
import { dbAs, expectAllowed, expectDenied, rulesAccept, uids, type Actor } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function profile(uid: string, overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uid,
    display_name: 'Alice Author',
    page_slug: uid,
    approval_status: 'approved',
    is_active: true,
    subscription_status: 'free',
    profile_image: 'https://example.com/alice.jpg',
    social_links: {},
    created_at: Timestamp.fromDate(new Date('2025-01-05T10:00:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('schema-parity', () => ({
  [`profiles/${uids.owner}`]: profile(uids.owner),
  [`profiles/${uids.other}`]: profile(uids.other, { display_name: 'Bob Reader' }),
}));

const profileOf = (actor: Actor, uid: string) => doc(dbAs(env(), actor), 'profiles', uid);

const own = (uid: string) => `/media/${uid}/profile-images/a1B2c3/w640.webp`;
const ownCloud = (uid: string) =>
  `https://storage.googleapis.com/shelfmark-media/${uid}/profile-images/a1B2c3/w640.webp`;

describe('attacks through a direct write', () => {
  it('a member cannot put a link in their display name (the contact relay would mail it)', async () => {
    for (const name of [
      'Alice - visit evil.com',
      'Alice https://evil.example/x',
      'www.evil-shop',
      'ｗｗｗ．evil．com',
      '<a href=x>Alice</a>',
    ]) {
      await expectDenied(updateDoc(profileOf('owner', uids.owner), { display_name: name }));
    }
  });
  it('a member cannot make another member’s upload their profile_image, in either store', async () => {
    for (const image of [
      own(uids.other),
      ownCloud(uids.other),
      ownCloud(uids.other).replace('storage.googleapis', 'STORAGE.googleapis'),
    ]) {
      await expectDenied(updateDoc(profileOf('owner', uids.owner), { profile_image: image }));
    }
    await expectAllowed(updateDoc(profileOf('owner', uids.owner), { profile_image: own(uids.owner) }));
    await expectAllowed(updateDoc(profileOf('owner', uids.owner), { profile_image: ownCloud(uids.owner) }));
  });
  it('an admin may set a member’s own upload on their profile, not another member’s', async () => {
    await expectAllowed(updateDoc(profileOf('admin', uids.other), { profile_image: own(uids.other) }));
    await expectDenied(updateDoc(profileOf('admin', uids.other), { profile_image: own(uids.owner) }));
  });
});

/** Display names: the sign-up rules (no links, markup, look-alike or control characters; 1 to 80 characters). */
const displayNames: string[] = [
  'Alice Author',
  'J. R. R. Tolkien',
  'Dr. Seuss',
  'M.Sc. Jane Doe',
  'O.de Vries',
  'Zoë Ångström',
  '李小龙',
  'Anna-Lena',
  'Kim 👩‍💻',
  ' Padded Name ',
  'n'.repeat(80),
  'n'.repeat(81),
  '',
  '   ',
  'Alice - visit evil.com',
  'evil.COM',
  'bit.ly/x',
  'HTTP://evil',
  'mailto:x',
  'ftp://files',
  'www.evil',
  'WWW.evil',
  'x www。evil',
  'shelfmark.com',
  'shelfmark。com',
  'Ｓｈｅｌｆｍａｒｋ',
  '𝐀𝐥𝐢𝐜𝐞',
  'ⓐⓛⓘⓒⓔ',
  '⒈ place',
  'Acme™',
  'ﬁona',
  'Ĳsbrand',
  '<script>',
  'Alice > Bob',
  'Alice\u202Eevil',
  'Alice\nBob',
  'Alice\u0007',
  'Alice\u2028Bob',
  'Kelvin \u212A',
];

/** Pictures, for a profile of `uids.owner`: the shape of the schema, and the media ownership rule. */
const pictures: string[] = [
  '',
  'https://example.com/alice.jpg',
  'https://images.example.com/a/b.webp?w=640#x',
  own(uids.owner),
  ownCloud(uids.owner),
  own(uids.other),
  ownCloud(uids.other),
  `https://${'x'.repeat(2030)}.example/`,
  'http://example.com/alice.jpg',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  '/media/seed/authors/jane.webp',
  '/media/../secrets.webp',
  '//evil.example/alice.jpg',
  'https://storage.googleapis.com/shelfmark-media/seed/jane.webp',
  `https://shelfmark-media.storage.googleapis.com/${uids.other}/profile-images/a/w640.webp`,
  `https://x@storage.googleapis.com./shelfmark-media/${uids.other}/profile-images/a/w640.webp`,
  'https://storage.cloud.google.com/shelfmark-media/a.webp',
  'https://example.com/a b.jpg',
  'https://example.com/\u200Ba.jpg',
];

/** Social links. */
const links: string[] = [
  '',
  'https://alice.example.com',
  'http://alice.example.com/a?b=c#d',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'ftp://x.example',
  'https://x.example/a b',
  ' https://x.example',
  'mailto:alice@example.com',
  `https://x.example/${'p'.repeat(2040)}`,
];

describe('the rules judge every sample as the schema does', () => {
  it.each(displayNames.map((name) => [JSON.stringify(name), name]))(
    'display_name %s',
    async (_label, name) => {
      const schema = profileEditFieldsSchema.shape.display_name.safeParse(name).success;
      const rules = await rulesAccept(updateDoc(profileOf('owner', uids.owner), { display_name: name }));
      expect(rules, `the schema ${schema ? 'accepts' : 'refuses'} it`).toBe(schema);
    },
  );

  it.each(pictures.map((value) => [value.slice(0, 90), value]))('profile_image %s', async (_label, value) => {
    const schema =
      profileEditFieldsSchema.shape.profile_image.safeParse(value).success &&
      mediaReferenceVerdict(value, uids.owner) === 'ok';
    const rules = await rulesAccept(updateDoc(profileOf('owner', uids.owner), { profile_image: value }));
    expect(rules, `the schema ${schema ? 'accepts' : 'refuses'} it`).toBe(schema);
  });

  it.each(links.map((value) => [value.slice(0, 90), value]))('social link %s', async (_label, value) => {
    const schema = socialLinksSchema.safeParse({ website: value }).success;
    const rules = await rulesAccept(
      updateDoc(profileOf('owner', uids.owner), { social_links: { website: value } }),
    );
    expect(rules, `the schema ${schema ? 'accepts' : 'refuses'} it`).toBe(schema);
  });
});
