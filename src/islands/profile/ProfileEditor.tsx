import { useEffect, useState } from 'react';
import type { Profile } from '../../domain/profile.ts';
import EditorForm from './EditorForm.tsx';

/** What the editor knows so far. */
type State =
  | { status: 'loading' }
  | { status: 'refused' }
  | { status: 'not-found' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; profile: Profile; email?: string; admin: boolean; own: boolean };

/** The member whose profile is edited: `?userId=` when given, else the signed-in person. */
function requestedUserId(signedInUid: string): string {
  const requested = new URLSearchParams(location.search).get('userId')?.trim();
  return requested ? requested : signedInUid;
}

/**
 * Loads what /profile-edit edits. Signed-out visitors go to /auth; a member asking
 * for someone else's profile without the admin claim is refused; a signed-in member
 * without a profile gets one created first (as sign-up would have).
 */
async function loadEditor(): Promise<State | 'signed-out'> {
  const { currentAccount } = await import('../../data/client/auth.ts');
  const account = await currentAccount();
  if (!account) return 'signed-out';
  const userId = requestedUserId(account.uid);
  const own = userId === account.uid;
  if (!own && !account.admin) return { status: 'refused' };

  const editor = await import('../../data/client/profile-editor.ts');
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
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    void loadEditor()
      .then((next) => {
        if (next === 'signed-out') location.replace('/auth');
        else setState(next);
      })
      .catch((error: unknown) => {
        console.error('Failed to load profile data.', error);
        setState({ status: 'failed', message: 'Failed to load profile data.' });
      });
  }, []);

  switch (state.status) {
    case 'loading':
      return (
        <p role="status" className="text-ink-muted">
          Loading your profile…
        </p>
      );
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
      return (
        <div role="alert" className="space-y-2">
          <p className="font-semibold text-red-700">{state.message}</p>
          <p>Please reload the page in a moment.</p>
        </div>
      );
    case 'ready':
      return <EditorForm profile={state.profile} email={state.email} admin={state.admin} own={state.own} />;
  }
}
