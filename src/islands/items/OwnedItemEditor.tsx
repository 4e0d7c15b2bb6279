/**
 * The editor of one owned item (a book, a product/service): the kind's own
 * fields in a react-hook-form validated by the kind's schema, Save through the
 * kind's callable (waiting for an upload in flight), Cancel restoring the saved
 * values, Delete after a confirmation, and, for an admin editing an existing
 * item, the kind's admin-only checkboxes (Active; Featured for products). Unsaved values are kept when a session ends.
 * A refused save that the kind ties to one field (a book's ISBN another book holds) shows its message under that field.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { showToast } from '../../lib/toast.ts';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import ConfirmDialog, { type ConfirmOutcome } from '../ui/ConfirmDialog.tsx';
import { CheckboxInput, SubmitButton } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';
import { useKeptDraft } from '../ui/use-kept-draft.ts';
import { failureToast } from '../ui/failure-toast.ts';
import { saveFailureToast } from './save-failure-toast.ts';
import {
  ownedItemDraftKey,
  type AdminFlag,
  type OwnedItem,
  type OwnedItemKind,
  type OwnedItemValues,
} from './owned-item-kind.ts';

/** The admin-only flags the admin changed, as the save's `admin` part (absent when none changed). */
function adminChanges(flags: readonly AdminFlag[], values: OwnedItemValues, item: OwnedItem) {
  const stored = item as unknown as Record<string, unknown>;
  const changed = Object.fromEntries(
    flags
      .filter(({ name }) => values[name] !== (stored[name] ?? false))
      .map(({ name }) => [name, values[name] === true]),
  );
  return Object.keys(changed).length > 0 ? { admin: changed } : {};
}

interface Props<Item extends OwnedItem, Values extends OwnedItemValues> {
  kind: OwnedItemKind<Item, Values>;
  /** The stored item, or null to add one. */
  item: Item | null;
  /** Owner of a new item (the signed-in member, or the member an admin edits). */
  userId: string;
  /** True for an admin: the kind's admin checkboxes show for an existing item. */
  admin: boolean;
  /** Prefix of the inputs' ids (several editors may share a page); the kind's own by default. */
  idPrefix?: string;
  /** Leaves edit mode without saving (the form is reset to the saved values first). */
  onCancel: () => void;
  /** After a successful save. */
  onSaved: (id: string, created: boolean) => void;
  /** After a successful delete; without it there is no Delete button. */
  onDeleted?: () => void;
}

export default function OwnedItemEditor<Item extends OwnedItem, Values extends OwnedItemValues>({
  kind,
  item,
  userId,
  admin,
  idPrefix = kind.idPrefix,
  onCancel,
  onSaved,
  onDeleted,
}: Props<Item, Values>) {
  const { texts } = kind;
  const [loaded] = useState<Values>(() => kind.toValues(item ?? undefined));
  const [saving, setSaving] = useState(false);
  // Save waits for a cover/picture upload in flight: saving now would keep the old one.
  const uploading = useStore($uploadsInFlight) > 0;
  const form = useForm<Values>({
    resolver: kind.resolver,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-hook-form's DefaultValues<Values> is Values made deeply partial
    defaultValues: loaded as any,
    reValidateMode: 'onChange',
  });
  useKeptDraft(form, ownedItemDraftKey(kind.name, item?.id ?? null, userId));

  async function save(values: Values) {
    setSaving(true);
    try {
      const outcome = await kind.save({
        itemId: item?.id,
        userId,
        values,
        ...(admin && item ? adminChanges(kind.adminFlags, values, item) : {}),
      });
      if (!outcome.ok) {
        // A refusal about one field is shown under it (the ISBN another book holds); any other as a toast.
        const atField = kind.refusedField?.(outcome) ?? null;
        if (atField)
          form.setError(atField.field, { type: 'server', message: atField.message }, { shouldFocus: true });
        else showToast(saveFailureToast(texts.saveFailed, kind.limit, outcome));
        setSaving(false);
        return;
      }
      // Saving stays on: the caller closes the editor or leaves the page.
      onSaved(outcome.data.id, !item);
    } catch (error) {
      console.error(texts.saveFailed, error);
      showToast(failureToast(texts.saveFailed));
      setSaving(false);
    }
  }

  function cancel() {
    form.reset(loaded);
    onCancel();
  }

  const activeBox = kind.adminFlags.map((flag) => (
    <CheckboxInput key={flag.name} name={flag.name} label={flag.label} idPrefix={idPrefix} hint={flag.hint} />
  ));
  return (
    <FormProvider {...form}>
      <form
        onSubmit={submitValid(form, save)}
        noValidate
        aria-busy={saving}
        aria-label={item ? `Edit ${item.title}` : texts.addLabel}
        className={kind.formClass}
        {...{ [`data-${kind.name}-editor`]: true }}
      >
        <kind.Fields item={item} ownerId={item?.user_id ?? userId} prefix={idPrefix} />
        {admin && item && kind.adminSection ? (
          <section
            aria-labelledby={`${idPrefix}-admin-heading`}
            className="space-y-2 rounded-lg border border-line p-4"
          >
            <h2 id={`${idPrefix}-admin-heading`} className="text-lg font-bold">
              Admin
            </h2>
            {activeBox}
          </section>
        ) : null}
        {admin && item && !kind.adminSection ? activeBox : null}
        <div className={kind.footerClass}>
          <SubmitButton busy={saving} waitingLabel={uploading ? 'Uploading image…' : undefined}>
            Save
          </SubmitButton>
          <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
            Cancel
          </button>
          {item && onDeleted ? (
            <DeleteOwnedItem kind={kind} item={item} onDeleted={onDeleted} disabled={saving} />
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}

interface DeleteProps<Item extends OwnedItem, Values extends OwnedItemValues> {
  kind: OwnedItemKind<Item, Values>;
  item: Item;
  onDeleted: () => void;
  disabled: boolean;
}

/** Delete, after the person confirms; a failure keeps the dialog open for another try. */
function DeleteOwnedItem<Item extends OwnedItem, Values extends OwnedItemValues>({
  kind,
  item,
  onDeleted,
  disabled,
}: DeleteProps<Item, Values>) {
  const { texts } = kind;

  async function remove(): Promise<ConfirmOutcome> {
    try {
      const outcome = await kind.remove(item.id);
      if (!outcome.ok) {
        showToast(failureToast(texts.deleteFailed, outcome));
        return 'stay';
      }
      // The caller closes the editor or leaves the page: the dialog stays busy until then.
      onDeleted();
      return 'leave';
    } catch (error) {
      console.error(texts.deleteFailed, error);
      showToast(failureToast(texts.deleteFailed));
      return 'stay';
    }
  }

  return (
    <ConfirmDialog
      trigger={texts.deleteButton}
      triggerClassName="btn btn-outline sm:ml-auto"
      triggerDisabled={disabled}
      title={texts.deleteTitle}
      description={`Are you sure you want to delete “${item.title}”? This action cannot be undone.`}
      confirmLabel={texts.deleteButton}
      busyLabel="Deleting…"
      onConfirm={remove}
    />
  );
}
