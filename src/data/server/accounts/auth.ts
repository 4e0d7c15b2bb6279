// Who is calling an on-demand endpoint: the Firebase ID token from
// `Authorization: Bearer …`, verified with the Admin SDK (locally against the Auth
// emulator, which FIREBASE_AUTH_EMULATOR_HOST points it at), and the standing of
// a member's profile for endpoints that only approved, active members may use.
import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { MemberStanding, Uploader } from '../../../domain/media/image-upload.ts';
import { approvalStatusSchema } from '../../../domain/accounts/profile.ts';
import { adminApp, getDb } from '../shared/firestore.ts';
import { adminSecondFactorLive } from './second-factor.ts';

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * The caller of a verified ID token (an admin only with this sign-in's second factor), or null when the token is malformed, expired,
 * revoked, or its account was disabled or deleted (checked with Auth on every call).
 * Throws when Auth itself cannot be reached: that is our failure, not a bad token.
 */
export async function verifyCaller(token: string): Promise<Uploader | null> {
  try {
    const decoded = await getAuth(adminApp()).verifyIdToken(token, true);
    // Admin powers need this sign-in's second factor, as in the functions and the rules.
    const admin = decoded.admin === true && (await adminSecondFactorLive(decoded.uid, decoded.auth_time));
    return {
      uid: decoded.uid,
      admin,
      emailVerified: decoded.email_verified === true,
    };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error') return null;
    throw error;
  }
}

const standingSchema = z.object({ approval_status: approvalStatusSchema, is_active: z.boolean() });

/** A member's approval and active flags, or null when they have no profile (or it lacks valid flags). */
export async function memberStanding(uid: string, db: Firestore = getDb()): Promise<MemberStanding | null> {
  const snapshot = await db.doc(`profiles/${uid}`).get();
  const parsed = standingSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data : null;
}
