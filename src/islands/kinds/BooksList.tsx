/** The profile editor's Books section: the generic owned-item list for books. */
import OwnedItemsList, { type OwnedItemsListProps } from '../items/OwnedItemsList.tsx';
import { bookKind } from './book-kind.ts';

export default function BooksList(props: OwnedItemsListProps) {
  return <OwnedItemsList kind={bookKind} {...props} />;
}
