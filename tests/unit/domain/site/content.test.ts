import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ABOUT_CONTENT,
  DEFAULT_MEMBERSHIP_CONTENT,
  aboutContentSchema,
  membershipContentSchema,
  pageContentSchema,
  resolveAboutContent,
  resolveMembershipContent,
} from '../../../../src/domain/site/page-content.ts';
import {
  NEWSLETTER_RECIPIENT_GROUPS,
  canSend,
  isNewsletterRecipient,
} from '../../../../src/domain/editorial/newsletter.ts';
import { LEGAL_FALLBACK_TEXT, legalDocumentSchema } from '../../../../src/domain/site/legal-document.ts';
import {
  activeBanners,
  advertisementBannerSchema,
} from '../../../../src/domain/home/advertisement-banner.ts';
import { blogPostFormSchema } from '../../../../src/domain/editorial/blog-post.ts';
import { parsePriceNumeric, productServiceFormSchema } from '../../../../src/domain/items/product-service.ts';
import { signupProblem } from '../../../../src/domain/accounts/signup.ts';

describe('page content', () => {
  it('defaults validate against their schemas', () => {
    expect(aboutContentSchema.parse(DEFAULT_ABOUT_CONTENT)).toEqual(DEFAULT_ABOUT_CONTENT);
    expect(membershipContentSchema.parse(DEFAULT_MEMBERSHIP_CONTENT)).toEqual(DEFAULT_MEMBERSHIP_CONTENT);
  });
  it('membership default: free $0 and premium $5 per month, premium most popular', () => {
    const [free, premium] = DEFAULT_MEMBERSHIP_CONTENT.plans;
    expect(free).toMatchObject({ type: 'free', price: '$0', period: 'per month', popular: false });
    expect(premium).toMatchObject({ type: 'premium', price: '$5', period: 'per month', popular: true });
    expect(free?.features).toContain('Up to 3 books');
  });
  it('falls back to the default when stored content is invalid or unpublished', () => {
    expect(resolveAboutContent({ hero: 'broken' })).toBe(DEFAULT_ABOUT_CONTENT);
    expect(resolveMembershipContent(DEFAULT_MEMBERSHIP_CONTENT, false)).toBe(DEFAULT_MEMBERSHIP_CONTENT);
    const custom = { ...DEFAULT_ABOUT_CONTENT, hero: { title: 'Hi', description: 'There' } };
    expect(resolveAboutContent(custom).hero.title).toBe('Hi');
  });
  it('the page document picks its content shape by page_slug', () => {
    expect(
      pageContentSchema.safeParse({
        id: 'about',
        page_slug: 'about',
        title: 'About',
        content: DEFAULT_ABOUT_CONTENT,
      }).success,
    ).toBe(true);
    expect(
      pageContentSchema.safeParse({
        id: 'about',
        page_slug: 'about',
        title: 'About',
        content: DEFAULT_MEMBERSHIP_CONTENT,
      }).success,
    ).toBe(false);
  });
});

describe('newsletters', () => {
  it('has the recipient groups, Publishers and the visitors who subscribed added', () => {
    expect(NEWSLETTER_RECIPIENT_GROUPS.map((g) => g.label)).toEqual([
      'All Users',
      'Book Authors',
      'Publishers',
      'Book Lovers/Marketers',
      'Admins',
      'Newsletter Subscribers',
    ]);
  });
  it('matches members to groups by category, and Admins by the claim', () => {
    const author = {
      profile: { category: 'Book Author' as const, is_active: true, approval_status: 'approved' as const },
      emailVerified: true,
      admin: false,
      unsubscribed: false,
    };
    expect(isNewsletterRecipient(author, 'all')).toBe(true);
    expect(isNewsletterRecipient(author, 'book-author')).toBe(true);
    expect(isNewsletterRecipient(author, 'book-lover')).toBe(false);
    expect(isNewsletterRecipient(author, 'publisher')).toBe(false);
    expect(isNewsletterRecipient(author, 'admin')).toBe(false);
    expect(isNewsletterRecipient({ ...author, admin: true }, 'admin')).toBe(true);
    // Members are never in the subscribers group: it holds the visitors who subscribed.
    expect(isNewsletterRecipient({ ...author, admin: true }, 'subscribers')).toBe(false);
    expect(
      isNewsletterRecipient(
        { ...author, profile: { ...author.profile, category: 'Publisher' } },
        'publisher',
      ),
    ).toBe(true);
  });
  it('leaves out inactive, unapproved, unverified and unsubscribed members', () => {
    const base = {
      profile: { category: 'Book Author' as const, is_active: true, approval_status: 'approved' as const },
      emailVerified: true,
      admin: true,
      unsubscribed: false,
    };
    expect(isNewsletterRecipient({ ...base, profile: { ...base.profile, is_active: false } }, 'all')).toBe(
      false,
    );
    expect(
      isNewsletterRecipient({ ...base, profile: { ...base.profile, approval_status: 'pending' } }, 'all'),
    ).toBe(false);
    expect(isNewsletterRecipient({ ...base, emailVerified: false }, 'all')).toBe(false);
    expect(isNewsletterRecipient({ ...base, unsubscribed: true }, 'admin')).toBe(false);
  });
  it('can be sent once, only when published', () => {
    expect(canSend({ is_published: true, sent_at: null })).toBe(true);
    expect(canSend({ is_published: false, sent_at: null })).toBe(false);
    expect(canSend({ is_published: true, sent_at: new Date() })).toBe(false);
  });
});

describe('other entities', () => {
  it('legal documents and their fallback', () => {
    expect(LEGAL_FALLBACK_TEXT).toMatch(/temporarily unavailable/);
    expect(
      legalDocumentSchema.safeParse({
        id: 'terms',
        document_type: 'terms',
        title: 'Terms',
        content: '# T',
        last_updated_at: new Date(),
      }).success,
    ).toBe(true);
  });
  it('banner position is an integer of at least 1', () => {
    const banner = (position: number) =>
      advertisementBannerSchema.safeParse({
        id: 'b',
        title: 'Ad',
        image_url: 'https://img.example/a.png',
        position,
      });
    expect(banner(1).success).toBe(true);
    expect(banner(0).success).toBe(false);
    expect(banner(1.5).success).toBe(false);
    expect(
      activeBanners([
        { is_active: true, position: 2 },
        { is_active: false, position: 1 },
        { is_active: true, position: 1 },
      ]),
    ).toEqual([
      { is_active: true, position: 1 },
      { is_active: true, position: 2 },
    ]);
  });
  it('blog form requires title, author and content', () => {
    const result = blogPostFormSchema.safeParse({ title: '', author: '', content: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Title is required',
      'Author is required',
      'Content is required',
    ]);
  });
  it("product/service title is required ('Title is required.') and prices are read from text", () => {
    expect(productServiceFormSchema.safeParse({ title: ' ' }).error?.issues[0]?.message).toBe(
      'Title is required.',
    );
    expect(parsePriceNumeric('$1,299.99')).toBe(1299.99);
    expect(parsePriceNumeric('Free')).toBe(0);
    expect(parsePriceNumeric('Contact me')).toBeNull();
  });
  it('sign-up checks run in the spec order', () => {
    const ok = {
      password: 'secret1',
      confirmPassword: 'secret1',
      agreedToTerms: true,
      agreedToPrivacy: true,
    };
    expect(signupProblem(ok)).toBeNull();
    expect(signupProblem({ ...ok, confirmPassword: 'x', password: '1', agreedToTerms: false })?.title).toBe(
      'Password Mismatch',
    );
    expect(
      signupProblem({ ...ok, password: '12345', confirmPassword: '12345', agreedToTerms: false })?.title,
    ).toBe('Password Too Short');
    expect(signupProblem({ ...ok, agreedToTerms: false, agreedToPrivacy: false })?.title).toBe(
      'Terms Required',
    );
    expect(signupProblem({ ...ok, agreedToPrivacy: false })?.message).toBe(
      'You must agree to the Privacy Policy to create an account.',
    );
  });
});
