/**
 * The fields of the listing vocabulary (src/domain/items/marketplace.ts) that every kind
 * offered for sale shows the same way, the product/service editor and the ad form alike,
 * so a buyer reads one currency and one condition list wherever a seller typed them.
 */
import { CONDITION_FORM_OPTIONS, CURRENCIES } from '../../domain/items/marketplace.ts';
import { SelectInput } from '../ui/fields.tsx';

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: code }));

/** The listing's currency (form path `currency`). */
export function CurrencySelect({ idPrefix }: { idPrefix: string }) {
  return <SelectInput name="currency" label="Currency" idPrefix={idPrefix} options={CURRENCY_OPTIONS} />;
}

/** The listing's condition, 'Not specified' first (form path `condition`). */
export function ConditionSelect({ idPrefix }: { idPrefix: string }) {
  return (
    <SelectInput name="condition" label="Condition" idPrefix={idPrefix} options={CONDITION_FORM_OPTIONS} />
  );
}
