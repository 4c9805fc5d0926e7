import { Landmark } from 'lucide-react';
import { formatNik, formatRupiah, matchesPinjamanSearch, tipePinjamanLabels } from '@mizan/core';
import { EntityPicker } from '../../../components/ui/entity-picker';
import type { Pembayaran, Pinjaman } from '../types';
import { loanCode } from '@mizan/core';

/** A chosen loan: a full loan, or the short form nested in a payment (edit form, before the loan is loaded). */
export type LoanChoice = Pinjaman | Pembayaran['pinjaman'];

export const isFullLoan = (loan: LoanChoice): loan is Pinjaman => 'jumlah' in loan;

export interface LoanPickerProps {
  value: LoanChoice | null;
  onChange(loan: Pinjaman): void;
  /** The aktif loans (limit 100). */
  options: Pinjaman[] | undefined;
  loading: boolean;
  failed: boolean;
  error?: string;
  disabled?: boolean;
}

/**
 * Loan picker of the payment form (spec §9): the aktif loans, searched locally by the customer's
 * name, the nomor_pinjaman or the amount. The chosen loan is shown as a card with a 'Ganti' button.
 */
export function LoanPicker({ value, onChange, options, loading, failed, error, disabled }: LoanPickerProps) {
  return (
    <EntityPicker<Pinjaman, LoanChoice>
      label="Pinjaman"
      required
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      failed={failed}
      matches={matchesPinjamanSearch}
      searchPlaceholder="Cari nama nasabah, nomor pinjaman atau jumlah..."
      texts={{ failed: 'Gagal memuat data pinjaman', notFound: 'Pinjaman tidak ditemukan', empty: 'Belum ada pinjaman aktif' }}
      icon={<Landmark className="h-5 w-5" />}
      valueTestId="pinjaman-terpilih"
      renderValue={(loan) => (
        <>
          <p className="truncate font-semibold text-ink">{loan.nasabah.nama}</p>
          <p className="text-xs text-muted">
            {loanCode(loan)} · {tipePinjamanLabels[loan.tipe]}
            {loan.nasabah.nik ? ` · NIK ${formatNik(loan.nasabah.nik)}` : ''}
          </p>
          {isFullLoan(loan) ? (
            <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-muted">Jumlah pinjaman</dt>
              <dd className="text-right font-medium text-ink tabular-nums">{formatRupiah(loan.jumlah)}</dd>
              <dt className="text-muted">Sisa pokok</dt>
              <dd className="text-right font-medium text-ink tabular-nums">{formatRupiah(loan.sisa_pokok)}</dd>
              {loan.angsuran_per_bulan !== null ? (
                <>
                  <dt className="text-muted">Angsuran per bulan</dt>
                  <dd className="text-right font-medium text-ink tabular-nums">{formatRupiah(loan.angsuran_per_bulan)}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </>
      )}
      renderOption={(loan) => ({
        main: (
          <>
            <span className="block truncate font-medium text-ink">{loan.nasabah.nama}</span>
            <span className="block truncate text-xs text-muted">
              {loanCode(loan)} · {tipePinjamanLabels[loan.tipe]}
            </span>
          </>
        ),
        aside: <span className="font-medium text-ink tabular-nums">{formatRupiah(loan.jumlah)}</span>,
      })}
      error={error}
      disabled={disabled}
    />
  );
}
