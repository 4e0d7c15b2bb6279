// The Platform Message relay: a member's message reaches the seller's inbox with
// Reply-To the buyer; the buyer never gets the seller's address; bad callers are refused.
import { describe, expect, it } from 'vitest';
import { SELLER_MESSAGE_TEXT } from '../../../src/domain/market/seller-message';
import { adminDb } from '../helpers/emulator';
import { adData } from '../helpers/factories';
import { useMailbox, type CaughtMail } from '../helpers/mailbox';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const TEST_MS = 60_000;
const mailbox = useMailbox();

async function adOf(seller: Member, overrides: Record<string, unknown> = {}): Promise<string> {
  const ref = await db.collection('classified_ads').add(adData(seller.uid, { tags: [], ...overrides }));
  return ref.id;
}

const send = (member: Member | undefined, data: unknown) =>
  callAs<{ status: string }>('contactSeller', member, data);

describe('contactSeller', () => {
  it(
    'relays a member’s message to the seller, with Reply-To the buyer and no seller address in the answer',
    async () => {
      const seller = await makeMember();
      const buyer = await makeMember();
      const adId = await adOf(seller);
      const answer = await send(buyer, {
        ad_id: adId,
        message: 'Is the bookshelf still available? I can collect on Saturday.',
      });
      expect(answer.status).toBe(200);
      expect(answer.result).toEqual({ status: 'sent' });
      expect(JSON.stringify(answer)).not.toContain(seller.email);

      const mail = (await mailbox.waitFor(
        seller.email,
        'New message about your ad: Oak bookshelf',
      )) as CaughtMail & { replyTo?: { address: string }[] };
      expect(mail.text).toContain('I can collect on Saturday.');
      expect(mail.replyTo?.map((to) => to.address.toLowerCase())).toEqual([buyer.email.toLowerCase()]);
    },
    TEST_MS,
  );

  it(
    'refuses visitors, unverified and pending members, one’s own ad, hidden ads and short messages',
    async () => {
      const seller = await makeMember();
      const adId = await adOf(seller);
      const hiddenId = await adOf(seller, { is_active: false });
      const unverified = await makeMember({ verified: false });
      const pending = await makeMember({ profile: { approval_status: 'pending' } });
      const buyer = await makeMember();
      const message = 'Hello, is this still for sale?';

      expect((await send(undefined, { ad_id: adId, message })).error?.status).toBe('UNAUTHENTICATED');
      expect((await send(unverified, { ad_id: adId, message })).error?.status).toBe('PERMISSION_DENIED');
      expect((await send(pending, { ad_id: adId, message })).error?.status).toBe('PERMISSION_DENIED');
      expect((await send(seller, { ad_id: adId, message })).error?.status).toBe('FAILED_PRECONDITION');
      expect((await send(buyer, { ad_id: hiddenId, message })).error?.status).toBe('NOT_FOUND');
      const short = await send(buyer, { ad_id: adId, message: 'Hi' });
      expect(short.error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: SELLER_MESSAGE_TEXT.tooShort,
      });
    },
    TEST_MS,
  );

  it(
    'stops a buyer repeating messages about the same ad',
    async () => {
      const seller = await makeMember();
      const buyer = await makeMember();
      const adId = await adOf(seller);
      const message = 'Would you take £100 for it?';
      expect((await send(buyer, { ad_id: adId, message })).status).toBe(200);
      expect((await send(buyer, { ad_id: adId, message })).status).toBe(200);
      const third = await send(buyer, { ad_id: adId, message });
      expect(third.error).toMatchObject({
        status: 'RESOURCE_EXHAUSTED',
        message: SELLER_MESSAGE_TEXT.throttled,
      });
    },
    TEST_MS,
  );
});
