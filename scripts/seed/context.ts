// Shared pieces of the deterministic generator: the fixed clock, the random
// streams and the collected image specs.
import type { CollectionName } from '../../src/domain/shared/collections.ts';
import { Random } from './prng.ts';
import type { ImageSpec } from './svg.ts';

/**
 * "Now" for the demo data. Dates are computed back from this fixed point, not
 * from Date.now(), so two seeds write identical documents.
 */
export const REFERENCE_DATE = new Date(Date.UTC(2026, 10, 1, 12, 0, 0));

const DAY_MS = 86_400_000;

/** The moment `days` days (plus `minutes`) before the reference date. */
export function daysAgo(days: number, minutes = 0): Date {
  return new Date(REFERENCE_DATE.getTime() - days * DAY_MS - minutes * 60_000);
}

/** A moment between `from` and the reference date (exclusive), chosen by rng. */
export function dateAfter(rng: Random, from: Date, maxDays?: number): Date {
  const span = Math.max(1, Math.floor((REFERENCE_DATE.getTime() - from.getTime()) / 60_000) - 1);
  const limit = maxDays === undefined ? span : Math.min(span, maxDays * 24 * 60);
  return new Date(from.getTime() + rng.int(1, limit) * 60_000);
}

/** A Firestore document the seed will write; `data` excludes the id, like a converter's write data. */
export interface SeedDoc {
  collection: CollectionName;
  id: string;
  data: Record<string, unknown>;
  /** Documents under `{collection}/{id}/private/{name}`, by name (an ad's member-only contact details). */
  private?: Record<string, Record<string, unknown>>;
}

/** A Firebase Auth user the seed will create. */
export interface SeedUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  emailVerified: boolean;
  /** Sets the custom claim { admin: true }. */
  admin: boolean;
}

/** State threaded through the generators. */
export interface SeedContext {
  /** Public URL of a media path (the store decides the form). */
  mediaUrl: (path: string) => string;
  /** Images the generators asked for; rendered and stored after generation. */
  images: ImageSpec[];
  /** Adds an image and returns its public URL. */
  addImage: (spec: ImageSpec) => string;
}

/** A fresh context. */
export function createContext(mediaUrl: (path: string) => string): SeedContext {
  const images: ImageSpec[] = [];
  return {
    mediaUrl,
    images,
    addImage(spec) {
      images.push(spec);
      return mediaUrl(spec.path);
    },
  };
}

/**
 * A random stream per generator, so adding data to one collection does not
 * reshuffle every other collection.
 */
export function streamFor(name: string): Random {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return new Random(hash >>> 0);
}
