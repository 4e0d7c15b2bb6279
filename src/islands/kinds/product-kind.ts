/**
 * Products/services as an owned-item kind for the editor kit of src/islands/items/:
 * the product editor's schema and values, the product's own fields and its texts,
 * joined here to the kinds' data calls.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ITEM_MESSAGES } from '../../domain/items/item-save.ts';
import {
  editorToProductForm,
  priceLine,
  productEditorSchema,
  productKindLabel,
  toProductEditorValues,
  type ProductEditorValues,
} from '../../domain/items/product-page.ts';
import type { ProductService } from '../../domain/items/product-service.ts';
import type { OwnedItemKind } from '../items/owned-item-kind.ts';
import ProductFields from '../items/ProductFields.tsx';

/** The data layer, loaded only when an item is read or written. */
const items = () => import('../../data/client/kinds/items.ts');

export const productKind: OwnedItemKind<ProductService, ProductEditorValues> = {
  name: 'product',
  plural: 'products',
  limit: 'products_services',
  idPrefix: 'product',
  listIdPrefix: 'ps',
  // Each item's editor in the list has its own ids.
  listEditorIdPrefix: (listPrefix, key) => `${listPrefix}-${key}`,
  resolver: zodResolver(productEditorSchema),
  toValues: toProductEditorValues,
  Fields: ProductFields,
  adminSection: false,
  // A product's Featured flag is the admin's to set: the marketplace's 'Featured
  // First' sort lists featured items first (a book's follows the home page's slots).
  adminFlags: [
    {
      name: 'is_active',
      label: 'Active',
      hint: 'A disabled item is hidden from everyone but its owner and admins.',
    },
    {
      name: 'is_featured',
      label: 'Featured',
      hint: "The marketplace's 'Featured First' sort lists featured items first.",
    },
  ],
  formClass: 'space-y-4 rounded-xl border border-line bg-paper p-4 sm:p-6',
  footerClass: 'flex flex-wrap gap-2 border-t border-line pt-4',
  summary: (item) => `${productKindLabel(item)}${priceLine(item) ? ` · ${priceLine(item)}` : ''}`,
  path: (item) => `/product-service/${encodeURIComponent(item.id)}`,
  pathAfterDelete: () => '/',
  load: async (id) => (await items()).loadItem('product', id),
  loadMemberItems: async (userId) => (await items()).loadMemberItems('product', userId),
  save: async ({ itemId, userId, values, admin }) =>
    (await items()).saveItem('product', { id: itemId, userId, fields: editorToProductForm(values), admin }),
  remove: async (id) => (await items()).deleteItem('product', id),
  texts: {
    addLabel: 'Add a product or service',
    deleteButton: 'Delete',
    deleteTitle: 'Delete Product/Service',
    saveFailed: ITEM_MESSAGES.productSaveFailed,
    deleteFailed: ITEM_MESSAGES.productDeleteFailed,
    added: ITEM_MESSAGES.productAdded,
    updated: ITEM_MESSAGES.productUpdated,
    deleted: ITEM_MESSAGES.productDeleted,
    listHeading: 'Products & Services',
    listNote: 'Products and services are saved on their own, as soon as you save each one.',
    listLoading: 'Loading products and services…',
    listLoadFailed: ITEM_MESSAGES.productLoadFailed,
    listEmpty: 'No products or services yet.',
    addButton: 'Add Product/Service',
    counterNoun: 'products/services',
    pageLoadFailed: ITEM_MESSAGES.productLoadFailed,
    notFoundTitle: 'Product/Service Not Found',
  },
};
