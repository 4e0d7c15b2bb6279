// Site-wide documents: settings, legal pages, banners and the featured slots.
import { FEATURED_BOOK_SLOTS, FEATURED_PROFILE_SLOTS } from '../../src/domain/home/featured.ts';
import { LEGAL_DOCUMENT_TITLES } from '../../src/domain/site/legal-document.ts';
import { DEFAULT_ABOUT_CONTENT, DEFAULT_MEMBERSHIP_CONTENT } from '../../src/domain/site/page-content.ts';
import { DEFAULT_MENU_ITEMS } from '../../src/domain/site/site-settings.ts';
import type { SeedBook } from './books.ts';
import { type SeedContext, type SeedDoc, daysAgo, streamFor } from './context.ts';
import { PRIVACY_MARKDOWN, TERMS_MARKDOWN } from './legal-text.ts';
import { DEMO_PROMOTION_CODE } from './promotion.ts';
import type { Member } from './members.ts';
import { bannerSvg, imageSpec, logoSvg } from './svg.ts';

/** site_settings/main with a generated logo, the default menu and a promotion code. */
export function generateSiteSettings(ctx: SeedContext, admin: Member): SeedDoc {
  return {
    collection: 'site_settings',
    id: 'main',
    data: {
      logo_url: ctx.addImage(imageSpec('site-assets/logos', 'shelfmark-logo', logoSvg(), 256, 256)),
      site_title: 'Shelfmark',
      header_description: 'A community for book authors, readers and publishers',
      hero_description:
        'Discover new books and the people who write them. Read free chapters, listen to audiobooks, find editors and designers in the marketplace, and share your own work with readers who care.',
      website_url: 'https://www.shelfmark.example.com',
      menu_items: DEFAULT_MENU_ITEMS.map((item) => ({ ...item })),
      social_links: {
        website: 'https://www.shelfmark.example.com',
        instagram: 'https://instagram.example.com/shelfmark',
        twitter: 'https://x.example.com/shelfmark',
        facebook: 'https://facebook.example.com/shelfmark',
        goodreads: 'https://goodreads.example.com/group/shelfmark',
        substack: 'https://shelfmark.substack.example.com',
      },
      global_free_preview_title: 'READ THE FIRST CHAPTERS FOR FREE',
      // The home page's holiday promotion card names this code; the Stripe stand-in
      // starts with it (production needs the same code in Stripe).
      promotion_code: DEMO_PROMOTION_CODE,
      updated_by: admin.uid,
      updated_at: daysAgo(30),
    },
  };
}

/** Terms and Privacy, legal_documents/{terms|privacy}. */
export function generateLegalDocuments(admin: Member): SeedDoc[] {
  return (['terms', 'privacy'] as const).map((type) => ({
    collection: 'legal_documents' as const,
    id: type,
    data: {
      document_type: type,
      title: LEGAL_DOCUMENT_TITLES[type],
      content: type === 'terms' ? TERMS_MARKDOWN : PRIVACY_MARKDOWN,
      last_updated_at: daysAgo(type === 'terms' ? 120 : 90),
      updated_by: admin.uid,
    },
  }));
}

const BANNERS = [
  {
    title: `Holiday promotion: code ${DEMO_PROMOTION_CODE}`,
    action: 'Upgrade now',
    link: '/membership',
    description: 'Unlimited books and products with Premium: enter the code at checkout.',
    active: true,
  },
  {
    title: 'Autumn Book Fair',
    action: 'Get tickets',
    link: 'https://bookfair.example.com',
    description: 'Meet 60 independent authors and publishers.',
    active: true,
  },
  {
    title: 'Find an editor in the marketplace',
    action: 'Browse services',
    link: '/classifieds',
    description: null,
    active: true,
  },
  {
    title: 'Summer reading challenge',
    action: 'Join in',
    link: '/blog',
    description: 'Our summer challenge has ended; thanks to all who joined.',
    active: false,
  },
] as const;

/** Advertisement banners, three active and one inactive. */
export function generateBanners(ctx: SeedContext, admin: Member): SeedDoc[] {
  const rng = streamFor('advertisement_banners');
  return BANNERS.map((banner, i) => {
    const id = rng.autoId();
    return {
      collection: 'advertisement_banners' as const,
      id,
      data: {
        title: banner.title,
        image_url: ctx.addImage(
          imageSpec(
            'site-assets/banners',
            id,
            bannerSvg(banner.title, banner.action, rng.int(0, 359)),
            1200,
            300,
          ),
        ),
        link_url: banner.link,
        description: banner.description,
        position: i + 1,
        is_active: banner.active,
        created_by: admin.uid,
        created_at: daysAgo(200 - i * 40),
      },
    };
  });
}

/**
 * Featured book slots the seed fills (1..9): the last three stay empty, so the demo
 * home shows the Spotlight there (Premium members' books, src/domain/home/spotlight.ts).
 */
export const SEEDED_FEATURED_BOOKS = FEATURED_BOOK_SLOTS - 3;

/**
 * Six featured profiles (the site owner in slot 1, the demo author in slot 2)
 * and nine featured books in slots 1..9, all from active, approved members.
 */
export function generateFeatured(
  members: readonly Member[],
  books: readonly SeedBook[],
  admin: Member,
): SeedDoc[] {
  const rng = streamFor('featured');
  const listed = members.filter((m) => m.active && m.approval === 'approved' && !m.admin);
  const withBooks = listed.filter((m) => books.some((b) => b.userId === m.uid && b.active));
  const picked = [
    admin,
    members.find((m) => m.uid === 'demo-author') as Member,
    ...rng.sample(
      withBooks.filter((m) => m.uid !== 'demo-author'),
      FEATURED_PROFILE_SLOTS - 2,
    ),
  ];
  const profiles = picked.map((member, i) => ({
    collection: 'featured_profiles' as const,
    id: String(i + 1),
    data: { user_id: member.uid, position: i + 1, created_by: admin.uid, created_at: daysAgo(60 - i) },
  }));

  const listedIds = new Set(listed.map((m) => m.uid));
  const candidates = books.filter((b) => b.active && listedIds.has(b.userId));
  const featuredBooks = rng.sample(candidates, SEEDED_FEATURED_BOOKS).map((book, i) => ({
    collection: 'featured_books' as const,
    id: String(i + 1),
    data: { book_id: book.id, position: i + 1, created_by: admin.uid, created_at: daysAgo(45 - i) },
  }));
  return [...profiles, ...featuredBooks];
}

/** The about and membership pages, published, with the built-in default content. */
export function generatePageContent(admin: Member): SeedDoc[] {
  const common = { is_published: true, updated_by: admin.uid, updated_at: daysAgo(100) };
  return [
    {
      collection: 'page_content',
      id: 'about',
      data: {
        page_slug: 'about',
        title: 'About Shelfmark',
        subtitle: 'A community for book authors, readers and publishers',
        meta_description:
          'Shelfmark brings book authors, book lovers and publishers together: profiles, books, free reads, audiobooks and a marketplace.',
        content: structuredClone(DEFAULT_ABOUT_CONTENT),
        ...common,
      },
    },
    {
      collection: 'page_content',
      id: 'membership',
      data: {
        page_slug: 'membership',
        title: 'Membership',
        subtitle: 'Free and Premium plans',
        meta_description:
          'Join Shelfmark for free, or go Premium for $5 a month for unlimited books and listings.',
        content: structuredClone(DEFAULT_MEMBERSHIP_CONTENT),
        ...common,
      },
    },
  ];
}
