// Members: the five demo accounts plus generated members covering every
// category, approval state, activity state and plan.
import { directoryFields } from '../../src/domain/accounts/directory.ts';
import type {
  ApprovalStatus,
  ProfileRole,
  SocialLinks,
  SubscriptionStatus,
  UserCategory,
} from '../../src/domain/accounts/profile.ts';
import { profileSlug, uniqueSlug } from '../../src/domain/shared/slug.ts';
import { DEMO_PASSWORD, demoAccount } from './accounts.ts';
import { type SeedContext, daysAgo, streamFor } from './context.ts';
import type { Random } from './prng.ts';
import { DEMO_PROMOTION_CODE } from './promotion.ts';
import { avatarSvg, imageSpec } from './svg.ts';
import {
  ANNOUNCEMENTS,
  AUTHOR_ABOUTS,
  CITIES,
  EVENTS,
  FIRST_NAMES,
  LAST_NAMES,
  PUBLISHER_ABOUTS,
  PUBLISHER_NAMES,
  READER_ABOUTS,
  SOCIAL_HANDLES,
} from './words.ts';

/** Everything the other generators need to know about a member. */
export interface Member {
  uid: string;
  email: string;
  displayName: string;
  pageSlug: string;
  category: UserCategory;
  role: ProfileRole;
  approval: ApprovalStatus;
  active: boolean;
  plan: SubscriptionStatus;
  admin: boolean;
  emailVerified: boolean;
  createdAt: Date;
  /** Profile fields except book_count, which is set once the books exist. */
  profile: Record<string, unknown>;
}

interface MemberPlan {
  uid: string;
  email: string;
  displayName?: string;
  slug?: string;
  category: UserCategory;
  role?: ProfileRole;
  approval: ApprovalStatus;
  active: boolean;
  plan: SubscriptionStatus;
  admin?: boolean;
  /** Days before the reference date the member joined. */
  joinedDaysAgo?: number;
}

const A: UserCategory = 'Book Author';
const L: UserCategory = 'Book Lover/Marketer';
const P: UserCategory = 'Publisher';

/** Generated members as [category, approval, active, plan]; mostly approved and active so pages have content. */
const GENERATED: ReadonlyArray<[UserCategory, ApprovalStatus, boolean, SubscriptionStatus]> = [
  [A, 'approved', true, 'premium'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'premium'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'premium'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'premium'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'premium'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'free'],
  [A, 'approved', true, 'premium'],
  [A, 'approved', false, 'free'],
  [A, 'pending', true, 'free'],
  [A, 'denied', true, 'free'],
  [A, 'approved', true, 'free'],
  [P, 'approved', true, 'premium'],
  [P, 'approved', true, 'free'],
  [P, 'approved', true, 'premium'],
  [P, 'approved', true, 'free'],
  [P, 'approved', false, 'premium'],
  [P, 'pending', true, 'free'],
  [P, 'approved', true, 'free'],
  [L, 'approved', true, 'free'],
  [L, 'approved', true, 'premium'],
  [L, 'approved', true, 'free'],
  [L, 'approved', true, 'free'],
  [L, 'approved', true, 'free'],
  [L, 'approved', false, 'free'],
  [L, 'pending', true, 'free'],
  [L, 'denied', true, 'free'],
  [L, 'approved', true, 'premium'],
  [L, 'approved', true, 'free'],
  [L, 'approved', true, 'free'],
];

function demoPlans(): MemberPlan[] {
  const demo = (uid: string) => ({ uid, email: demoAccount(uid).email });
  return [
    {
      ...demo('demo-admin'),
      displayName: 'Shelfmark Team',
      slug: 'shelfmark-team',
      category: A,
      role: 'Admin',
      approval: 'approved',
      active: true,
      plan: 'premium',
      admin: true,
      joinedDaysAgo: 760,
    },
    {
      ...demo('demo-author'),
      displayName: 'Margot Ellery',
      category: A,
      role: 'Book Author',
      approval: 'approved',
      active: true,
      plan: 'premium',
      joinedDaysAgo: 700,
    },
    {
      ...demo('demo-reader'),
      displayName: 'Jamie Okonkwo',
      category: L,
      role: 'Book Lover/Marketer',
      approval: 'approved',
      active: true,
      plan: 'free',
      joinedDaysAgo: 420,
    },
    {
      ...demo('demo-publisher'),
      displayName: 'Foxglove & Finch Press',
      category: P,
      role: 'User',
      approval: 'approved',
      active: true,
      plan: 'free',
      joinedDaysAgo: 380,
    },
    {
      ...demo('demo-pending'),
      displayName: 'Pat Newcombe',
      category: A,
      role: 'User',
      approval: 'pending',
      active: true,
      plan: 'free',
      joinedDaysAgo: 2,
    },
  ];
}

function fill(template: string, rng: Random, kind: string): string {
  return template.replace('{city}', rng.pick(CITIES)).replace('{kind}', kind);
}

const KINDS: Record<UserCategory, readonly string[]> = {
  'Book Author': [
    'literary fiction',
    'cosy mysteries',
    'epic fantasy',
    'historical novels',
    'narrative non-fiction',
    'thrillers',
    'picture books',
  ],
  'Book Lover/Marketer': ['crime fiction', 'romance', 'science fiction', 'memoirs', 'literary fiction'],
  Publisher: ['literary fiction and poetry', 'crime and suspense', 'nature writing', 'young adult fiction'],
};

function socialLinks(rng: Random, slug: string, category: UserCategory): SocialLinks {
  const handle = `${slug.replace(/-/g, '')}${category === P ? '' : rng.pick(SOCIAL_HANDLES)}`;
  const links: SocialLinks = { website: `https://www.${slug}.example.com` };
  const networks = rng.sample(
    [
      'instagram',
      'twitter',
      'facebook',
      'goodreads',
      'substack',
      'linkedin',
      'youtube',
      'tiktok',
      'medium',
    ] as const,
    rng.int(1, 4),
  );
  for (const network of networks) {
    links[network] =
      network === 'substack'
        ? `https://${handle}.substack.example.com`
        : `https://${network}.example.com/${handle}`;
  }
  // A few members have no website, so the directory's website button has both states.
  if (rng.chance(0.15)) delete links.website;
  return links;
}

/** Builds every member with fixed uids, unique slugs and join dates spread over about two years. */
export function generateMembers(ctx: SeedContext): Member[] {
  const rng = streamFor('members');
  const firstNames = rng.shuffle(FIRST_NAMES);
  const lastNames = rng.shuffle(LAST_NAMES);
  const publisherNames = rng.shuffle(PUBLISHER_NAMES);
  let person = 0;
  let publisher = 0;

  const plans: MemberPlan[] = [
    ...demoPlans(),
    ...GENERATED.map(([category, approval, active, plan], i) => {
      const n = String(i + 1).padStart(2, '0');
      return { uid: `member-${n}`, email: `member${n}@shelfmark.test`, category, approval, active, plan };
    }),
  ];

  const taken = new Set<string>();
  return plans.map((plan) => {
    const displayName =
      plan.displayName ??
      (plan.category === P
        ? (publisherNames[publisher++] as string)
        : `${firstNames[person] as string} ${lastNames[person++] as string}`);
    const pageSlug = plan.slug ?? uniqueSlug(profileSlug(displayName), (s) => taken.has(s));
    taken.add(pageSlug);
    // Pending members joined recently; the rest anywhere in the last two years.
    const joined = plan.joinedDaysAgo ?? (plan.approval === 'pending' ? rng.int(1, 10) : rng.int(20, 730));
    const createdAt = daysAgo(joined, rng.int(0, 1439));
    const role: ProfileRole =
      plan.role ?? (rng.chance(0.35) && plan.category !== P ? (plan.category as ProfileRole) : 'User');
    const kind = rng.pick(KINDS[plan.category]);
    const aboutTemplates =
      plan.category === A ? AUTHOR_ABOUTS : plan.category === P ? PUBLISHER_ABOUTS : READER_ABOUTS;
    const hasImage = plan.admin || plan.uid.startsWith('demo-') || rng.chance(0.85);
    const profileImage = hasImage
      ? ctx.addImage(imageSpec('profiles', plan.uid, avatarSvg(displayName, rng.int(0, 359)), 256, 256))
      : null;
    const events =
      rng.chance(0.45) || plan.uid === 'demo-author' ? rng.sample(EVENTS, rng.int(1, 3)).join('\n') : null;

    // Drawn in the same order as before these fields were named, so the demo data did not change.
    const pageTitle = rng.chance(0.3)
      ? `${displayName} | ${plan.category === P ? 'Independent Press' : plan.category}`
      : null;
    const aboutMe = plan.admin
      ? 'The team behind Shelfmark. We look after the community, approve new members and share news about books, events and the platform.'
      : fill(rng.pick(aboutTemplates), rng, kind);

    const profile: Record<string, unknown> = {
      user_id: plan.uid,
      page_slug: pageSlug,
      page_title: pageTitle,
      display_name: displayName,
      role,
      category: plan.category,
      profile_image: profileImage,
      about_me: aboutMe,
      special_announcement: plan.admin
        ? `Welcome to Shelfmark! Our holiday promotion is on: use code ${DEMO_PROMOTION_CODE} when you upgrade to Premium.`
        : rng.chance(0.45) || plan.uid === 'demo-author'
          ? rng.pick(ANNOUNCEMENTS)
          : null,
      upcoming_events: plan.admin
        ? 'Virtual author meetup, first Thursday of every month\nHoliday reading challenge kicks off 1 December'
        : events,
      social_links: plan.admin
        ? {
            website: 'https://www.shelfmark.example.com',
            instagram: 'https://instagram.example.com/shelfmark',
            substack: 'https://shelfmark.substack.example.com',
          }
        : socialLinks(rng, pageSlug, plan.category),
      subscription_status: plan.plan,
      approval_status: plan.approval,
      is_active: plan.active,
      created_at: createdAt,
      updated_at: createdAt,
      // What the profileDirectoryFields trigger would write, so the directory's search and name order work at once.
      ...directoryFields({ display_name: displayName, category: plan.category, about_me: aboutMe }),
    };

    return {
      uid: plan.uid,
      email: plan.email,
      displayName,
      pageSlug,
      category: plan.category,
      role,
      approval: plan.approval,
      active: plan.active,
      plan: plan.plan,
      admin: plan.admin ?? false,
      // One generated pending member has not verified yet, so the admin list shows both states.
      emailVerified: plan.uid !== 'member-31',
      createdAt,
      profile,
    };
  });
}

/** The Firebase Auth users for the members (one shared demo password). */
export function authUsers(members: readonly Member[]) {
  return members.map((m) => ({
    uid: m.uid,
    email: m.email,
    password: DEMO_PASSWORD,
    displayName: m.displayName,
    emailVerified: m.emailVerified,
    admin: m.admin,
  }));
}
