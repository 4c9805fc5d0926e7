import { MONTH_PATTERN } from '@mizan/core';
import { Input } from '../../../components/ui/input';

/** The month a report runs up to ('Sampai bulan'), at most `max`; only a whole month typed reaches `onChange`. */
export function SampaiBulanField({ value, max, onChange }: { value: string; max: string; onChange(month: string): void }) {
  return (
    <label className="grid gap-1 text-sm font-medium text-ink">
      Sampai bulan
      <Input
        type="month"
        value={value}
        max={max}
        onChange={(e) => MONTH_PATTERN.test(e.target.value) && onChange(e.target.value)}
        className="w-44"
      />
    </label>
  );
}
