import { MONTH_PATTERN, tipePinjaman, tipePinjamanLabels, type TipePinjaman } from '@mizan/core';
import { Input, LabeledOptions, Select } from '../../../components/ui/input';

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

/** A report's loan type filter ('Tipe': every type, or Murabahah or Mudharabah alone). */
export function TipeField({
  value,
  onChange,
  className,
}: {
  value: TipePinjaman | 'all';
  onChange(tipe: TipePinjaman | 'all'): void;
  className: string;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium text-ink">
      Tipe
      <Select value={value} onChange={(e) => onChange(e.target.value as TipePinjaman | 'all')} className={className}>
        <option value="all">Semua tipe</option>
        <LabeledOptions values={tipePinjaman} labels={tipePinjamanLabels} />
      </Select>
    </label>
  );
}
