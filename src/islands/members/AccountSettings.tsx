import { useEffect, useState } from 'react';
import type { AccountOverview } from '../../data/client/accounts/account.ts';
import ChangeEmailForm from '../accounts/ChangeEmailForm.tsx';
import ChangePasswordForm from '../accounts/ChangePasswordForm.tsx';
import MailDeliveryNotice from '../accounts/MailDeliveryNotice.tsx';
import AnalyticsSection from './AnalyticsSection.tsx';
import DataDownload from '../accounts/DataDownload.tsx';
import FollowsSection from '../follows/FollowsSection.tsx';
import ReadingExport from '../imports/ReadingExport.tsx';
import ReadingImport from '../imports/ReadingImport.tsx';
import WaitingReviews from '../imports/WaitingReviews.tsx';
import PlanSummary from '../billing/PlanSummary.tsx';
import SignOutEverywhere from '../accounts/SignOutEverywhere.tsx';
import TwoStepSignIn from '../accounts/TwoStepSignIn.tsx';
import ResetSecondFactor from '../accounts/ResetSecondFactor.tsx';

type State =
  | { step: 'loading' }
  | { step: 'error'; message: string }
  | { step: 'ready'; overview: AccountOverview; own: boolean; admin: boolean };

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-parchment p-6">
      <h2 id={id} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /account: the signed-in member's plan, their analytics, sign-in settings (email and its
 * verification date, password, sessions) and the copy of their data. An admin opening
 * ?userId= sees that member's address and can download their data only.
 */
export default function AccountSettings() {
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    void (async () => {
      const { confirmedAccount } = await import('../../data/client/shared/auth.ts');
      const me = await confirmedAccount();
      if (!me) {
        location.replace('/auth');
        return;
      }
      const requested = new URLSearchParams(location.search).get('userId')?.trim() || undefined;
      const own = !requested || requested === me.uid;
      if (!own && !me.admin) {
        setState({ step: 'error', message: 'Only administrators can open another member’s account.' });
        return;
      }
      const { accountOverview } = await import('../../data/client/accounts/account.ts');
      const outcome = await accountOverview(own ? undefined : requested);
      if (!outcome.ok) {
        if (outcome.code === 'unauthenticated') {
          const { signOut } = await import('../../data/client/shared/auth.ts');
          await signOut().catch(() => undefined);
          location.replace('/auth');
          return;
        }
        setState({ step: 'error', message: outcome.message });
        return;
      }
      setState({ step: 'ready', overview: outcome.data, own, admin: me.admin });
    })().catch(() =>
      setState({
        step: 'error',
        message: 'Could not load your account. Check your connection and reload the page.',
      }),
    );
  }, []);

  if (state.step === 'loading') return <p role="status">Loading your account…</p>;
  if (state.step === 'error') {
    return (
      <p role="alert" className="font-semibold text-red-700">
        {state.message}
      </p>
    );
  }
  const { overview, own } = state;
  const verified = overview.emailVerified
    ? overview.emailVerifiedAt
      ? `Verified on ${DATE.format(new Date(overview.emailVerifiedAt))}`
      : 'Verified (date not recorded)'
    : 'Not verified yet';

  return (
    <div className="space-y-6">
      {!own ? (
        <p className="rounded-md border border-line bg-paper p-3">
          You are viewing the account of {overview.displayName || overview.email} as an administrator.
        </p>
      ) : null}
      <Section title="Plan">
        <PlanSummary plan={overview.plan} own={own} />
      </Section>
      <Section title="Analytics">
        <AnalyticsSection userId={own ? undefined : overview.uid} own={own} />
      </Section>
      <Section title="Email">
        {own ? <MailDeliveryNotice /> : null}
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Email address</dt>
          <dd data-testid="account-email">{overview.email}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{verified}</dd>
          {overview.pendingEmail ? (
            <>
              <dt className="font-semibold">Waiting for confirmation</dt>
              <dd>{overview.pendingEmail}</dd>
            </>
          ) : null}
        </dl>
        {own ? <ChangeEmailForm currentEmail={overview.email} /> : null}
      </Section>
      {own ? (
        <Section title="Password">
          <ChangePasswordForm />
        </Section>
      ) : null}
      {state.admin ? (
        <Section title="Two-step sign-in">
          {own ? (
            <TwoStepSignIn />
          ) : (
            <ResetSecondFactor uid={overview.uid} name={overview.displayName || overview.email} />
          )}
        </Section>
      ) : null}
      {own ? (
        <Section title="Sessions">
          <SignOutEverywhere />
        </Section>
      ) : null}
      {own ? (
        <Section title="Following">
          <FollowsSection uid={overview.uid} />
        </Section>
      ) : null}
      <Section title="Your data">
        <DataDownload userId={own ? undefined : overview.uid} own={own} />
        {own && overview.features.reading_export ? (
          <div className="mt-6">
            <ReadingExport />
          </div>
        ) : null}
        {own && overview.features.reviews ? (
          <div className="mt-6">
            <WaitingReviews uid={overview.uid} />
            <p className="mt-4" data-account-add-book>
              Reading a book that is not on Shelfmark yet?{' '}
              <a href="/books/add" className="font-semibold text-accent underline">
                Add a book
              </a>
            </p>
          </div>
        ) : null}
        {own && overview.features.reading_import ? (
          <div className="mt-6">
            <ReadingImport uid={overview.uid} />
          </div>
        ) : null}
      </Section>
    </div>
  );
}
