import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SESSION_ENDED_MESSAGE } from '../domain/account.ts';
import { readHint } from '../lib/session-hint.ts';
import LoginForm from './LoginForm.tsx';
import SignupForm from './SignupForm.tsx';
import ForgotPasswordForm from './account/ForgotPasswordForm.tsx';

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

const TABS: readonly { id: AuthTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
];

/** Login and Sign Up as ARIA tabs (arrow keys, Home, End), with 'Back to Home'. */
export default function AuthScreen({ initialTab, initialForgot = false, sessionEnded = false }: Props) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [forgot, setForgot] = useState(initialForgot);
  const [loginEmail, setLoginEmail] = useState('');
  const tabRefs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ login: null, signup: null });

  // A session already present goes home. Only checked when the hint says there
  // is one, so an anonymous visitor's /auth does not download the Firebase SDK.
  useEffect(() => {
    if (!readHint()) return;
    void import('../lib/account-session.ts').then(async ({ loadSession }) => {
      if (await loadSession().catch(() => null)) location.replace('/');
    });
  }, []);

  function select(next: AuthTab, focus = false) {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const last = TABS.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target]!.id, true);
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <a href="/" className="mb-4 inline-block text-accent underline">
        ← Back to Home
      </a>
      <div className="rounded-lg border border-line bg-parchment p-6 shadow-sm">
        <div
          role="tablist"
          aria-label="Account"
          onKeyDown={onTabKey}
          className="mb-6 grid grid-cols-2 rounded-md bg-paper p-1"
        >
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`auth-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`auth-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => select(t.id)}
              className="rounded px-3 py-2 font-semibold text-ink-muted aria-selected:bg-accent aria-selected:text-white"
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="auth-panel-login" aria-labelledby="auth-tab-login" hidden={tab !== 'login'}>
          {forgot ? (
            <>
              <h1 className="mb-4 text-2xl font-bold">Forgot your password?</h1>
              <ForgotPasswordForm defaultEmail={loginEmail} />
              <button
                type="button"
                onClick={() => setForgot(false)}
                className="mt-4 text-sm text-accent underline"
              >
                Back to login
              </button>
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
              <button
                type="button"
                onClick={() => setForgot(true)}
                className="mt-4 text-sm text-accent underline"
              >
                Forgot password?
              </button>
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
              select('login', true);
            }}
          />
        </div>
      </div>
    </div>
  );
}
