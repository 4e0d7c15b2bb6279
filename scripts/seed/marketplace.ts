// Products/services and classified ads from approved members, within plan limits.
import { CONDITIONS, CONTACT_METHODS, CURRENCIES } from '../../src/domain/items/marketplace.ts';
import { PLAN_LIMITS } from '../../src/domain/items/plan-limits.ts';
import { AD_TEMPLATES, SERVICE_CATEGORIES } from './ad-templates.ts';
import { type SeedDoc, dateAfter, streamFor } from './context.ts';
import type { Member } from './members.ts';
import type { Random } from './prng.ts';
import { CITIES, PRODUCT_ITEMS, SERVICE_ITEMS } from './words.ts';

/** How many products/services a member lists: demo accounts fixed, others by category and plan. */
function listingCountFor(member: Member, rng: Random): number {
  if (member.uid === 'demo-reader') return 3;
  if (member.uid === 'demo-author') return 4;
  if (member.uid === 'demo-publisher') return 1;
  if (member.admin) return 0;
  if (member.approval !== 'approved') return 0;
  const wanted =
    member.category === 'Book Lover/Marketer'
      ? rng.int(1, 3)
      : rng.chance(0.4)
        ? rng.int(1, member.plan === 'premium' ? 5 : 2)
        : 0;
  return Math.min(wanted, PLAN_LIMITS[member.plan].products_services);
}

function contactInfo(method: string, member: Member, rng: Random): string {
  switch (method) {
    case 'email':
      return `${member.pageSlug}@example.com`;
    case 'phone':
      return `+1 555 01${rng.int(10, 99)} ${rng.int(1000, 9999)}`;
    case 'website':
      return `https://www.${member.pageSlug}.example.com/contact`;
    default:
      return 'Send me a message on Shelfmark';
  }
}

/** Products and services; lovers/marketers lean to services, authors and publishers to products. */
export function generateProductsServices(members: readonly Member[]): SeedDoc[] {
  const rng = streamFor('products_services');
  const docs: SeedDoc[] = [];
  for (const member of members) {
    const count = listingCountFor(member, rng);
    for (let i = 0; i < count; i++) {
      const service = member.category === 'Book Lover/Marketer' ? rng.chance(0.75) : rng.chance(0.35);
      const item = rng.pick(service ? SERVICE_ITEMS : PRODUCT_ITEMS);
      const currency = rng.chance(0.7) ? 'USD' : rng.pick(CURRENCIES);
      const amount = service ? rng.int(4, 60) * 10 : rng.price(6, 45);
      const symbol = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$' }[currency];
      const price =
        service && rng.chance(0.3)
          ? `from ${symbol}${amount}`
          : `${symbol}${amount.toFixed(amount % 1 ? 2 : 0)}`;
      const createdAt = dateAfter(rng, member.createdAt);
      docs.push({
        collection: 'products_services',
        id: rng.autoId(),
        data: {
          user_id: member.uid,
          title: item.title,
          description: item.desc,
          category: service ? 'service' : 'product',
          subcategory: item.sub,
          price,
          price_numeric: amount,
          currency,
          condition: service ? null : 'new',
          contact_info: contactInfo(rng.pick(['email', 'website', 'message']), member, rng),
          image_url: null,
          website_url: rng.chance(0.6) ? `https://www.${member.pageSlug}.example.com/shop` : null,
          tags: [...item.tags],
          // One listing is disabled by an admin, so the owner/admin-only view has something to show.
          is_active: !(member.uid === 'demo-author' && i === 3),
          is_featured: rng.chance(0.15),
          views_count: rng.int(0, 400),
          created_at: createdAt,
          updated_at: createdAt,
        },
      });
    }
  }
  return docs;
}

/** One ad per template, posted by approved, active members; a few ads are inactive. */
export function generateClassifiedAds(members: readonly Member[]): SeedDoc[] {
  const rng = streamFor('classified_ads');
  const sellers = members.filter((m) => m.approval === 'approved' && m.active);
  return AD_TEMPLATES.map((template, i) => {
    // The demo reader posts the first ads so "my ads" (edit, delete) is easy to try.
    const seller = i < 2 ? (members.find((m) => m.uid === 'demo-reader') as Member) : rng.pick(sellers);
    const isService = SERVICE_CATEGORIES.has(template.category);
    const method = rng.pick(CONTACT_METHODS);
    const createdAt = dateAfter(rng, seller.createdAt);
    const id = rng.autoId();
    const { contact_info, ...data } = {
      user_id: seller.uid,
      title: template.title,
      description: template.description,
      category: template.category,
      subcategory: template.subcategory,
      price: template.price ? rng.int(template.price[0], template.price[1]) : null,
      currency: rng.chance(0.75) ? 'USD' : rng.pick(CURRENCIES),
      condition: isService ? null : rng.pick(CONDITIONS),
      location: rng.chance(0.8) ? rng.pick(CITIES) : null,
      contact_method: method,
      // Drawn here, in the order of the fields, so the seed's other values stay the same.
      contact_info: method === 'message' ? null : contactInfo(method, seller, rng),
      is_service: isService,
      tags: template.tags,
      is_active: i % 9 !== 4,
      is_featured: i % 7 === 0,
      views_count: rng.int(0, 250),
      created_at: createdAt,
      updated_at: null,
    };
    // The contact details live in the ad's member-only subdocument, never on the ad.
    return { collection: 'classified_ads' as const, id, data, private: { contact: { contact_info } } };
  });
}
