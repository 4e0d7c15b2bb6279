import { describe, expect, it } from 'vitest';
import {
  AUTHOR_CLAIM_MESSAGES,
  adminAuthorClaimsRequestSchema,
  authorClaimId,
  authorClaimRequestSchema,
  canClaimAuthorPages,
  catalogueIsbnMessage,
  isCatalogueIsbnMessage,
} from '../../../../src/domain/books/author-claim';

describe('canClaimAuthorPages', () => {
  const approved = { approval_status: 'approved', is_active: true };
  it('lets approved, active Book Authors and Publishers claim', () => {
    expect(canClaimAuthorPages({ ...approved, category: 'Book Author' })).toBe(true);
    expect(canClaimAuthorPages({ ...approved, category: 'Publisher' })).toBe(true);
  });
  it('refuses readers, members without a category, pending and deactivated members', () => {
    expect(canClaimAuthorPages({ ...approved, category: 'Book Lover/Marketer' })).toBe(false);
    expect(canClaimAuthorPages({ ...approved, category: null })).toBe(false);
    expect(
      canClaimAuthorPages({ category: 'Book Author', approval_status: 'pending', is_active: true }),
    ).toBe(false);
    expect(
      canClaimAuthorPages({ category: 'Publisher', approval_status: 'approved', is_active: false }),
    ).toBe(false);
  });
});

describe('authorClaimRequestSchema', () => {
  it('takes a slug as authorSlug makes it, with a trimmed note defaulting to empty', () => {
    expect(authorClaimRequestSchema.parse({ action: 'request', slug: 'михаил-булгаков' })).toEqual({
      action: 'request',
      slug: 'михаил-булгаков',
      message: '',
    });
    expect(authorClaimRequestSchema.parse({ action: 'request', slug: 'a-b', message: ' hi ' })).toMatchObject(
      {
        message: 'hi',
      },
    );
  });
  it('refuses a name that is not a slug, an empty slug, a note too long, unknown fields', () => {
    expect(authorClaimRequestSchema.safeParse({ action: 'status', slug: 'Jane Austen' }).success).toBe(false);
    const empty = authorClaimRequestSchema.safeParse({ action: 'status', slug: '' });
    expect(empty.error?.issues[0]?.message).toBe(AUTHOR_CLAIM_MESSAGES.slugRequired);
    const long = authorClaimRequestSchema.safeParse({
      action: 'request',
      slug: 'a',
      message: 'x'.repeat(1001),
    });
    expect(long.error?.issues[0]?.message).toBe(AUTHOR_CLAIM_MESSAGES.messageTooLong);
    expect(authorClaimRequestSchema.safeParse({ action: 'status', slug: 'a', uid: 'x' }).success).toBe(false);
  });
});

describe('adminAuthorClaimsRequestSchema', () => {
  it('needs a reason to reject, and a claim id of slug and uid', () => {
    const id = authorClaimId('jane-austen', 'uid-1');
    expect(id).toBe('jane-austen__uid-1');
    expect(adminAuthorClaimsRequestSchema.safeParse({ action: 'approve', claimId: id }).success).toBe(true);
    expect(adminAuthorClaimsRequestSchema.safeParse({ action: 'approve', claimId: '../x' }).success).toBe(
      false,
    );
    const noReason = adminAuthorClaimsRequestSchema.safeParse({
      action: 'reject',
      claimId: id,
      reason: '  ',
    });
    expect(noReason.error?.issues[0]?.message).toBe(AUTHOR_CLAIM_MESSAGES.reasonRequired);
  });
});

describe('catalogueIsbnMessage', () => {
  it('names the book and where to claim it, and is told apart from other refusals', () => {
    const offer = catalogueIsbnMessage({ title: 'Emma', authorPath: '/authors/jane-austen', yours: false });
    expect(offer).toBe(
      'This ISBN belongs to “Emma”, a book already in Shelfmark’s catalogue, with its readers’ shelves and reviews. Claim it rather than listing a second copy: open /authors/jane-austen and choose “Claim this author page”.',
    );
    expect(isCatalogueIsbnMessage(offer)).toBe(true);
    expect(catalogueIsbnMessage({ title: 'Emma', authorPath: null, yours: false })).toContain('ask an admin');
    expect(catalogueIsbnMessage({ title: 'Emma', authorPath: '/authors/x', yours: true })).toContain(
      'You claimed it',
    );
    expect(isCatalogueIsbnMessage('This ISBN is already used by another book on Shelfmark.')).toBe(false);
  });
});
