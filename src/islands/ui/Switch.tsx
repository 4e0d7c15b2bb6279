/**
 * The one on/off switch of the islands (Radix Switch): a member's setting that
 * saves when it flips, or a boolean field of a form. The label is the caller's
 * `<label htmlFor={id}>`, beside it where the page wants it.
 */
import * as RadixSwitch from '@radix-ui/react-switch';

interface SwitchProps {
  /** The switch's id, the label's htmlFor. */
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Ids of the texts that describe the switch (a hint, an error). */
  describedBy?: string;
  /** True while the change it made is being saved. */
  busy?: boolean;
}

export default function Switch({ id, checked, onCheckedChange, disabled, describedBy, busy }: SwitchProps) {
  return (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onCheckedChange={onCheckedChange}
      className="relative h-6 w-11 shrink-0 rounded-full bg-line disabled:opacity-60 data-[state=checked]:bg-accent"
    >
      <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
    </RadixSwitch.Root>
  );
}
