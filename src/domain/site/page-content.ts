import { z } from 'zod';
import { TEXT_LIMITS, idSchema, optionalText, timestampSchema } from '../shared/common.ts';
import { TRIAL_DAYS } from '../billing/billing.ts';
import { MAX_PURCHASE_LINKS } from '../books/book.ts';
import { PLAN_LIMITS } from '../items/plan-limits.ts';

/** A heading with a paragraph (hero, call to action). */
const headedTextSchema = z.object({
  /** Heading. */
  title: z.string().max(TEXT_LIMITS.title),
  /** Paragraph. */
  description: z.string().max(TEXT_LIMITS.medium),
});

/** A heading with body text (mission, vision). */
const sectionSchema = z.object({
  /** Heading. */
  title: z.string().max(TEXT_LIMITS.title),
  /** Body text. */
  content: z.string().max(TEXT_LIMITS.medium),
});

/** Icons the membership benefits may use. */
export const BENEFIT_ICONS = ['Users', 'BookOpen', 'Crown', 'Star'] as const;
/** Icons the about features may use. */
export const FEATURE_ICONS = ['Users', 'Heart', 'Award', 'Globe', 'BookOpen', 'Target'] as const;

/** One membership plan card. */
export const planSchema = z.object({
  /** Which plan the card describes. */
  type: z.enum(['free', 'premium']),
  /** Plan name. */
  name: z.string().max(TEXT_LIMITS.name),
  /** Price as shown ('$5'). */
  price: z.string().max(20),
  /** Billing period as shown ('per month'). */
  period: z.string().max(40),
  /** One-line pitch. */
  description: z.string().max(TEXT_LIMITS.line),
  /** Marks the card 'Most Popular'. */
  popular: z.boolean().default(false),
  /** Feature bullet points. */
  features: z.array(z.string().max(TEXT_LIMITS.line)).max(20),
});
/** A plan card. */
export type Plan = z.infer<typeof planSchema>;

/** The JSON content of the membership page. */
export const membershipContentSchema = z.object({
  /** Page hero. */
  hero: headedTextSchema,
  /** The plan cards (free, then premium). */
  plans: z.array(planSchema).max(4),
  /** 'Why Choose Premium?' items. */
  benefits: z
    .array(
      z.object({
        /** Icon name. */
        icon: z.enum(BENEFIT_ICONS),
        /** Heading. */
        title: z.string().max(TEXT_LIMITS.title),
        /** Text. */
        description: z.string().max(TEXT_LIMITS.short),
      }),
    )
    .max(12),
  /** Closing call to action. */
  cta: headedTextSchema,
});
/** Membership page content. */
export type MembershipContent = z.infer<typeof membershipContentSchema>;

/** The JSON content of the about page. */
export const aboutContentSchema = z.object({
  /** Page hero. */
  hero: headedTextSchema,
  /** Mission statement. */
  mission: sectionSchema,
  /** The three feature cards. */
  features: z
    .array(
      z.object({
        /** Icon name. */
        icon: z.enum(FEATURE_ICONS),
        /** Heading. */
        title: z.string().max(TEXT_LIMITS.title),
        /** Text. */
        description: z.string().max(TEXT_LIMITS.short),
      }),
    )
    .max(12),
  /** Vision statement with badges. */
  vision: sectionSchema.extend({
    /** Short badge texts. */
    badges: z.array(z.string().max(60)).max(12),
  }),
  /** Closing call to action. */
  cta: headedTextSchema,
});
/** About page content. */
export type AboutContent = z.infer<typeof aboutContentSchema>;

/** Fields shared by both pages. */
const pageFields = {
  /** Document id; equals page_slug. */
  id: idSchema,
  /** Page title (admin list, <title>). */
  title: z.string().max(TEXT_LIMITS.title),
  /** Optional subtitle. */
  subtitle: optionalText(TEXT_LIMITS.line),
  /** Meta description for search engines. */
  meta_description: optionalText(TEXT_LIMITS.line),
  /** Unpublished content is ignored and the built-in default shown. */
  is_published: z.boolean().default(true),
  /** uid of the admin who last saved. */
  updated_by: idSchema.nullish(),
  /** Last save. */
  updated_at: timestampSchema.nullish(),
};

/** The about page, document `page_content/about`. */
export const aboutPageSchema = z.object({
  ...pageFields,
  page_slug: z.literal('about'),
  content: aboutContentSchema,
});
/** The membership page, document `page_content/membership`. */
export const membershipPageSchema = z.object({
  ...pageFields,
  page_slug: z.literal('membership'),
  content: membershipContentSchema,
});

/** Editable page content, document `page_content/{page_slug}`; content is a map whose shape depends on page_slug. Admins write it. */
export const pageContentSchema = z
  .discriminatedUnion('page_slug', [aboutPageSchema, membershipPageSchema])
  .describe('page_content');
/** A page_content document. */
export type PageContent = z.infer<typeof pageContentSchema>;
/** The page slugs that have content. */
export const PAGE_SLUGS = ['about', 'membership'] as const;
/** A page slug. */
export type PageSlug = (typeof PAGE_SLUGS)[number];

const free = PLAN_LIMITS.free;

/** Built-in membership content (the fixed plan prices and features), used when stored content is missing or invalid. */
export const DEFAULT_MEMBERSHIP_CONTENT: MembershipContent = {
  hero: {
    title: 'Choose Your Shelfmark Membership',
    description:
      'Start for free and share your books with readers. Upgrade to Premium when you are ready to list everything you write and reach more people.',
  },
  plans: [
    {
      type: 'free',
      name: 'Free',
      price: '$0',
      period: 'per month',
      description: 'Everything you need to get started.',
      popular: false,
      features: [
        'Public profile page',
        `Up to ${free.books} books`,
        `Up to ${free.products_services} products or services`,
        'Affiliate and purchase links',
        'Listing in the member directory',
      ],
    },
    {
      type: 'premium',
      name: 'Premium',
      price: '$5',
      period: 'per month',
      description: 'For authors and sellers who want to grow.',
      popular: true,
      // Only what the site does today: a benefit joins this list when it ships
      // (analytics and early access are still to come).
      features: [
        'Everything in Free',
        'Unlimited books',
        'Unlimited products and services',
        'Spotlight on the home page',
        `${TRIAL_DAYS}-day free trial`,
        'Cancel any time',
      ],
    },
  ],
  benefits: [
    {
      icon: 'BookOpen',
      title: 'Unlimited books',
      description: `List your whole catalogue, each book with up to ${MAX_PURCHASE_LINKS} purchase links.`,
    },
    {
      icon: 'Users',
      title: 'Unlimited products and services',
      description: 'Offer every product and service you sell in the marketplace.',
    },
    {
      icon: 'Star',
      title: 'Try it free',
      description: `Start with a ${TRIAL_DAYS}-day free trial, once per member; Stripe takes the card, never Shelfmark.`,
    },
    {
      icon: 'Crown',
      title: 'Cancel any time',
      description:
        'Manage or cancel your subscription from your account; Premium lasts to the end of what you paid.',
    },
  ],
  cta: {
    title: 'Ready to share your books?',
    description: 'Join Shelfmark for free today. You can upgrade to Premium at any time.',
  },
};

/** Built-in about content, used when stored content is missing or invalid. */
export const DEFAULT_ABOUT_CONTENT: AboutContent = {
  hero: {
    title: 'About Shelfmark',
    description:
      'Shelfmark brings book authors, book lovers and publishers together in one friendly community.',
  },
  mission: {
    title: 'Our Mission',
    content:
      'We help authors get their books in front of readers, help readers find their next favourite book, and help the people who make and sell books find each other.',
  },
  features: [
    {
      icon: 'BookOpen',
      title: 'Showcase your books',
      description:
        'A profile page for every member, with books, purchase links, free reading and audiobooks.',
    },
    {
      icon: 'Users',
      title: 'Meet the community',
      description: 'Browse the member directory and connect with authors, readers, marketers and publishers.',
    },
    {
      icon: 'Globe',
      title: 'A marketplace for books',
      description: 'Find editors, designers, book merchandise and rare editions, or post an ad of your own.',
    },
  ],
  vision: {
    title: 'Our Vision',
    content:
      'A place where every book can find its readers and every reader can find the people behind the books.',
    badges: ['Author-first', 'Reader-friendly', 'Community-driven'],
  },
  cta: {
    title: 'Join Shelfmark Today',
    description: 'Create your free profile and start sharing your books in minutes.',
  },
};

/** The page's content if stored, published and valid, else the built-in default (raw JSON edits that do not validate are ignored). */
export function resolveAboutContent(stored: unknown, isPublished = true): AboutContent {
  const parsed = aboutContentSchema.safeParse(stored);
  return isPublished && parsed.success ? parsed.data : DEFAULT_ABOUT_CONTENT;
}

/** The page's content if stored, published and valid, else the built-in default. */
export function resolveMembershipContent(stored: unknown, isPublished = true): MembershipContent {
  const parsed = membershipContentSchema.safeParse(stored);
  return isPublished && parsed.success ? parsed.data : DEFAULT_MEMBERSHIP_CONTENT;
}
