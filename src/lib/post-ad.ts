/**
 * Where the marketplace's Post Ad button leads: a visitor to /auth, a member
 * without a profile to /profile-edit, other members to their profile page
 * (ads are posted from the profile), each with the spec's toast on arrival.
 * Firebase is loaded only for someone with a member session hint.
 */
import type { ToastOptions } from './toast.ts';
import { readHint } from './session-hint.ts';

/** A destination and the toast shown there. */
export interface PostAdTarget {
  href: string;
  toast: ToastOptions;
}

/** The toast and page for someone who is not signed in. */
export const POST_AD_SIGNED_OUT: PostAdTarget = {
  href: '/auth',
  toast: {
    title: 'Authentication Required',
    description: 'Please log in to create an ad. All ads must be posted from your profile.',
    variant: 'destructive',
  },
};

/** Decides where Post Ad goes for the person in this browser. */
export async function postAdTarget(): Promise<PostAdTarget> {
  if (!readHint()) return POST_AD_SIGNED_OUT;
  const [{ currentAccount }, { getOwnProfile }] = await Promise.all([
    import('../data/client/shared/auth.ts'),
    import('../data/client/accounts/profiles.ts'),
  ]);
  const account = await currentAccount();
  if (!account) return POST_AD_SIGNED_OUT;
  const profile = await getOwnProfile(account.uid);
  if (!profile) {
    return {
      href: '/profile-edit',
      toast: {
        title: 'Complete Your Profile',
        description: 'Please complete your profile first to post ads.',
      },
    };
  }
  return {
    href: `/profile/${profile.page_slug}`,
    toast: { title: 'Success', description: 'Redirected to Profile' },
  };
}
