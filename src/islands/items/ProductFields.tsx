/**
 * The product/service's own fields in the owned-item editor: title required,
 * description, picture, kind and sub-category (a new kind clears the
 * sub-category), the price as text plus an optional number for sorting,
 * currency, condition, contact, website, and tags typed comma-separated
 * (trimmed, blanks dropped) with a live count.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { MARKETPLACE_KIND_OPTIONS } from '../../domain/items/marketplace.ts';
import { subcategoryOptions, type ProductEditorValues } from '../../domain/items/product-page.ts';
import type { ProductService } from '../../domain/items/product-service.ts';
import { parseTags } from '../../domain/shared/tags.ts';
import { SelectInput, TextArea, TextInput } from '../ui/fields.tsx';
import type { OwnedItemFieldsProps } from './owned-item-kind.ts';
import { ConditionSelect, CurrencySelect } from './listing-fields.tsx';
import ProfileImageField from '../media/ProfileImageField.tsx';

export default function ProductFields({ ownerId, prefix: P }: OwnedItemFieldsProps<ProductService>) {
  const { setValue } = useFormContext<ProductEditorValues>();
  const kind = useWatch<ProductEditorValues, 'category'>({ name: 'category' });
  const tagsText = useWatch<ProductEditorValues, 'tags'>({ name: 'tags' });
  const tagCount = parseTags(tagsText).length;
  const image = useWatch<ProductEditorValues, 'image_url'>({ name: 'image_url' });
  return (
    <>
      <TextInput name="title" label="Title" idPrefix={P} required />
      <TextArea name="description" label="Description" idPrefix={P} rows={4} />
      <ProfileImageField
        value={image}
        onChange={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
        userId={ownerId}
        label="Product Image"
        kind="product-images"
        shape="cover"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectInput
          name="category"
          label="Category"
          idPrefix={P}
          options={MARKETPLACE_KIND_OPTIONS}
          rules={{ onChange: () => setValue('subcategory', '') }}
        />
        <SelectInput
          name="subcategory"
          label="Sub-category"
          idPrefix={P}
          options={[{ value: '', label: 'None' }, ...subcategoryOptions(kind)]}
        />
        <TextInput
          name="price"
          label="Price"
          idPrefix={P}
          hint="As buyers should read it: '$25', 'from $100/hour', 'Free'."
        />
        <TextInput
          name="price_numeric"
          label="Price as a number (for sorting)"
          idPrefix={P}
          inputMode="decimal"
          hint="Left empty, it is read from the price."
        />
        <CurrencySelect idPrefix={P} />
        <ConditionSelect idPrefix={P} />
        <TextInput name="contact_info" label="Contact info" idPrefix={P} />
        <TextInput name="website_url" label="Website URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput name="image_url" label="Image URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput
          name="tags"
          label="Tags"
          idPrefix={P}
          hint="Separate tags with commas."
          aside={<span className="text-sm text-ink-muted">{tagCount} tags</span>}
        />
      </div>
    </>
  );
}
