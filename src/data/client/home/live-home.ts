/**
 * Live home data: realtime subscriptions to
 * site_settings/main and the featured_books collection with the full web SDK
 * (Firestore Lite has no listeners). Loaded only by the home page's live-refresh
 * script, after the page is idle and the visitor interacts (docs/decisions.md).
 */
import { collection, doc, getDoc, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import { bookSchema } from '../../../domain/books/book.ts';
import { FEATURED_BOOK_SLOTS, featuredBookSchema, toSlots } from '../../../domain/home/featured.ts';
import {
  resolveSiteSettings,
  siteSettingsSchema,
  type ResolvedSiteSettings,
} from '../../../domain/site/site-settings.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { realtimeDb as db } from '../shared/firestore-realtime.ts';
import { SITE_SETTINGS_DOC_ID } from '../../../domain/shared/collections.ts';

/** What a featured-book slot shows. */
export interface FeaturedBookCard {
  /** Book id, for /book/{id}. */
  id: string;
  /** Title. */
  title: string;
  /** Cover URL or null for the placeholder. */
  cover_image: string | null;
}

/** Calls `onChange` with the resolved settings now and on every change; errors are only logged. */
export function watchSiteSettings(onChange: (settings: ResolvedSiteSettings) => void): Unsubscribe {
  return onSnapshot(
    doc(db(), 'site_settings', SITE_SETTINGS_DOC_ID),
    (snap) => {
      // Invalid settings are logged and the defaults shown, as on the server.
      onChange(resolveSiteSettings(snap.exists() ? tryParseDoc(siteSettingsSchema, snap) : null));
    },
    (error) => console.error('Site settings subscription failed.', error),
  );
}

/** A book as a slot card, or null when it is missing, inactive (rules refuse the read) or invalid. */
async function loadCard(bookId: string): Promise<FeaturedBookCard | null> {
  try {
    const snap = await getDoc(doc(db(), 'books', bookId));
    if (!snap.exists()) return null;
    const book = tryParseDoc(bookSchema, snap);
    return book?.is_active ? { id: book.id, title: book.title, cover_image: book.cover_image || null } : null;
  } catch {
    return null;
  }
}

/**
 * Calls `onChange` with the twelve featured-book slots now and whenever
 * featured_books changes. Each change re-reads the featured books (at most
 * twelve gets); a result that arrives after a newer change is dropped.
 */
export function watchFeaturedBooks(onChange: (slots: (FeaturedBookCard | null)[]) => void): Unsubscribe {
  let latest = 0;
  return onSnapshot(
    collection(db(), 'featured_books'),
    async (snap) => {
      const run = ++latest;
      const entries = parseDocs(featuredBookSchema, snap.docs);
      const slots = toSlots(entries, FEATURED_BOOK_SLOTS);
      const ids = [...new Set(slots.flatMap((s) => (s ? [s.book_id] : [])))];
      const cards = new Map(await Promise.all(ids.map(async (id) => [id, await loadCard(id)] as const)));
      if (run === latest) onChange(slots.map((slot) => (slot ? (cards.get(slot.book_id) ?? null) : null)));
    },
    (error) => console.error('Featured books subscription failed.', error),
  );
}
