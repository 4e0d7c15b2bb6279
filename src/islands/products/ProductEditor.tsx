/**
 * The product/service editor: title required ('Title is required.'), tags typed
 * comma-separated (trimmed, blanks dropped), the price as text plus an optional
 * number for sorting, currency, condition, contact, picture and website. Save
 * goes through the saveProductService function; Cancel restores the saved
 * values; Delete asks first. Only an admin editing an existing item sees the
 * active checkbox.
 */
import { useStore } from '@nanostores/react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type MouseEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ITEM_MESSAGES } from '../../domain/item-save.ts';
import { CONDITION_FORM_OPTIONS, CURRENCIES, MARKETPLACE_KIND_OPTIONS } from '../../domain/marketplace.ts';
import { LIMIT_MESSAGES } from '../../domain/plan-limits.ts';
import type { ProductService } from '../../domain/product-service.ts';
import {
  editorToProductForm,
  productEditorSchema,
  subcategoryOptions,
  toProductEditorValues,
  type ProductEditorValues,
} from '../../domain/product-page.ts';
import { parseTags } from '../../domain/tags.ts';
import { showToast } from '../../lib/toast.ts';
import { ItemCheckbox, ItemInput, ItemSelect, ItemTextArea } from '../books/item-fields.tsx';
import ProfileImageField from '../profile/ProfileImageField.tsx';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import { useKeptDraft } from '../use-kept-draft.ts';

interface Props {
  /** The stored item, or null to add one. */
  item: ProductService | null;
  /** Owner of a new item. */
  userId: string;
  admin: boolean;
  /** Prefix of the inputs' ids (several editors may share a page). */
  idPrefix?: string;
  onCancel: () => void;
  onSaved: (id: string, created: boolean) => void;
  onDeleted?: () => void;
}

/** The admin-only fields the admin changed, as the save request's `admin` part (absent when none changed). */
function adminChanges(values: ProductEditorValues, item: ProductService) {
  const changed = {
    ...(values.is_active !== item.is_active ? { is_active: values.is_active } : {}),
    ...(values.is_featured !== item.is_featured ? { is_featured: values.is_featured } : {}),
  };
  return Object.keys(changed).length > 0 ? { admin: changed } : {};
}

/** The name the product/service editor's unsaved values are kept under when a session ends (kept-draft.ts). */
export function productDraftKey(itemId: string | null, userId: string): string {
  return itemId ? `product:${itemId}` : `product:new:${userId}`;
}

export default function ProductEditor({
  item,
  userId,
  admin,
  idPrefix = 'product',
  onCancel,
  onSaved,
  onDeleted,
}: Props) {
  const P = idPrefix;
  const [loaded] = useState<ProductEditorValues>(() => toProductEditorValues(item ?? undefined));
  const [saving, setSaving] = useState(false);
  // Save waits for a cover/picture upload in flight: saving now would keep the old one.
  const uploading = useStore($uploadsInFlight) > 0;
  const form = useForm<ProductEditorValues>({
    resolver: zodResolver(productEditorSchema),
    defaultValues: loaded,
    reValidateMode: 'onChange',
  });
  useKeptDraft(form, productDraftKey(item?.id ?? null, userId));
  const kind = useWatch({ control: form.control, name: 'category' });
  const tagsText = useWatch({ control: form.control, name: 'tags' });
  const tagCount = parseTags(tagsText).length;
  const image = useWatch({ control: form.control, name: 'image_url' });

  async function save(values: ProductEditorValues) {
    setSaving(true);
    try {
      const { saveProductService } = await import('../../data/client/items.ts');
      const outcome = await saveProductService({
        ...(item ? { itemId: item.id } : { userId }),
        item: editorToProductForm(values),
        ...(admin && item ? adminChanges(values, item) : {}),
      });
      if (!outcome.ok) {
        showToast(
          outcome.code === 'resource-exhausted'
            ? {
                title: 'Limit reached',
                description: LIMIT_MESSAGES.products_services,
                variant: 'destructive',
              }
            : {
                title: ITEM_MESSAGES.productSaveFailed,
                description: outcome.message,
                variant: 'destructive',
              },
        );
        setSaving(false);
        return;
      }
      setSaving(false);
      onSaved(outcome.data.id, !item);
    } catch (error) {
      console.error('Product save failed', error);
      showToast({ title: ITEM_MESSAGES.productSaveFailed, variant: 'destructive' });
      setSaving(false);
    }
  }

  function refuse() {
    showToast({ title: 'Error', description: ITEM_MESSAGES.fixErrors, variant: 'destructive' });
  }

  function cancel() {
    form.reset(loaded);
    onCancel();
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}
        noValidate
        aria-busy={saving}
        aria-label={item ? `Edit ${item.title}` : 'Add a product or service'}
        className="space-y-4 rounded-xl border border-line bg-paper p-4 sm:p-6"
        data-product-editor
      >
        <ItemInput name="title" label="Title" prefix={P} required />
        <ItemTextArea name="description" label="Description" prefix={P} rows={4} />
        <ProfileImageField
          value={image}
          onChange={(url) => form.setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
          userId={item?.user_id ?? userId}
          label="Product Image"
          kind="product-images"
          shape="cover"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <ItemSelect
            name="category"
            label="Category"
            prefix={P}
            options={MARKETPLACE_KIND_OPTIONS}
            rules={{ onChange: () => form.setValue('subcategory', '') }}
          />
          <ItemSelect
            name="subcategory"
            label="Sub-category"
            prefix={P}
            options={[{ value: '', label: 'None' }, ...subcategoryOptions(kind)]}
          />
          <ItemInput
            name="price"
            label="Price"
            prefix={P}
            hint="As buyers should read it: '$25', 'from $100/hour', 'Free'."
          />
          <ItemInput
            name="price_numeric"
            label="Price as a number (for sorting)"
            prefix={P}
            inputMode="decimal"
            hint="Left empty, it is read from the price."
          />
          <ItemSelect
            name="currency"
            label="Currency"
            prefix={P}
            options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          />
          <ItemSelect name="condition" label="Condition" prefix={P} options={CONDITION_FORM_OPTIONS} />
          <ItemInput name="contact_info" label="Contact info" prefix={P} />
          <ItemInput name="website_url" label="Website URL" prefix={P} type="url" inputMode="url" />
          <ItemInput name="image_url" label="Image URL" prefix={P} type="url" inputMode="url" />
          <ItemInput
            name="tags"
            label="Tags"
            prefix={P}
            hint="Separate tags with commas."
            aside={<span className="text-sm text-ink-muted">{tagCount} tags</span>}
          />
        </div>
        {admin && item ? (
          <>
            <ItemCheckbox
              name="is_active"
              label="Active"
              prefix={P}
              hint="A disabled item is hidden from everyone but its owner and admins."
            />
            <ItemCheckbox
              name="is_featured"
              label="Featured"
              prefix={P}
              hint="The marketplace's 'Featured First' sort lists featured items first."
            />
          </>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          <button type="submit" className="btn btn-primary" disabled={saving || uploading}>
            {saving ? 'Saving…' : uploading ? 'Uploading image…' : 'Save'}
          </button>
          <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
            Cancel
          </button>
          {item && onDeleted ? <DeleteProduct item={item} onDeleted={onDeleted} disabled={saving} /> : null}
        </div>
      </form>
    </FormProvider>
  );
}

function DeleteProduct({
  item,
  onDeleted,
  disabled,
}: {
  item: ProductService;
  onDeleted: () => void;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(event: MouseEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { deleteProductService } = await import('../../data/client/items.ts');
      const outcome = await deleteProductService(item.id);
      if (!outcome.ok) {
        showToast({
          title: ITEM_MESSAGES.productDeleteFailed,
          description: outcome.message,
          variant: 'destructive',
        });
        setBusy(false);
        return;
      }
      setBusy(false);
      setOpen(false);
      onDeleted();
    } catch (error) {
      console.error('Product delete failed', error);
      showToast({ title: ITEM_MESSAGES.productDeleteFailed, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className="btn btn-outline sm:ml-auto" disabled={disabled}>
        Delete
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        {/* A plain backdrop, not AlertDialog.Overlay: the Overlay injects a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl">
          <AlertDialog.Title className="mb-2 text-xl font-bold">Delete Product/Service</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">
            Are you sure you want to delete “{item.title}”? This action cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" disabled={busy} onClick={confirm}>
              {busy ? 'Deleting…' : 'Delete'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
