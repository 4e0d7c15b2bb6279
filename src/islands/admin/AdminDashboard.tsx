import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useEffect, useState } from 'react';
import { captureConsole } from '../../lib/console-log-buffer.ts';
import type { DashboardCounts } from '../../data/client/admin-users.ts';
import AuditLog from './AuditLog.tsx';
import ServerFailures from './ServerFailures.tsx';
import ConsoleLogs from './ConsoleLogs.tsx';
import ContentEditors from './ContentEditors.tsx';
import FeaturedBooks from './FeaturedBooks.tsx';
import FeaturedProfiles from './FeaturedProfiles.tsx';
import PublishStatus from './PublishStatus.tsx';
import SiteSettings from './SiteSettings.tsx';
import UserManagement from './UserManagement.tsx';

// Entries are collected from the moment the dashboard's code loads.
captureConsole();

type State =
  { status: 'loading' } | { status: 'denied'; signedIn: boolean } | { status: 'ready'; uid: string };

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
  const [counts, setCounts] = useState<DashboardCounts | 'failed' | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('../../data/client/admin-users.ts')
      .then(({ loadCounts }) => loadCounts())
      .then((next) => !cancelled && setCounts(next))
      .catch((error: unknown) => {
        console.error('Failed to load the counters', error);
        if (!cancelled) setCounts('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);

  if (counts === 'failed')
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
          <dd className="text-2xl font-bold">{counts === null ? '…' : counts[key].toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /admin and /admin/users: the dashboard. The page only reflects the admin claim;
 * every read and action it makes is checked again by the rules and the functions.
 */
export default function AdminDashboard() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [refreshKey, setRefreshKey] = useState(0);
  const changed = useCallback(() => setRefreshKey((key) => key + 1), []);

  useEffect(() => {
    void import('../../data/client/auth.ts')
      .then(({ refreshedAccount }) => refreshedAccount())
      .then((account) =>
        setState(
          account?.admin
            ? { status: 'ready', uid: account.uid }
            : { status: 'denied', signedIn: account !== null },
        ),
      )
      .catch((error: unknown) => {
        console.error('Could not check the admin right', error);
        setState({ status: 'denied', signedIn: false });
      });
  }, []);

  if (state.status === 'loading') {
    return (
      <p role="status" className="text-ink-muted">
        Loading the dashboard…
      </p>
    );
  }
  if (state.status === 'denied') {
    return (
      <div role="alert" className="space-y-3 rounded border border-line bg-white p-6">
        <h2 className="text-2xl font-bold">Access Denied</h2>
        <p>You don't have permission to access this page.</p>
        {state.signedIn ? (
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

  return (
    <div className="space-y-6">
      <Counters refreshKey={refreshKey} />
      <PublishStatus />
      <Tabs.Root defaultValue="users">
        <Tabs.List aria-label="Dashboard sections" className="flex flex-wrap gap-1 border-b border-line">
          <Tabs.Trigger value="users" className={TAB_CLASS}>
            User Management
          </Tabs.Trigger>
          <Tabs.Trigger value="books" className={TAB_CLASS}>
            Book Management
          </Tabs.Trigger>
          <Tabs.Trigger value="profiles" className={TAB_CLASS}>
            Featured Profiles
          </Tabs.Trigger>
          <Tabs.Trigger value="settings" className={TAB_CLASS}>
            Site Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="content" className={TAB_CLASS}>
            Pages &amp; Legal
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={TAB_CLASS}>
            Audit Log
          </Tabs.Trigger>
          <Tabs.Trigger value="logs" className={TAB_CLASS}>
            Console Logs
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="pt-4">
          <UserManagement selfUid={state.uid} onChanged={changed} />
        </Tabs.Content>
        <Tabs.Content value="books" className="pt-4">
          <FeaturedBooks />
        </Tabs.Content>
        <Tabs.Content value="profiles" className="pt-4">
          <FeaturedProfiles />
        </Tabs.Content>
        <Tabs.Content value="settings" className="pt-4">
          <SiteSettings selfUid={state.uid} />
        </Tabs.Content>
        <Tabs.Content value="content" className="pt-4">
          <ContentEditors />
        </Tabs.Content>
        <Tabs.Content value="audit" className="pt-4">
          <AuditLog refreshKey={refreshKey} />
          <ServerFailures refreshKey={refreshKey} />
        </Tabs.Content>
        <Tabs.Content value="logs" className="pt-4">
          <ConsoleLogs />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
