import { MAX_UPLOAD_BYTES } from '../media/image-upload.ts';
import { z } from 'zod';
import {
  TEXT_LIMITS,
  idSchema,
  nonNegativeInt,
  optionalText,
  optionalUrl,
  optionalMediaPathOrHttpsUrl,
  timestampSchema,
} from '../shared/common.ts';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../shared/list-search.ts';
import { PAGE_SLUG_PATTERN } from '../shared/slug.ts';

/** The category a member picks at sign-up ("I am a …"). */
export const USER_CATEGORIES = ['Book Author', 'Book Lover/Marketer', 'Publisher'] as const;
/** Zod enum of USER_CATEGORIES. */
export const userCategorySchema = z.enum(USER_CATEGORIES);
/** A member category. */
export type UserCategory = z.infer<typeof userCategorySchema>;

/**
 * Role values seen on profiles. 'Admin' here is only a mirror for display:
 * the real admin right is the Firebase Auth custom claim `admin: true`.
 */
export const PROFILE_ROLES = ['User', 'Admin', 'Book Author', 'Author', 'Book Lover/Marketer'] as const;
/** Zod enum of PROFILE_ROLES. */
export const profileRoleSchema = z.enum(PROFILE_ROLES);
/** A profile role. */
export type ProfileRole = z.infer<typeof profileRoleSchema>;

/** Approval states; only 'approved' lets a non-admin past /pending-approval. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'denied'] as const;
/** Zod enum of APPROVAL_STATUSES. */
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
/** An approval state. */
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** Plans; premium lifts the book and product/service limits (see plan-limits.ts). */
export const SUBSCRIPTION_STATUSES = ['free', 'premium'] as const;
/** Zod enum of SUBSCRIPTION_STATUSES. */
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
/** A plan. */
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Social networks a profile or the site can link to, in the header's display order. */
export const SOCIAL_NETWORKS = [
  'website',
  'linkedin',
  'twitter',
  'facebook',
  'instagram',
  'youtube',
  'github',
  'tiktok',
  'medium',
  'goodreads',
  'substack',
  'pinterest',
] as const;
/** Zod enum of SOCIAL_NETWORKS. */
export const socialNetworkSchema = z.enum(SOCIAL_NETWORKS);
/** A social network key. */
export type SocialNetwork = z.infer<typeof socialNetworkSchema>;

/** Map of network → URL; every network is optional and may be empty. Unknown networks are refused. */
export const socialLinksSchema = z.partialRecord(socialNetworkSchema, optionalUrl);
/** Social links map. */
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** At most this many search keywords are stored per profile (bounds document size and index entries). */
export const SEARCH_KEYWORDS_MAX = 400;

/** The largest profile image accepted for upload. */
export const PROFILE_IMAGE_MAX_BYTES = MAX_UPLOAD_BYTES;

/**
 * A member's public profile, document `profiles/{uid}`.
 * Email and email_confirmed_at are deliberately absent: profiles are publicly
 * readable, so those live only in Firebase Auth (admins read them through a function).
 */
export const profileSchema = z
  .object({
    /** Document id; equals the owner's Firebase Auth uid. */
    id: idSchema,
    /** Owner's Firebase Auth uid (same as id; kept because queries and rules use it). */
    user_id: idSchema,
    /** URL part of /profile/{page_slug}; unique across profiles. */
    page_slug: z.string().min(1).max(TEXT_LIMITS.slug).regex(PAGE_SLUG_PATTERN),
    /** Optional heading of the profile page. */
    page_title: optionalText(TEXT_LIMITS.title),
    /** Public name shown on cards and the header. */
    display_name: z.string().trim().min(1).max(TEXT_LIMITS.name),
    /** System role, display only (the admin right is the custom claim). */
    role: profileRoleSchema.default('User'),
    /** What kind of member this is; older profiles may lack it. */
    category: userCategorySchema.nullish(),
    /** Profile picture: a file in the media store (/media/…) or an https URL; empty for none. */
    profile_image: optionalMediaPathOrHttpsUrl,
    /** Free-text introduction. */
    about_me: optionalText(TEXT_LIMITS.medium),
    /** A highlighted notice on the profile page. */
    special_announcement: optionalText(TEXT_LIMITS.medium),
    /** Upcoming events, one per line. */
    upcoming_events: optionalText(TEXT_LIMITS.medium),
    /** Links to the member's website and social accounts. */
    social_links: socialLinksSchema.default({}),
    /** Plan: free (limits apply) or premium. */
    subscription_status: subscriptionStatusSchema.default('free'),
    /** Approval by an administrator. */
    approval_status: approvalStatusSchema.default('pending'),
    /** False when an admin deactivated the member; hidden from listings. */
    is_active: z.boolean().default(true),
    /** Denormalised: number of this member's active books, kept by a Cloud Function trigger. */
    book_count: nonNegativeInt.default(0),
    /** Denormalised: how many follow this member (members and confirmed email followers), kept by the followerCount trigger. */
    follower_count: nonNegativeInt.default(0),
    /**
     * Denormalised for the directory search (server-only, kept by a trigger): lower-cased,
     * accent-folded words of display_name, category and the start of about_me, with their prefixes.
     */
    search_keywords: z
      .array(z.string().min(1).max(SEARCH_KEYWORD_MAX_LENGTH))
      .max(SEARCH_KEYWORDS_MAX)
      .optional(),
    /** Denormalised for the directory's Name (A-Z) order (server-only, kept by a trigger): the folded display name. */
    sort_name: z.string().max(TEXT_LIMITS.name).optional(),
    /** When the profile was created. */
    created_at: timestampSchema,
    /** When the profile was last saved. */
    updated_at: timestampSchema.nullish(),
  })
  .describe('profiles');

/** A member profile. */
export type Profile = z.infer<typeof profileSchema>;

/** Profile fields as written to Firestore (the id is the document id). */
export const profileWriteSchema = profileSchema.omit({ id: true });
/** Profile as written. */
export type ProfileWrite = z.infer<typeof profileWriteSchema>;

/** The role shown on cards: an Admin is presented as 'Book Author' so admins are not singled out publicly. */
export function cardRole(profile: Pick<Profile, 'role'>): Exclude<ProfileRole, 'Admin'> {
  return profile.role === 'Admin' ? 'Book Author' : profile.role;
}

/** The label a directory card shows: the category, or the card role when no category is set. */
export function cardCategory(profile: Pick<Profile, 'role' | 'category'>): string {
  return profile.category ?? cardRole(profile);
}

/** True when an administrator approved this profile. */
export function isApproved(profile: Pick<Profile, 'approval_status'>): boolean {
  return profile.approval_status === 'approved';
}

/** True when the profile may appear in the directory: active and approved. */
export function isPubliclyListed(profile: Pick<Profile, 'is_active' | 'approval_status'>): boolean {
  return profile.is_active && isApproved(profile);
}

/** True for categories that publish books (Book Author, Publisher): they show a book count and a Books section. */
export function showsBookCount(category: string | null | undefined): boolean {
  return category === 'Book Author' || category === 'Publisher';
}

/** Splits upcoming_events into its non-blank lines. */
export function eventLines(upcomingEvents: string | null | undefined): string[] {
  return (upcomingEvents ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Checks a chosen profile image: returns the spec's message, or null when it may be uploaded. */
export function profileImageProblem(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return 'Please upload an image file.';
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return 'Profile image must be less than 500KB.';
  return null;
}
