import { useState, type FormEvent } from 'react';
import {
  USER_TOASTS,
  canDecideApproval,
  type AdminUserRow,
  type UserFilters,
} from '../../domain/admin/admin-users.ts';
import { APPROVAL_STATUSES, USER_CATEGORIES } from '../../domain/accounts/profile.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import LoadMoreButton from '../ui/LoadMoreButton.tsx';
import FilterSelect, { type FilterChoice } from '../ui/FilterSelect.tsx';
import { usePagedAsync, type Page } from '../ui/use-async.ts';
import { DeleteUserDialog, EditUserDialog, RegisterUserDialog, ResetPasswordDialog } from './UserDialogs.tsx';

type Dialog = { kind: 'edit' | 'reset' | 'delete'; user: AdminUserRow } | null;

function loadApi() {
  return import('../../data/client/admin/admin-users.ts');
}

/** One page of the user list from the server; a refusal is thrown as a failed load. */
async function fetchPage(
  search: string,
  filters: UserFilters,
  cursor: string | null,
): Promise<Page<AdminUserRow>> {
  const { adminUsers } = await loadApi();
  const outcome = await adminUsers<'get-users-with-emails'>({
    action: 'get-users-with-emails',
    search,
    filters,
    cursor,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return { items: outcome.data.users, next: outcome.data.nextCursor };
}

/** The filters above the list, in order: each narrows it by one field. */
const FILTERS: readonly { key: keyof UserFilters; label: string; options: readonly FilterChoice[] }[] = [
  { key: 'category', label: 'Category', options: USER_CATEGORIES.map((c) => ({ value: c, label: c })) },
  {
    key: 'role',
    label: 'Role',
    options: [
      { value: 'admin', label: 'Admin' },
      { value: 'user', label: 'User' },
    ],
  },
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
  },
  {
    key: 'approval',
    label: 'Approval',
    options: APPROVAL_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
  },
];

/**
 * User Management: register, search and filter (answered by the server a page at a
 * time), and per member approve, deny, edit, reset password, activate/deactivate,
 * delete and download their data.
 */
export default function UserManagement({ selfUid, onChanged }: { selfUid: string; onChanged: () => void }) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<UserFilters>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyUid, setBusyUid] = useState<string | null>(null);
  // The first page on mount and whenever the search or a filter changes (their handlers show the loading state).
  const users = usePagedAsync(
    (cursor) => fetchPage(search, filters, cursor),
    [search, filters],
    'Failed to load users',
  );

  function replace(user: AdminUserRow) {
    users.update((rows) => rows.map((row) => (row.uid === user.uid ? user : row)));
    onChanged();
  }

  function setFilter(key: keyof UserFilters, value: string) {
    users.restart();
    setFilters((previous) => ({ ...previous, [key]: value === '' ? undefined : value }));
  }

  // Every press searches again, even with the same text: a member who signed up
  // since the last press must be found without changing the text.
  function submitSearch(event: FormEvent) {
    event.preventDefault();
    users.restart();
    setSearch(searchText.trim());
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
            users.update((rows) => [user, ...rows]);
            onChanged();
          }}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        {FILTERS.map(({ key, label, options }) => (
          <FilterSelect
            key={key}
            id={`filter-${key}`}
            label={label}
            value={filters[key] ?? ''}
            options={options}
            onChange={(value) => setFilter(key, value)}
          />
        ))}
      </div>

      <AsyncContent
        state={users.state}
        loading="Loading users…"
        failed="The users could not be loaded."
        retry={users.restart}
        empty={
          search || Object.values(filters).some(Boolean) ? 'No users match this search.' : 'No users yet.'
        }
      >
        {(rows) => (
          <ul className="divide-y divide-line rounded border border-line bg-white" aria-label="Users">
            {rows.map((user) => (
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
                    {user.email || 'No email'} ·{' '}
                    {user.email_verified ? 'Email verified' : 'Email not verified'}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {user.category ?? 'No category'} · {user.subscription_status}
                    {user.plan_source ? ` (${user.plan_source})` : ''} ·{' '}
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
      </AsyncContent>
      <LoadMoreButton paged={users} onLoadMore={() => void users.loadMore('fail')} />

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
            users.update((rows) => rows.filter((row) => row.uid !== uid));
            onChanged();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
