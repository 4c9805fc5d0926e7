import { MONTH_PATTERN, tipePinjaman, tipePinjamanLabels, type TipePinjaman } from '@mizan/core';
import { LabelAbove } from '../../../components/ui/field';
import { Input, LabeledOptions, Select } from '../../../components/ui/input';

/** The month a report runs up to ('Sampai bulan'), at most `max`; only a whole month typed reaches `onChange`. */
export function SampaiBulanField({ value, max, onChange }: { value: string; max: string; onChange(month: string): void }) {
  return (
    <LabelAbove label="Sampai bulan">
      <Input
        type="month"
        value={value}
        max={max}
        onChange={(e) => MONTH_PATTERN.test(e.target.value) && onChange(e.target.value)}
        className="w-44"
      />
    </LabelAbove>
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
    <LabelAbove label="Tipe">
      <Select value={value} onChange={(e) => onChange(e.target.value as TipePinjaman | 'all')} className={className}>
        <option value="all">Semua tipe</option>
        <LabeledOptions values={tipePinjaman} labels={tipePinjamanLabels} />
      </Select>
    </LabelAbove>
  );
}
