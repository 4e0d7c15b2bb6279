/**
 * Applies live site settings (the promotion card included) and featured books to the pre-rendered home page.
 * The server markup is the source of truth for how things look: a changed
 * featured-book slot is cloned from the <template>s the page renders with the
 * same components, so nothing here duplicates markup. Slots no admin book fills
 * keep the build's Spotlight books (the grid's data-spotlight), filled by the
 * same rule as on the server, so a featured change never wipes them.
 */
import {
  watchFeaturedBooks,
  watchSiteSettings,
  type FeaturedBookCard,
} from '../../data/client/home/live-home.ts';
import { featuredBooksFingerprint, promotionCardChange } from '../../domain/home/home.ts';
import type { ResolvedSiteSettings } from '../../domain/site/site-settings.ts';
import { fillSpotlightSlots, type FilledSlot } from '../../domain/home/spotlight.ts';

const PLACEHOLDER_COVER = '/placeholder-cover.svg';

function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function applySettings(settings: ResolvedSiteSettings): void {
  // data-live hooks are set in src/components/site/Header.astro.
  setText(document.querySelector('[data-live="header-title"]'), settings.site_title);
  setText(document.querySelector('[data-live="header-description"]'), settings.header_description);
  for (const el of document.querySelectorAll('[data-live="site-title"]')) setText(el, settings.site_title);
  for (const el of document.querySelectorAll('[data-live="hero-description"]'))
    setText(el, settings.hero_description);
  const link = document.querySelector<HTMLAnchorElement>('[data-live="website-url"]');
  if (link && link.getAttribute('href') !== settings.website_url) {
    link.href = settings.website_url;
    link.textContent = settings.website_url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  }
  // The home page's title is the site title alone (BaseLayout).
  if (document.title !== settings.site_title) document.title = settings.site_title;
  applyPromotion(settings.promotion_code);
}

/** Adds, renames or removes the holiday promotion card: it shows only while a code is set. */
export function applyPromotion(code: string | null): void {
  const events = document.querySelector('[data-live="events"]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-live-template="promotion"]');
  if (!events || !template) return;
  const card = events.querySelector('[data-live="promotion"]');
  const shown = card?.querySelector('[data-promotion-code]')?.textContent ?? null;
  const change = promotionCardChange(card ? shown : null, code);
  if (change === 'remove') card?.remove();
  if (change === 'rename' && card) setText(card.querySelector('[data-promotion-code]'), code ?? '');
  if (change === 'add' && code !== null) {
    const content = template.content.cloneNode(true) as DocumentFragment;
    setText(content.querySelector('[data-promotion-code]'), code);
    events.append(content);
  }
}

interface SlotTemplates {
  book: HTMLTemplateElement;
  spotlight: HTMLTemplateElement;
  empty: HTMLTemplateElement;
}

function renderSlot(slot: FilledSlot<FeaturedBookCard> | null, templates: SlotTemplates): Node {
  const item = document.createElement('li');
  const template = slot ? (slot.spotlight ? templates.spotlight : templates.book) : templates.empty;
  const content = template.content.cloneNode(true) as DocumentFragment;
  const card = slot?.book;
  if (card) {
    content
      .querySelector<HTMLAnchorElement>('[data-slot-link]')
      ?.setAttribute('href', `/book/${encodeURIComponent(card.id)}`);
    const cover = content.querySelector<HTMLImageElement>('[data-slot-cover]');
    if (cover) {
      // The slot markup's picture waits for the after-paint loader (FallbackImage.astro);
      // the page has painted by now, so the cover loads at once and the loader must not
      // put the template's placeholder back when the slot is inserted.
      cover.removeAttribute('data-src');
      cover.removeAttribute('data-srcset');
      cover.setAttribute('src', card.cover_image || PLACEHOLDER_COVER);
    }
    const title = content.querySelector('[data-slot-title]');
    setText(title, card.title);
    title?.setAttribute('title', card.title);
  }
  item.append(content);
  return item;
}

/** A card as the build rendered it into data-spotlight; anything else is dropped. */
function isCard(value: unknown): value is FeaturedBookCard {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card.id === 'string' &&
    card.id !== '' &&
    typeof card.title === 'string' &&
    (card.cover_image === null || typeof card.cover_image === 'string')
  );
}

/** The build's Spotlight books, in slot order (index.astro renders them on the grid). */
function spotlightCards(grid: HTMLElement): FeaturedBookCard[] {
  try {
    const parsed: unknown = JSON.parse(grid.dataset.spotlight ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isCard) : [];
  } catch {
    return [];
  }
}

function applyFeaturedBooks(adminSlots: (FeaturedBookCard | null)[]): void {
  const grid = document.querySelector<HTMLElement>('[data-live="featured-books"]');
  const template = (name: string) =>
    document.querySelector<HTMLTemplateElement>(`template[data-live-template="${name}"]`);
  const book = template('book-slot');
  const spotlight = template('spotlight-slot');
  const empty = template('empty-slot');
  if (!grid || !book || !spotlight || !empty) return;
  const slots = fillSpotlightSlots(adminSlots, spotlightCards(grid));
  const next = featuredBooksFingerprint(
    slots.map((slot) => (slot ? { ...slot.book, spotlight: slot.spotlight } : null)),
  );
  if (grid.dataset.fingerprint === next) return;
  grid.dataset.fingerprint = next;
  grid.replaceChildren(...slots.map((slot) => renderSlot(slot, { book, spotlight, empty })));
}

/** Subscribes to site settings and featured books for as long as the page is open. */
export function startLiveHome(): void {
  watchSiteSettings(applySettings);
  watchFeaturedBooks(applyFeaturedBooks);
}
