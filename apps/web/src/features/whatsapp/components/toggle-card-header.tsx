import { CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/input';

/** A card's header with its title and a checkbox that turns what the card describes on or off, saying which it is. */
export function ToggleCardHeader({
  title,
  checked,
  onChange,
  disabled,
  ariaLabel,
  onText,
  offText,
}: {
  title: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled: boolean;
  ariaLabel: string;
  /** Said beside the checkbox while it is checked. */
  onText: string;
  /** Said beside the checkbox while it is not. */
  offText: string;
}) {
  return (
    <CardHeader className="flex flex-wrap items-center justify-between gap-3">
      <CardTitle>{title}</CardTitle>
      <label className="flex items-center gap-2 text-sm font-medium text-ink">
        <Checkbox
          className="h-4 w-4 accent-brand-600"
          checked={checked}
          disabled={disabled}
          aria-label={ariaLabel}
          onChange={onChange}
        />
        {checked ? onText : offText}
      </label>
    </CardHeader>
  );
}
