/**
 * The product/service's own fields in the owned-item editor: title required,
 * description, picture, kind and sub-category (a new kind clears the
 * sub-category), the price as text plus an optional number for sorting,
 * currency, condition, contact, website, and tags typed comma-separated
 * (trimmed, blanks dropped) with a live count.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { CONDITION_FORM_OPTIONS, CURRENCIES, MARKETPLACE_KIND_OPTIONS } from '../../domain/marketplace.ts';
import { subcategoryOptions, type ProductEditorValues } from '../../domain/product-page.ts';
import type { ProductService } from '../../domain/product-service.ts';
import { parseTags } from '../../domain/tags.ts';
import { ItemInput, ItemSelect, ItemTextArea } from '../books/item-fields.tsx';
import type { OwnedItemFieldsProps } from '../owned-items/owned-item-kind.ts';
import ProfileImageField from '../profile/ProfileImageField.tsx';

export default function ProductFields({ ownerId, prefix: P }: OwnedItemFieldsProps<ProductService>) {
  const { setValue } = useFormContext<ProductEditorValues>();
  const kind = useWatch<ProductEditorValues, 'category'>({ name: 'category' });
  const tagsText = useWatch<ProductEditorValues, 'tags'>({ name: 'tags' });
  const tagCount = parseTags(tagsText).length;
  const image = useWatch<ProductEditorValues, 'image_url'>({ name: 'image_url' });
  return (
    <>
      <ItemInput name="title" label="Title" prefix={P} required />
      <ItemTextArea name="description" label="Description" prefix={P} rows={4} />
      <ProfileImageField
        value={image}
        onChange={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
        userId={ownerId}
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
          rules={{ onChange: () => setValue('subcategory', '') }}
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
    </>
  );
}
