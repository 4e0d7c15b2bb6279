import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { SESSION_ENDED_MESSAGE } from '../../domain/shared/caller-standing.ts';
import { readHint } from '../../lib/session-hint.ts';
import LoginForm from './LoginForm.tsx';
import SignupForm from './SignupForm.tsx';
import ForgotPasswordForm from './ForgotPasswordForm.tsx';

/** The two tabs of the auth screen. */
export type AuthTab = 'login' | 'signup';

interface Props {
  /** The tab to open with (the page decides from its route and ?tab=). */
  initialTab: AuthTab;
  /** Open the login tab on 'Forgot password' (?forgot=1, from an unusable reset link). */
  initialForgot?: boolean;
  /** Say that the session was ended elsewhere (?session=ended, from src/lib/session-ended.ts). */
  sessionEnded?: boolean;
}

const TAB_CLASS =
  'rounded px-3 py-2 font-semibold text-ink-muted data-[state=active]:bg-accent data-[state=active]:text-white';

/**
 * The tab list's element, without the inline style Radix gives it (outline: none,
 * given here by a class): this screen is rendered on the server, and the
 * Content-Security-Policy refuses style attributes in the HTML.
 */
function TabListElement({ style: _style, ...props }: ComponentProps<'div'>) {
  return <div {...props} />;
}

/**
 * The tabs, "Forgot password?" and "Back to login" are links to the page state they
 * open (/auth?tab=signup, /auth?forgot=1, /auth), so a tap before the island is ready
 * still gets there. Once it is, a plain click switches in place (`change`); a click with
 * a modifier key stays a link, so it can open in a new tab.
 */
function inPlace(change: () => void = () => {}) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    change();
  };
}

/** Clears the `type="button"` a tab trigger gives its child: on a link, `type` names a MIME type. */
const NO_TYPE = undefined;

/** Where a signed-in member's own profile is: their page, or the editor that creates a missing profile. */
async function ownProfileHref(uid: string): Promise<string> {
  const { getOwnProfile } = await import('../../data/client/accounts/profiles.ts');
  const profile = await getOwnProfile(uid).catch(() => null);
  return profile?.page_slug ? `/profile/${encodeURIComponent(profile.page_slug)}` : '/profile-edit';
}

/** Login and Sign Up as tabs (arrow keys, Home, End), with 'Back to Home'; a signed-in member is told so instead. */
export default function AuthScreen({ initialTab, initialForgot = false, sessionEnded = false }: Props) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [forgot, setForgot] = useState(initialForgot);
  const [loginEmail, setLoginEmail] = useState('');
  // The signed-in member's profile link, once a session was found on load.
  const [signedInProfile, setSignedInProfile] = useState<string | null>(null);
  const loginTab = useRef<HTMLAnchorElement>(null);

  // A session already present is told so, with links onward, rather than sent
  // away unasked. Only checked when the hint says there is one, so an
  // anonymous visitor's /auth does not download the Firebase SDK.
  useEffect(() => {
    if (!readHint()) return;
    void import('../../lib/account-session.ts').then(async ({ loadSession }) => {
      const session = await loadSession().catch(() => null);
      if (session) setSignedInProfile(await ownProfileHref(session.account.uid));
    });
  }, []);

  if (signedInProfile !== null) {
    return (
      <div className="mx-auto w-full max-w-md">
        <div className="space-y-4 rounded-lg border border-line bg-parchment p-6 shadow-sm">
          <h1 className="text-2xl font-bold">You are already signed in</h1>
          <div className="flex flex-wrap gap-3">
            <a href={signedInProfile} className="btn btn-primary">
              Go to your profile
            </a>
            <a href="/" className="btn btn-outline">
              Go to the home page
            </a>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <a href="/" className="mb-4 inline-block text-accent underline">
        ← Back to Home
      </a>
      <Tabs.Root
        value={tab}
        onValueChange={(next) => setTab(next as AuthTab)}
        className="rounded-lg border border-line bg-parchment p-6 shadow-sm"
      >
        <Tabs.List
          asChild
          aria-label="Account"
          className="mb-6 grid grid-cols-2 rounded-md bg-paper p-1 outline-none"
        >
          <TabListElement>
            <Tabs.Trigger
              asChild
              value="login"
              id="auth-tab-login"
              aria-controls="auth-panel-login"
              className={TAB_CLASS}
            >
              <a ref={loginTab} href="/auth" type={NO_TYPE} onClick={inPlace()}>
                Login
              </a>
            </Tabs.Trigger>
            <Tabs.Trigger
              asChild
              value="signup"
              id="auth-tab-signup"
              aria-controls="auth-panel-signup"
              className={TAB_CLASS}
            >
              <a href="/auth?tab=signup" type={NO_TYPE} onClick={inPlace()}>
                Sign Up
              </a>
            </Tabs.Trigger>
          </TabListElement>
        </Tabs.List>
        {/*
          The panels are plain elements rather than Tabs.Content: both stay mounted, so
          what was typed in one survives a visit to the other, and the server HTML carries
          no inline style (Tabs.Content writes one, which the Content-Security-Policy refuses).
        */}
        <div role="tabpanel" id="auth-panel-login" aria-labelledby="auth-tab-login" hidden={tab !== 'login'}>
          {forgot ? (
            <>
              <h1 className="mb-4 text-2xl font-bold">Forgot your password?</h1>
              <ForgotPasswordForm defaultEmail={loginEmail} />
              <a
                href="/auth"
                onClick={inPlace(() => setForgot(false))}
                className="mt-4 inline-block text-sm text-accent underline"
              >
                Back to login
              </a>
            </>
          ) : (
            <>
              <h1 className="mb-4 text-2xl font-bold">Welcome back</h1>
              {sessionEnded && (
                <p
                  role="alert"
                  className="mb-4 rounded-md border border-red-700 bg-white p-3 font-semibold text-red-700"
                >
                  {SESSION_ENDED_MESSAGE}
                </p>
              )}
              <LoginForm key={loginEmail} defaultEmail={loginEmail} />
              <a
                href="/auth?forgot=1"
                onClick={inPlace(() => setForgot(true))}
                className="mt-4 inline-block text-sm text-accent underline"
              >
                Forgot password?
              </a>
            </>
          )}
        </div>
        <div
          role="tabpanel"
          id="auth-panel-signup"
          aria-labelledby="auth-tab-signup"
          hidden={tab !== 'signup'}
        >
          <h1 className="mb-4 text-2xl font-bold">Create your account</h1>
          <SignupForm
            onCreated={(email) => {
              setLoginEmail(email);
              setTab('login');
              loginTab.current?.focus();
            }}
          />
        </div>
      </Tabs.Root>
    </div>
  );
}
