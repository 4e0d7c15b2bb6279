import type { Profile } from '../../domain/accounts/profile.ts';
import AsyncContent, { LoadFailed } from '../ui/AsyncContent.tsx';
import { useAsync } from '../ui/use-async.ts';
import EditorForm from './EditorForm.tsx';

/** What the editor found to edit. */
type Found =
  | { status: 'refused' }
  | { status: 'not-found' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; profile: Profile; email?: string; admin: boolean; own: boolean };

/** The failure when the profile could not be loaded at all. */
const LOAD_FAILED = 'Failed to load profile data.';
/** What to do after any failure to load. */
const RELOAD_HINT = 'Please reload the page in a moment.';

/** The member whose profile is edited: `?userId=` when given, else the signed-in person. */
function requestedUserId(signedInUid: string): string {
  const requested = new URLSearchParams(location.search).get('userId')?.trim();
  return requested ? requested : signedInUid;
}

/**
 * Loads what /profile-edit edits. Signed-out visitors go to /auth (the load
 * never ends, so the editor says it is loading until the page has left); a
 * member asking for someone else's profile without the admin claim is refused;
 * a signed-in member without a profile gets one created first (as sign-up
 * would have).
 */
async function loadEditor(): Promise<Found> {
  const { currentAccount } = await import('../../data/client/shared/auth.ts');
  const account = await currentAccount();
  if (!account) {
    location.replace('/auth');
    return new Promise<never>(() => undefined);
  }
  const userId = requestedUserId(account.uid);
  const own = userId === account.uid;
  if (!own && !account.admin) return { status: 'refused' };

  const editor = await import('../../data/client/members/profile-editor.ts');
  let profile = await editor.loadEditableProfile(userId);
  if (!profile && own) {
    const ensured = await editor.ensureProfile();
    if (!ensured.ok) return { status: 'failed', message: ensured.message };
    profile = await editor.loadEditableProfile(userId);
  }
  if (!profile) return { status: 'not-found' };
  return { status: 'ready', profile, email: own ? account.email : undefined, admin: account.admin, own };
}

/** /profile-edit: loads the profile to edit, then shows the form. */
export default function ProfileEditor() {
  const [state] = useAsync(loadEditor, [], LOAD_FAILED);
  return (
    <AsyncContent state={state} loading="Loading your profile…" failed={LOAD_FAILED} failedHint={RELOAD_HINT}>
      {(found) => <FoundView found={found} />}
    </AsyncContent>
  );
}

/** The form, or why there is none. */
function FoundView({ found }: { found: Found }) {
  switch (found.status) {
    case 'refused':
      return (
        <div role="alert" className="space-y-2">
          <h2 className="text-xl font-bold">Access Denied</h2>
          <p>
            You can only edit your own profile. Only an administrator can edit another member&rsquo;s profile.
          </p>
          <a href="/profile-edit" className="btn btn-outline">
            Edit your own profile
          </a>
        </div>
      );
    case 'not-found':
      return (
        <div role="alert" className="space-y-2">
          <h2 className="text-xl font-bold">Profile Not Found</h2>
          <p>There is no profile for this member.</p>
        </div>
      );
    case 'failed':
      return <LoadFailed message={found.message} hint={RELOAD_HINT} />;
    case 'ready':
      return <EditorForm profile={found.profile} email={found.email} admin={found.admin} own={found.own} />;
  }
}
