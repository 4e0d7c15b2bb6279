import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useState, type ReactNode } from 'react';
import { captureConsole } from '../../lib/console-log-buffer.ts';
import type { DashboardCounts } from '../../data/client/admin/admin-users.ts';
import { useAsync } from '../ui/use-async.ts';
import AuditLog from './AuditLog.tsx';
import ClassifiedAds from './ClassifiedAds.tsx';
import ServerFailures from './ServerFailures.tsx';
import OpsAlerts from './OpsAlerts.tsx';
import ConsoleLogs from './ConsoleLogs.tsx';
import MailFigures from './MailFigures.tsx';
import ContentEditors from './ContentEditors.tsx';
import FeaturedBooks from './FeaturedBooks.tsx';
import FeaturedProfiles from './FeaturedProfiles.tsx';
import PublishStatus from './PublishStatus.tsx';
import ReportsQueue from './ReportsQueue.tsx';
import HeldReviews from './HeldReviews.tsx';
import HeldItems from './HeldItems.tsx';
import IsbnClaims from './IsbnClaims.tsx';
import Librarians from './Librarians.tsx';
import AuthorClaims from './AuthorClaims.tsx';
import SiteSettings from './SiteSettings.tsx';
import SecondFactorGate from './SecondFactorGate.tsx';
import UserManagement from './UserManagement.tsx';

// Entries are collected from the moment the dashboard's code loads.
captureConsole();

const COUNTERS: readonly { key: keyof DashboardCounts; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'authors', label: 'Authors' },
  { key: 'admins', label: 'Admins' },
  { key: 'activeUsers', label: 'Active Users' },
];

const TAB_CLASS =
  'rounded-t-md border border-b-0 border-line px-4 py-2 font-semibold text-ink-muted data-[state=active]:bg-white data-[state=active]:text-ink';

/** The four counters from count queries; a failure is shown, not hidden as zeros. */
function Counters({ refreshKey }: { refreshKey: number }) {
  const [counts] = useAsync(
    () => import('../../data/client/admin/admin-users.ts').then(({ loadCounts }) => loadCounts()),
    [refreshKey],
    'Failed to load the counters',
  );

  if (counts.status === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        The counters could not be loaded.
      </p>
    );
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {COUNTERS.map(({ key, label }) => (
        <div key={key} className="rounded border border-line bg-white p-4">
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="text-2xl font-bold">
            {counts.status === 'ready' ? counts.value[key].toLocaleString() : '…'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Access Denied: a signed-in member goes back home, anyone else may log in. */
function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <div role="alert" className="space-y-3 rounded border border-line bg-white p-6">
      <h2 className="text-2xl font-bold">Access Denied</h2>
      <p>You don't have permission to access this page.</p>
      {signedIn ? (
        <a className="btn btn-outline" href="/">
          Back to Home
        </a>
      ) : (
        <a className="btn btn-primary" href="/auth">
          Log in
        </a>
      )}
    </div>
  );
}

/**
 * /admin and /admin/users: the dashboard. The page only reflects the admin claim;
 * every read and action it makes is checked again by the rules and the functions.
 */
export default function AdminDashboard() {
  const [refreshKey, setRefreshKey] = useState(0);
  const changed = useCallback(() => setRefreshKey((key) => key + 1), []);
  const [check] = useAsync(
    () => import('../../data/client/shared/auth.ts').then(({ refreshedAccount }) => refreshedAccount()),
    [],
    'Could not check the admin right',
  );

  if (check.status === 'loading') {
    return (
      <p role="status" className="text-ink-muted">
        Loading the dashboard…
      </p>
    );
  }
  // A check that failed counts as signed out.
  const account = check.status === 'ready' ? check.value : null;
  if (!account?.admin) return <AccessDenied signedIn={account !== null} />;

  const sections: readonly { value: string; label: string; content: ReactNode }[] = [
    {
      value: 'users',
      label: 'User Management',
      content: <UserManagement selfUid={account.uid} onChanged={changed} />,
    },
    {
      value: 'books',
      label: 'Book Management',
      content: (
        <>
          <FeaturedBooks />
          <IsbnClaims />
          <Librarians />
          <AuthorClaims />
        </>
      ),
    },
    { value: 'ads', label: 'Classified Ads', content: <ClassifiedAds /> },
    { value: 'profiles', label: 'Featured Profiles', content: <FeaturedProfiles /> },
    { value: 'settings', label: 'Site Settings', content: <SiteSettings selfUid={account.uid} /> },
    { value: 'content', label: 'Pages & Legal', content: <ContentEditors /> },
    {
      value: 'reports',
      label: 'Reports',
      content: (
        <>
          <ReportsQueue />
          <HeldReviews />
          <HeldItems />
        </>
      ),
    },
    {
      value: 'audit',
      label: 'Audit Log',
      content: (
        <>
          <AuditLog refreshKey={refreshKey} />
          <ServerFailures refreshKey={refreshKey} />
        </>
      ),
    },
    { value: 'mail', label: 'Mail Delivery', content: <MailFigures /> },
    { value: 'logs', label: 'Console Logs', content: <ConsoleLogs /> },
  ];

  const dashboard = (
    <div className="space-y-6">
      <OpsAlerts refreshKey={refreshKey} />
      <Counters refreshKey={refreshKey} />
      <PublishStatus />
      <Tabs.Root defaultValue="users">
        <Tabs.List aria-label="Dashboard sections" className="flex flex-wrap gap-1 border-b border-line">
          {sections.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={TAB_CLASS}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {sections.map(({ value, content }) => (
          <Tabs.Content key={value} value={value} className="pt-4">
            {content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
  // The powers only behind this sign-in's second factor (the functions and rules refuse them otherwise).
  return <SecondFactorGate>{dashboard}</SecondFactorGate>;
}
