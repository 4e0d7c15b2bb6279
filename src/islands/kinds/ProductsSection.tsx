/** The profile editor's Products & Services section: the generic owned-item list for products/services. */
import OwnedItemsList, { type OwnedItemsListProps } from '../items/OwnedItemsList.tsx';
import { productKind } from './product-kind.ts';

export default function ProductsSection(props: OwnedItemsListProps) {
  return <OwnedItemsList kind={productKind} {...props} />;
}
