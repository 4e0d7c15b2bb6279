// Standing moderation decisions and what they hold (src/domain/shared/moderation-standing.ts):
// moderation_standing/{uid}__{kind} is server-only (a client that could delete it would
// lift a moderator's decision, one that could read it would learn who is watched); a
// classified ad or an author update held for a moderator (moderation_held: true) is read
// by its owner and admins only, the ad's contact details too, and no client sets or
// clears the hold. Every actor × get, and the writes of each.
import { Timestamp, deleteField, serverTimestamp, type DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  dbAs,
  describeEachActor,
  everyone,
  expectAllowed,
  expectDenied,
  patchDoc,
  readDoc,
  storedAd,
  uids,
  type Actor,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

const when = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
const until = Timestamp.fromDate(new Date('2026-12-01T10:00:00Z'));
const standing = {
  [`moderation_standing/${uids.owner}__ad`]: {
    user_id: uids.owner,
    kind: 'ad',
    item_id: 'hidden-ad',
    decision: 'hidden',
    decided_by: uids.admin,
    decided_at: when,
  },
};
const heldAd = storedAd({
  moderation_hidden: false,
  moderation_held: true,
  held_until: until,
  created_at: when,
});
const heldUpdate: DocumentData = {
  user_id: uids.owner,
  title: 'The sequel is written',
  body: 'Off to my editor this week.',
  book: null,
  moderation_hidden: false,
  moderation_held: true,
  held_until: until,
  created_at: when,
};

const env = useSeededRulesEnv('moderation-standing', () => ({
  ...standing,
  [`profiles/${uids.owner}`]: { user_id: uids.owner, approval_status: 'approved', is_active: true },
  'classified_ads/held-ad': heldAd,
  'classified_ads/held-ad/private/contact': { contact_info: 'alice@example.com' },
  'classified_ads/shown-ad': { ...heldAd, moderation_held: false, held_until: null },
  'author_updates/held-update': heldUpdate,
  'author_updates/shown-update': { ...heldUpdate, moderation_held: false, held_until: null },
}));

describeServerOnly('moderation_standing', env, standing, {
  newPathOf: () => `moderation_standing/${uids.other}__update`,
  data: () => ({ ...standing[`moderation_standing/${uids.owner}__ad`], user_id: uids.other, kind: 'update' }),
});

const readers: readonly Actor[] = ['owner', 'admin'];

describe('an ad held for a moderator', () => {
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = readers.includes(actor);
    it(`get of the ad and its contact details is ${mayRead ? 'allowed' : 'denied'}; the same ad not held is read by a visitor`, async () => {
      const db = dbAs(env(), actor);
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'classified_ads/held-ad'));
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'classified_ads/held-ad/private/contact'));
      if (actor === 'anonymous' || actor === 'other')
        await expectAllowed(readDoc(db, 'classified_ads/shown-ad'));
    });
    it('clearing or setting moderation_held is denied', async () => {
      const db = dbAs(env(), actor);
      const held = 'classified_ads/held-ad';
      await expectDenied(patchDoc(db, held, { moderation_held: false, updated_at: serverTimestamp() }));
      await expectDenied(patchDoc(db, held, { moderation_held: deleteField(), held_until: deleteField() }));
      await expectDenied(patchDoc(db, 'classified_ads/shown-ad', { moderation_held: true }));
    });
  });
});

describe('an author update held for a moderator', () => {
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = readers.includes(actor);
    it(`get is ${mayRead ? 'allowed' : 'denied'}; the same update not held is read by a visitor`, async () => {
      const db = dbAs(env(), actor);
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'author_updates/held-update'));
      if (actor === 'anonymous' || actor === 'other')
        await expectAllowed(readDoc(db, 'author_updates/shown-update'));
    });
    it('clearing the hold is denied', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(patchDoc(db, 'author_updates/held-update', { moderation_held: false }));
    });
  });
});
