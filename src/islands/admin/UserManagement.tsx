import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  USER_TOASTS,
  canDecideApproval,
  type AdminUserRow,
  type UserFilters,
} from '../../domain/admin-users.ts';
import { APPROVAL_STATUSES, USER_CATEGORIES } from '../../domain/profile.ts';
import { showToast } from '../../lib/toast.ts';
import { DeleteUserDialog, EditUserDialog, RegisterUserDialog, ResetPasswordDialog } from './UserDialogs.tsx';

const SELECT = 'rounded-md border border-line bg-white px-2 py-2 text-ink';

type Dialog = { kind: 'edit' | 'reset' | 'delete'; user: AdminUserRow } | null;
type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready' };

function loadApi() {
  return import('../../data/client/admin-users.ts');
}

type PageOutcome = Awaited<ReturnType<typeof fetchPage>>;

/** One page of the user list from the server. */
async function fetchPage(search: string, filters: UserFilters, cursor: string | null) {
  const { adminUsers } = await loadApi();
  return adminUsers<'get-users-with-emails'>({ action: 'get-users-with-emails', search, filters, cursor });
}

/** A filter select: '' means all. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select id={id} className={SELECT} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * User Management: register, search and filter (answered by the server a page at a
 * time), and per member approve, deny, edit, reset password, activate/deactivate,
 * delete and download their data.
 */
export default function UserManagement({ selfUid, onChanged }: { selfUid: string; onChanged: () => void }) {
  const [users, setUsers] = useState<AdminUserRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [moreLoading, setMoreLoading] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<UserFilters>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyUid, setBusyUid] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  /** Shows a fetched page: the first one replaces the list, a later one is appended. */
  const show = useCallback((outcome: PageOutcome, appended: boolean) => {
    if (!outcome.ok) {
      console.error('Failed to load users', outcome.message);
      setState({ status: 'failed' });
      return;
    }
    setUsers((previous) => (appended ? [...previous, ...outcome.data.users] : outcome.data.users));
    setCursor(outcome.data.nextCursor);
    setState({ status: 'ready' });
  }, []);

  // The first page, on mount and whenever the search or a filter changes (their handlers show the loading state).
  useEffect(() => {
    let current = true;
    void fetchPage(search, filters, null).then((outcome) => current && show(outcome, false));
    return () => {
      current = false;
    };
  }, [search, filters, show, reloads]);

  function replace(user: AdminUserRow) {
    setUsers((previous) => previous.map((row) => (row.uid === user.uid ? user : row)));
    onChanged();
  }

  function setFilter<K extends keyof UserFilters>(key: K, value: string) {
    setState({ status: 'loading' });
    setFilters((previous) => ({ ...previous, [key]: value === '' ? undefined : value }));
  }

  // Every press searches again, even with the same text: a member who signed up
  // since the last press must be found without changing the text.
  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setState({ status: 'loading' });
    setSearch(searchText.trim());
    setReloads((count) => count + 1);
  }

  async function decide(user: AdminUserRow, action: 'approve-user' | 'deny-user') {
    setBusyUid(user.uid);
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers({ action, userId: user.uid });
    setBusyUid(null);
    if (!outcome.ok) {
      showToast({
        title: 'Error',
        description: action === 'approve-user' ? USER_TOASTS.approveFailed : USER_TOASTS.denyFailed,
        variant: 'destructive',
      });
      return;
    }
    replace(outcome.data.user);
    showToast({
      title: 'Success',
      description: `${user.display_name} has been ${action === 'approve-user' ? 'approved' : 'denied'}.`,
    });
  }

  async function toggleActive(user: AdminUserRow) {
    setBusyUid(user.uid);
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers<'set-active'>({
      action: 'set-active',
      userId: user.uid,
      is_active: !user.is_active,
    });
    setBusyUid(null);
    if (!outcome.ok) {
      showToast({
        title: 'Error',
        description: outcome.code === 'failed-precondition' ? outcome.message : USER_TOASTS.statusFailed,
        variant: 'destructive',
      });
      return;
    }
    replace(outcome.data.user);
    showToast({
      title: 'Success',
      description: `${user.display_name} has been ${user.is_active ? 'deactivated' : 'activated'}.`,
    });
  }

  async function loadMore() {
    setMoreLoading(true);
    show(await fetchPage(search, filters, cursor), true);
    setMoreLoading(false);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submitSearch}>
          <div>
            <label htmlFor="user-search" className="mb-1 block text-sm font-semibold">
              Search users
            </label>
            <input
              id="user-search"
              type="search"
              className="rounded-md border border-line bg-white px-3 py-2"
              placeholder="Name, page slug or email"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-outline">
            Search
          </button>
        </form>
        <RegisterUserDialog
          onCreated={(user) => {
            setUsers((previous) => [user, ...previous]);
            onChanged();
          }}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <FilterSelect
          id="filter-category"
          label="Category"
          value={filters.category ?? ''}
          options={USER_CATEGORIES.map((c) => ({ value: c, label: c }))}
          onChange={(v) => setFilter('category', v)}
        />
        <FilterSelect
          id="filter-role"
          label="Role"
          value={filters.role ?? ''}
          options={[
            { value: 'admin', label: 'Admin' },
            { value: 'user', label: 'User' },
          ]}
          onChange={(v) => setFilter('role', v)}
        />
        <FilterSelect
          id="filter-status"
          label="Status"
          value={filters.status ?? ''}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          id="filter-approval"
          label="Approval"
          value={filters.approval ?? ''}
          options={APPROVAL_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
          onChange={(v) => setFilter('approval', v)}
        />
      </div>

      {state.status === 'loading' ? (
        <p role="status" className="text-ink-muted">
          Loading users…
        </p>
      ) : state.status === 'failed' ? (
        <div role="alert" className="space-y-2">
          <p className="font-semibold text-red-700">The users could not be loaded.</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setState({ status: 'loading' });
              setReloads((count) => count + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : users.length === 0 ? (
        <p className="text-ink-muted">
          {search || Object.values(filters).some(Boolean) ? 'No users match this search.' : 'No users yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded border border-line bg-white" aria-label="Users">
          {users.map((user) => (
            <li
              key={user.uid}
              className="flex flex-wrap items-start justify-between gap-3 p-3"
              aria-label={user.display_name}
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  <a className="underline" href={`/profile/${user.page_slug}`}>
                    {user.display_name}
                  </a>
                  {user.role === 'Admin' ? (
                    <span className="ml-2 rounded bg-accent-soft px-2 text-sm">Admin</span>
                  ) : null}
                  {!user.is_active ? (
                    <span className="ml-2 rounded bg-parchment px-2 text-sm">Inactive</span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-muted">
                  {user.email || 'No email'} · {user.email_verified ? 'Email verified' : 'Email not verified'}
                </p>
                <p className="text-sm text-ink-muted">
                  {user.category ?? 'No category'} · {user.subscription_status} ·{' '}
                  <span>Approval: {user.approval_status}</span>
                  {user.created_at ? ` · Joined ${new Date(user.created_at).toLocaleDateString()}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {canDecideApproval(user) ? (
                  <>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busyUid === user.uid}
                      onClick={() => void decide(user, 'approve-user')}
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={busyUid === user.uid}
                      onClick={() => void decide(user, 'deny-user')}
                    >
                      Deny
                    </button>
                  </>
                ) : null}
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setDialog({ kind: 'edit', user })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setDialog({ kind: 'reset', user })}
                >
                  Reset Password
                </button>
                {user.uid !== selfUid ? (
                  <>
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={busyUid === user.uid}
                      onClick={() => void toggleActive(user)}
                    >
                      {user.is_active ? 'Deactivate' : 'Activate'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => setDialog({ kind: 'delete', user })}
                    >
                      Delete
                    </button>
                  </>
                ) : null}
                <a className="btn btn-outline" href={`/account?userId=${encodeURIComponent(user.uid)}`}>
                  Download data
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && cursor ? (
        <button
          type="button"
          className="btn btn-outline"
          disabled={moreLoading}
          onClick={() => void loadMore()}
        >
          {moreLoading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}

      {dialog?.kind === 'edit' ? (
        <EditUserDialog user={dialog.user} onSaved={replace} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'reset' ? (
        <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog
          user={dialog.user}
          onDeleted={(uid) => {
            setUsers((previous) => previous.filter((row) => row.uid !== uid));
            onChanged();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
