/**
 * What the classified ad page shows, decided without Firebase: labels, the
 * price line and how the seller may be contacted. Email and phone details are
 * shown only to signed-in members (the page's HTML, cached for everyone,
 * never contains them); a website contact is a plain outbound link.
 */
import type { ClassifiedAd } from './classified-ad.ts';
import { HTTP_URL_PATTERN_SOURCE } from '../shared/common.ts';
import {
  CONTACT_METHOD_OPTIONS,
  categoryLabel,
  conditionLabel,
  listingPriceText,
} from '../items/marketplace.ts';

/** The page for an unknown, hidden or malformed ad. */
export const AD_NOT_FOUND = {
  title: 'Classified Ad Not Found',
  detail: 'This ad does not exist or is no longer available.',
  back: 'Back to Marketplace',
};

/** The toast (title 'Error') when an ad could not be loaded; the visitor is then taken back to the marketplace. */
export const AD_LOAD_FAILED = 'Failed to load classified ad.';

/** The admin's Featured switch on an ad's page ('Featured First' in the marketplace lists featured ads first). */
export const AD_FEATURED_TEXT = {
  label: 'Featured',
  hint: "The marketplace's 'Featured First' sort lists featured ads first.",
  featured: 'The ad is now featured.',
  unfeatured: 'The ad is no longer featured.',
  failed: 'Failed to update classified ad.',
};

/**
 * The admin's Active switch of an ad (the dashboard's Classified Ads): an ad
 * switched off leaves the marketplace, search and its page for everyone but its
 * seller and admins.
 */
export const AD_ACTIVE_TEXT = {
  label: 'Active',
  hint: 'Off hides the ad from the marketplace, search and its page; its seller still sees it.',
  saving: 'Saving…',
  on: (title: string) => `“${title}” is active again: it is back in the marketplace.`,
  off: (title: string) =>
    `“${title}” is switched off: it is hidden from the marketplace, search and its page.`,
  failed: 'Failed to update classified ad.',
};

/** The price line of an ad: 'Free', '£85.00' or 'Contact for Pricing'. */
export function adPriceText(ad: Pick<ClassifiedAd, 'price' | 'currency'>): string {
  return listingPriceText(ad);
}

/** 'Storage & Organization › Bookshelves'. */
export function adCategoryText(ad: Pick<ClassifiedAd, 'category' | 'subcategory'>): string {
  return ad.subcategory
    ? `${categoryLabel(ad.category)} › ${categoryLabel(ad.subcategory)}`
    : categoryLabel(ad.category);
}

/** The condition label, or null when not specified. */
export function adConditionText(ad: Pick<ClassifiedAd, 'condition'>): string | null {
  return ad.condition ? conditionLabel(ad.condition) : null;
}

/** How the page offers contact. */
export type AdContact =
  /** An outbound link to the seller's site. */
  | { kind: 'website'; label: string; href: string }
  /** Email or phone details, revealed to signed-in members only. */
  | { kind: 'members-only'; label: string }
  /** A message relayed by the platform. */
  | { kind: 'message'; label: string };

const HTTP_URL = new RegExp(HTTP_URL_PATTERN_SOURCE, 'u');

/** True when the address parses and names a host with a dot ('shop.example.com'), so junk never becomes a link. */
function hasWebHost(href: string): boolean {
  try {
    return new URL(href).hostname.includes('.');
  } catch {
    return false;
  }
}

/** How a buyer reaches the seller of this ad. A website contact without a usable http(s) address falls back to a platform message. */
export function adContact(
  ad: Pick<ClassifiedAd, 'contact_method'> & { contact_info: string | null | undefined },
): AdContact {
  const label =
    CONTACT_METHOD_OPTIONS.find((option) => option.value === ad.contact_method)?.label ?? ad.contact_method;
  const info = (ad.contact_info ?? '').trim();
  if (ad.contact_method === 'website') {
    const href = /^https?:\/\//i.test(info) ? info : `https://${info}`;
    if (info !== '' && HTTP_URL.test(href) && hasWebHost(href)) return { kind: 'website', label, href };
    return { kind: 'message', label: 'Platform Message' };
  }
  if (ad.contact_method === 'email' || ad.contact_method === 'phone') {
    return info === '' ? { kind: 'message', label: 'Platform Message' } : { kind: 'members-only', label };
  }
  return { kind: 'message', label };
}
