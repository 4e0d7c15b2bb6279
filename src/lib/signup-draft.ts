/**
 * The sign-up draft kept in localStorage, minus the
 * passwords: a password in localStorage is readable by any script on the origin
 * and outlives the session, so the draft keeps only what is safe to keep
 * (see docs/decisions.md).
 */
import type { UserCategory } from '../domain/accounts/profile.ts';

/** localStorage key of the draft. */
export const SIGNUP_DRAFT_KEY = 'shelfmark.signup-draft';

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1000;

/** The sign-up fields that survive a reload. */
export interface SignupDraft {
  /** Email typed so far. */
  email: string;
  /** Display name typed so far. */
  displayName: string;
  /** Chosen role. */
  role: UserCategory;
  /** Terms box. */
  agreedToTerms: boolean;
  /** Privacy box. */
  agreedToPrivacy: boolean;
}

/** The roles offered at sign-up, Book Author first (the default). Typed against the domain so they cannot drift. */
export const SIGNUP_ROLES = [
  'Book Author',
  'Book Lover/Marketer',
  'Publisher',
] as const satisfies readonly UserCategory[];

function isSignupDraft(value: unknown): value is SignupDraft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.email === 'string' &&
    typeof v.displayName === 'string' &&
    (SIGNUP_ROLES as readonly unknown[]).includes(v.role) &&
    typeof v.agreedToTerms === 'boolean' &&
    typeof v.agreedToPrivacy === 'boolean'
  );
}

/** True when the form holds something worth saving: email, display name or password filled. */
export function isWorthSaving(fields: { email: string; displayName: string; password: string }): boolean {
  return fields.email !== '' || fields.displayName !== '' || fields.password !== '';
}

/** The stored draft; an unparsable one is dropped silently. */
export function loadDraft(): SignupDraft | null {
  const raw = localStorage.getItem(SIGNUP_DRAFT_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isSignupDraft(value)) return value;
  } catch {
    // fall through: dropped below
  }
  localStorage.removeItem(SIGNUP_DRAFT_KEY);
  return null;
}

/** Saves the draft (never a password: the type has no field for it). */
export function saveDraft(draft: SignupDraft): void {
  const { email, displayName, role, agreedToTerms, agreedToPrivacy } = draft;
  localStorage.setItem(
    SIGNUP_DRAFT_KEY,
    JSON.stringify({ email, displayName, role, agreedToTerms, agreedToPrivacy }),
  );
}

/** Forgets the draft (after a successful sign-up). */
export function clearDraft(): void {
  localStorage.removeItem(SIGNUP_DRAFT_KEY);
}
