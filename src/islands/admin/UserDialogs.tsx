import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ASSIGNABLE_ROLES,
  USER_TOASTS,
  createUserRequestSchema,
  deleteUserQuestion,
  updateUserFieldsSchema,
  type AdminUserRow,
  type UpdateUserFields,
} from '../../domain/admin/admin-users.ts';
import { APPROVAL_STATUSES, USER_CATEGORIES } from '../../domain/accounts/profile.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog, { type ConfirmOutcome } from '../ui/ConfirmDialog.tsx';
import Dialog from '../ui/Dialog.tsx';
import { FieldFrame, INPUT_CLASS, SubmitButton } from '../ui/fields.tsx';

function loadApi() {
  return import('../../data/client/admin/admin-users.ts');
}

function errorToast(description: string) {
  showToast({ title: 'Error', description, variant: 'destructive' });
}

const registerFormSchema = createUserRequestSchema.omit({ action: true });
type RegisterInput = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;

/** Register New User: creates an approved account, optionally mailing an invitation. */
export function RegisterUserDialog({ onCreated }: { onCreated: (user: AdminUserRow) => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      email: '',
      password: '',
      display_name: '',
      page_slug: '',
      category: 'Book Author',
      role: 'User',
      send_invitation: true,
    },
  });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  async function submit(values: RegisterValues) {
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers<'create-user'>({ action: 'create-user', ...values });
    if (!outcome.ok) {
      errorToast(outcome.message || USER_TOASTS.createFailed);
      return;
    }
    showToast({
      title: 'Success',
      description: outcome.data.invitationSent
        ? `User ${values.display_name} created. An invitation email was sent to ${values.email}.`
        : `User ${values.display_name} created without an invitation email. Give them the temporary password.`,
    });
    onCreated(outcome.data.user);
    reset();
    setOpen(false);
  }

  const aria = (name: keyof RegisterInput) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `ru-${name}-error` : undefined,
  });

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Register New User
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => !formState.isSubmitting && setOpen(next)}
        title="Register New User"
        description="The account is created approved, with the email marked verified."
      >
        <form className="space-y-3" noValidate onSubmit={handleSubmit(submit)}>
          <FieldFrame id="ru-email" label="Email" error={errors.email?.message}>
            <input
              id="ru-email"
              type="email"
              autoComplete="off"
              className={INPUT_CLASS}
              {...aria('email')}
              {...register('email')}
            />
          </FieldFrame>
          <FieldFrame id="ru-password" label="Temporary Password" error={errors.password?.message}>
            <input
              id="ru-password"
              type="text"
              autoComplete="off"
              placeholder="Minimum 6 characters"
              className={INPUT_CLASS}
              {...aria('password')}
              {...register('password')}
            />
          </FieldFrame>
          <FieldFrame id="ru-display_name" label="Display Name" error={errors.display_name?.message}>
            <input
              id="ru-display_name"
              className={INPUT_CLASS}
              {...aria('display_name')}
              {...register('display_name')}
            />
          </FieldFrame>
          <FieldFrame id="ru-page_slug" label="Page Slug" error={errors.page_slug?.message}>
            <input
              id="ru-page_slug"
              className={INPUT_CLASS}
              placeholder="Derived from the display name when empty"
              {...aria('page_slug')}
              {...register('page_slug')}
            />
          </FieldFrame>
          <FieldFrame id="ru-category" label="Category" error={errors.category?.message}>
            <select id="ru-category" className={INPUT_CLASS} {...register('category')}>
              {USER_CATEGORIES.map((category) => (
                <option key={category}>{category}</option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id="ru-role" label="Role" error={errors.role?.message}>
            <select id="ru-role" className={INPUT_CLASS} {...register('role')}>
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role}>{role}</option>
              ))}
            </select>
          </FieldFrame>
          <label className="flex items-center gap-2">
            <input type="checkbox" {...register('send_invitation')} />
            Send invitation email
          </label>
          <div className="flex justify-end gap-2 pt-2">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setOpen(false)}
              disabled={formState.isSubmitting}
            >
              Cancel
            </button>
            <SubmitButton busy={formState.isSubmitting} busyLabel="Creating…">
              Create User
            </SubmitButton>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** What the edit dialog says of a member's plan. */
export function planLabel(user: Pick<AdminUserRow, 'subscription_status' | 'plan_source'>): string {
  if (user.subscription_status === 'free') return 'Free';
  if (user.plan_source === 'paid') return 'Premium (paid)';
  if (user.plan_source === 'granted') return 'Premium (granted)';
  return 'Premium';
}

/**
 * The member's plan and the one way an admin changes it: grant or revoke
 * Premium (the set-premium action). A paid plan follows the member's Stripe
 * subscription, so it offers no button.
 */
function PlanControl({ user, onSaved }: { user: AdminUserRow; onSaved: (user: AdminUserRow) => void }) {
  const [busy, setBusy] = useState(false);
  const granted = user.plan_source === 'granted';
  const paid = user.plan_source === 'paid';

  async function toggle() {
    setBusy(true);
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers<'set-premium'>({
      action: 'set-premium',
      userId: user.uid,
      granted: !granted,
    });
    setBusy(false);
    if (!outcome.ok) {
      errorToast(outcome.code === 'failed-precondition' ? outcome.message : USER_TOASTS.saveFailed);
      return;
    }
    showToast({
      title: 'Success',
      description: `${outcome.data.user.display_name} is now on ${planLabel(outcome.data.user)}.`,
    });
    onSaved(outcome.data.user);
  }

  return (
    <div className="rounded border border-line p-3" role="group" aria-labelledby="eu-plan-label">
      <p id="eu-plan-label" className="font-medium">
        Plan: <span data-testid="eu-plan">{planLabel(user)}</span>
      </p>
      {paid ? (
        <p className="mt-1 text-sm text-ink-muted">
          Paid through Stripe: the plan follows the member’s subscription.
        </p>
      ) : (
        <button type="button" className="btn btn-outline mt-2" onClick={toggle} disabled={busy}>
          {busy ? 'Saving…' : granted ? 'Revoke Premium' : 'Grant Premium'}
        </button>
      )}
    </div>
  );
}

/** Edit User: display name, role, category, active and approval; the plan through its own action. */
export function EditUserDialog({
  user,
  onSaved,
  onClose,
}: {
  user: AdminUserRow;
  onSaved: (user: AdminUserRow) => void;
  onClose: () => void;
}) {
  const [current, setCurrent] = useState(user);
  const { register, handleSubmit, formState } = useForm<UpdateUserFields>({
    resolver: zodResolver(updateUserFieldsSchema),
    defaultValues: {
      display_name: user.display_name,
      role: user.role,
      category: user.category ?? 'Book Author',
      is_active: user.is_active,
      approval_status: user.approval_status,
    },
  });
  const errors = formState.errors;

  async function submit(fields: UpdateUserFields) {
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers<'update-user'>({ action: 'update-user', userId: user.uid, fields });
    if (!outcome.ok) {
      errorToast(outcome.code === 'failed-precondition' ? outcome.message : USER_TOASTS.saveFailed);
      return;
    }
    showToast({ title: 'Success', description: `${outcome.data.user.display_name} updated.` });
    onSaved(outcome.data.user);
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !formState.isSubmitting && onClose()}
      title="Edit User"
      description={user.email || user.display_name}
    >
      <form className="space-y-3" noValidate onSubmit={handleSubmit(submit)}>
        <FieldFrame id="eu-display_name" label="Display Name" error={errors.display_name?.message}>
          <input
            id="eu-display_name"
            className={INPUT_CLASS}
            aria-invalid={errors.display_name ? true : undefined}
            aria-describedby={errors.display_name ? 'eu-display_name-error' : undefined}
            {...register('display_name')}
          />
        </FieldFrame>
        <FieldFrame id="eu-role" label="Role">
          <select id="eu-role" className={INPUT_CLASS} {...register('role')}>
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id="eu-category" label="Category">
          <select id="eu-category" className={INPUT_CLASS} {...register('category')}>
            {USER_CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        </FieldFrame>
        <PlanControl
          user={current}
          onSaved={(saved) => {
            setCurrent(saved);
            onSaved(saved);
          }}
        />
        <FieldFrame id="eu-approval" label="Approval">
          <select id="eu-approval" className={INPUT_CLASS} {...register('approval_status')}>
            {APPROVAL_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </FieldFrame>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('is_active')} />
          Active
        </label>
        <div className="flex justify-end gap-2 pt-2">
          <button
            type="button"
            className="btn btn-outline"
            onClick={onClose}
            disabled={formState.isSubmitting}
          >
            Cancel
          </button>
          <SubmitButton busy={formState.isSubmitting}>Save</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** Reset Password: generate, then the temporary password masked, with reveal and copy. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);

  async function generate() {
    setBusy(true);
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers<'reset-password'>({ action: 'reset-password', userId: user.uid });
    setBusy(false);
    if (!outcome.ok) {
      errorToast(USER_TOASTS.resetFailed);
      return;
    }
    setPassword(outcome.data.temporaryPassword);
    showToast({ title: 'Success', description: `Password reset for ${user.display_name}.` });
  }

  async function copy() {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      showToast({ title: 'Success', description: 'Password copied to the clipboard.' });
    } catch {
      errorToast('The password could not be copied; select it and copy it by hand.');
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title="Reset Password"
      description={`A new temporary password for ${user.display_name}. Their other sessions end.`}
    >
      {password === null ? (
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void generate()} disabled={busy}>
            {busy ? 'Generating…' : 'Generate New Password'}
          </button>
        </div>
      ) : (
        <div className="space-y-3">
          <label htmlFor="temporary-password" className="block text-sm font-semibold">
            Temporary Password
          </label>
          <div className="flex gap-2">
            <input
              id="temporary-password"
              readOnly
              type={revealed ? 'text' : 'password'}
              value={password}
              className={`${INPUT_CLASS} font-mono`}
            />
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setRevealed(!revealed)}
              aria-pressed={revealed}
            >
              {revealed ? 'Hide' : 'Show'}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void copy()}>
              Copy
            </button>
          </div>
          <div className="flex justify-end">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** Delete: asks the spec's question, then deletes through the same idempotent job as account deletion. */
export function DeleteUserDialog({
  user,
  onDeleted,
  onClose,
}: {
  user: AdminUserRow;
  onDeleted: (uid: string) => void;
  onClose: () => void;
}) {
  async function confirm(): Promise<ConfirmOutcome> {
    const { adminUsers } = await loadApi();
    const outcome = await adminUsers<'delete-user'>({ action: 'delete-user', userId: user.uid });
    if (!outcome.ok) {
      errorToast(`Failed to delete ${user.display_name}: ${outcome.message}`);
      return 'stay';
    }
    showToast({ title: 'Success', description: `${user.display_name} has been deleted.` });
    onDeleted(user.uid);
    return 'close';
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Delete User"
      description={deleteUserQuestion(user.display_name)}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onConfirm={confirm}
    />
  );
}
