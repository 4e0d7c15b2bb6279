/**
 * Pure decisions behind the `saveProfile` function: which fields really
 * changed, whether the editor's copy is stale, which images a profile may
 * point at, and readable messages for a refused request. No Firebase here, so
 * the rules are unit-tested with plain values.
 */
import type { z } from 'zod';
import {
  mediaReferenceVerdict,
  parseUploadUrl,
  uploadFolderOf,
  type MediaReferenceVerdict,
} from '../media/media-image.ts';
import type { ProfileRole } from './profile.ts';
import { signupRequestSchema } from './signup.ts';

/** 'Display name' from 'display_name'. */
function humanize(key: string | number | symbol | undefined): string {
  if (typeof key !== 'string' || key === '') return 'Value';
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where in a save request an issue sits, in words: 'Display name', 'Social link (website)', 'Title'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const [section, key, index] = path;
  if (section === 'profile' && key === 'social_links' && typeof index === 'string')
    return `Social link (${index})`;
  if ((section === 'profile' || section === 'admin') && typeof key === 'string') return humanize(key);
  return path.length === 0 ? 'Request' : humanize(section);
}

/** The first issue of a failed validation as '<field>: <message>', for the 'Failed to save profile: {message}' toast. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  return `${fieldLabel(issue.path)}: ${issue.message}`;
}

/** True for the values an optional field treats as "nothing": absent, null or ''. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Deep equality of stored and requested field values; absent, null and '' count as the same "nothing", also inside maps. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameValue(item, b[i]))
    );
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  return a === b;
}

/** The requested fields whose value differs from the stored one (only these are written). */
export function changedFields<T extends Record<string, unknown>>(
  stored: Record<string, unknown>,
  requested: T,
): Partial<T> {
  const changed: Partial<T> = {};
  for (const [key, value] of Object.entries(requested)) {
    if (value !== undefined && !sameValue(stored[key], value))
      (changed as Record<string, unknown>)[key] = value;
  }
  return changed;
}

/**
 * True when the profile still has the `updated_at` the editor loaded: both
 * absent, or the same instant to the millisecond (ISO strings carry no more).
 */
export function sameUpdatedAt(storedMillis: number | null, expectedIso: string | null): boolean {
  if (storedMillis === null || expectedIso === null) return storedMillis === null && expectedIso === null;
  return Date.parse(expectedIso) === storedMillis;
}

/** The new updated_at: now, but always later than the stored one, so every save gives the editor a new version to expect. */
export function nextUpdatedAt(nowMillis: number, storedMillis: number | null): number {
  return storedMillis === null ? nowMillis : Math.max(nowMillis, storedMillis + 1);
}

/** Why a profile_image value is refused, or 'ok'. */
export type ProfileImageVerdict = MediaReferenceVerdict;

/**
 * A picture field (profile_image, a cover, a product or ad photo) may keep the
 * value it already has, or take any value `mediaReferenceVerdict` accepts for
 * its member: nothing, an https URL outside the media store, or the member's
 * own upload (`/media/{uid}/…`). Another member's upload is refused, so nobody
 * can adopt a file whose removal they would later trigger.
 */
export function profileImageVerdict(
  next: string | null | undefined,
  stored: string | null | undefined,
  uid: string,
): ProfileImageVerdict {
  if (isEmpty(next) || next === stored) return 'ok';
  return mediaReferenceVerdict(next, uid);
}

/** The upload folder to remove after a save replaced `stored` with `next`: only the member's own uploads, else null. */
export function replacedUploadOf(
  stored: string | null | undefined,
  next: string | null | undefined,
  uid: string,
): string | null {
  if (next === undefined || sameValue(stored, next)) return null;
  const upload = parseUploadUrl(stored);
  return upload !== null && upload.uid === uid ? uploadFolderOf(stored) : null;
}

/** How the `admin` claim follows a role change: true to set it, false to clear it, undefined to leave it. */
export function adminClaimChange(
  storedRole: ProfileRole | string | null | undefined,
  nextRole: ProfileRole | undefined,
): boolean | undefined {
  if (nextRole === undefined || nextRole === storedRole) return undefined;
  if (nextRole === 'Admin') return true;
  return storedRole === 'Admin' ? false : undefined;
}

/** The name a starting profile gets when none was typed: 'Member'. */
export const FALLBACK_DISPLAY_NAME = 'Member';

/**
 * The display name for a profile created after the fact (an account without
 * one): the Auth user's name, else the email's local part, the first that
 * sign-up would accept; else FALLBACK_DISPLAY_NAME. The member can change it in
 * the editor that opens next.
 */
export function startingDisplayName(
  authName: string | null | undefined,
  email: string | null | undefined,
): string {
  const candidates = [authName, email?.split('@')[0]];
  for (const candidate of candidates) {
    const parsed = signupRequestSchema.shape.display_name.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  return FALLBACK_DISPLAY_NAME;
}

/** True for a value usable as a uid in a document path and a media folder: no '/', not '.' or '..'. */
export function isPathSafeId(id: string): boolean {
  return !id.includes('/') && id !== '.' && id !== '..';
}
