import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { formatPercent, formatRupiah, summarizeMudharabahLoan, summarizeMurabahahLoan, type Jadwal } from '@mizan/core';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import type { LoanPayment, Pinjaman } from '../types';

function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-muted">{label}</span>
        <span className="text-2xl font-bold text-brand-800" data-testid="progress-percent">
          {formatPercent(percent)}
        </span>
      </div>
      <div
        className="mt-2 h-3 overflow-hidden rounded-full bg-brand-100"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent * 100) / 100}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-canvas px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** The progress panel (spec §9): principal paid / jumlah (pokok), all payments / (jumlah + profit) (non-pokok). */
/**
 * A rescheduled loan's instalments still owed, from its ledger (issue 27 D): the akad's count no
 * longer holds once the schedule changed. Undefined when the loan was never rescheduled.
 */
function rescheduledLeft(pinjaman: Pinjaman, jadwal: Jadwal | undefined): number | null | undefined {
  if (!pinjaman.dijadwalkan_ulang) return undefined;
  return jadwal ? jadwal.angsuran.filter((line) => line.sisa > 0).length : null;
}

export function ProgressPanel({ pinjaman, payments, jadwal }: { pinjaman: Pinjaman; payments: LoanPayment[]; jadwal?: Jadwal }) {
  if (pinjaman.tipe === 'pokok') {
    const s = summarizeMurabahahLoan(pinjaman, payments);
    return (
      <Card>
        <CardHeader>
          <CardTitle>Progress Pembayaran</CardTitle>
        </CardHeader>
        <CardBody className="space-y-4">
          <ProgressBar percent={s.progressPercent} label="Pokok terbayar" />
          <dl className="grid grid-cols-2 gap-2">
            <Figure label="Pokok Terbayar" value={formatRupiah(s.principalPaid)} />
            <Figure label="Sisa Pokok" value={formatRupiah(s.remainingPrincipal)} />
            <Figure label="Total Dibayar" value={formatRupiah(s.totalPaid)} />
            <Figure
              label="Sisa Angsuran"
              value={(() => {
                const left = rescheduledLeft(pinjaman, jadwal);
                const count = left === undefined ? s.remainingInstalments : left;
                return count === null ? '-' : `${count} bulan`;
              })()}
            />
          </dl>
        </CardBody>
      </Card>
    );
  }
  const s = summarizeMudharabahLoan(pinjaman, payments);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Progress Pembayaran</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <ProgressBar percent={s.progressPercent} label="Pembayaran terhadap pokok dan bagi hasil" />
        <dl className="grid grid-cols-2 gap-2">
          <Figure label="Pokok Kembali" value={formatRupiah(s.principalReturned)} />
          <Figure label="Sisa Pokok" value={formatRupiah(s.remainingPrincipal)} />
          <Figure label="Bagi Hasil Diterima" value={formatRupiah(s.profitShared)} />
          <Figure label="Total Dibayar" value={formatRupiah(s.totalPaid)} />
        </dl>
      </CardBody>
    </Card>
  );
}

interface Line {
  label: string;
  formula: string;
  value: string;
  strong?: boolean;
  testId?: string;
}

function CalculationTable({ lines }: { lines: Line[] }) {
  return (
    <dl className="divide-y divide-line">
      {lines.map((line) => (
        <div key={line.label} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5 py-2.5">
          <dt className={line.strong ? 'text-sm font-semibold text-ink' : 'text-sm text-ink'}>{line.label}</dt>
          <dd
            className={line.strong ? 'text-right text-base font-bold text-brand-800' : 'text-right text-sm font-semibold'}
            data-testid={line.testId}
          >
            {line.value}
          </dd>
          <dd className="col-span-2 font-mono text-xs text-muted">{line.formula}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The detailed calculation panel with the formulas of spec §9 (pokok: Murabahah; non-pokok: Mudharabah). */
export function CalculationPanel({
  pinjaman,
  payments,
  jadwal,
}: {
  pinjaman: Pinjaman;
  payments: LoanPayment[];
  jadwal?: Jadwal;
}) {
  const rp = formatRupiah;
  const pct = formatPercent(pinjaman.persentase);
  if (pinjaman.tipe === 'pokok') {
    const s = summarizeMurabahahLoan(pinjaman, payments);
    const f = s.figures;
    const lines: Line[] = [
      {
        label: 'Margin per Bulan',
        formula: `${rp(pinjaman.jumlah)} × ${pct}`,
        value: rp(s.profitPerMonth),
        testId: 'calc-margin-bulan',
      },
    ];
    if (f) {
      lines.push(
        {
          label: 'Total Margin',
          formula: `${rp(s.profitPerMonth)} × ${f.durasi} bulan`,
          value: rp(f.totalProfit),
          testId: 'calc-total-margin',
        },
        {
          label: 'Total Kewajiban',
          formula: `${rp(pinjaman.jumlah)} + ${rp(f.totalProfit)}`,
          value: rp(f.totalObligation),
          testId: 'calc-total-kewajiban',
        },
        {
          label: 'Angsuran per Bulan',
          formula: `${rp(f.totalObligation)} ÷ ${f.durasi} bulan`,
          value: rp(f.monthlyInstalment),
          strong: true,
          testId: 'calc-angsuran',
        },
      );
    }
    lines.push(
      {
        label: 'Pokok Terbayar',
        formula: s.settled ? 'Lunas dengan pembayaran pelunasan' : 'Σ pembayaran jenis pokok dan angsuran',
        value: rp(s.principalPaid),
      },
      { label: 'Sisa Pokok', formula: `${rp(pinjaman.jumlah)} − ${rp(s.principalPaid)}`, value: rp(s.remainingPrincipal) },
    );
    if (f) {
      lines.push(
        {
          label: 'Sisa Angsuran',
          formula: s.settled
            ? 'Lunas dengan pembayaran pelunasan'
            : pinjaman.dijadwalkan_ulang
              ? 'Angsuran jadwal baru yang belum lunas (dijadwalkan ulang)'
              : `${f.durasi} − ⌊${rp(s.principalPaid)} ÷ ${rp(f.monthlyInstalment)}⌋`,
          value: `${(pinjaman.dijadwalkan_ulang ? rescheduledLeft(pinjaman, jadwal) : s.remainingInstalments) ?? 0} bulan`,
        },
        {
          label: 'Sisa Margin',
          formula: s.settled
            ? 'Dilunasi, atau tidak ditagih saat pelunasan'
            : `${rp(f.totalProfit)} − Σ bagi hasil (${rp(s.profitPaid)})`,
          value: rp(s.remainingProfit ?? 0),
        },
      );
    }
    lines.push({
      label: 'Progress',
      formula: `${rp(s.principalPaid)} ÷ ${rp(pinjaman.jumlah)}, maks. 100%`,
      value: formatPercent(s.progressPercent),
    });
    return (
      <Card>
        <CardHeader>
          <CardTitle>Rincian Perhitungan Murabahah</CardTitle>
        </CardHeader>
        <CardBody>
          {!f ? (
            <p className="mb-2 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              Durasi angsuran belum diisi, sehingga total margin, angsuran dan jadwal tidak dapat dihitung.
            </p>
          ) : null}
          <CalculationTable lines={lines} />
        </CardBody>
      </Card>
    );
  }
  const s = summarizeMudharabahLoan(pinjaman, payments);
  const lines: Line[] = [
    {
      label: 'Bagi Hasil per Periode',
      formula: `${rp(pinjaman.jumlah)} × ${pct}`,
      value: rp(s.profitPerPeriod),
      strong: true,
      testId: 'calc-bagi-hasil',
    },
    { label: 'Bagi Hasil Diterima', formula: 'Σ pembayaran jenis bagi hasil', value: rp(s.profitShared) },
    { label: 'Pokok Dikembalikan', formula: 'Σ pembayaran jenis pokok, angsuran dan pelunasan', value: rp(s.principalReturned) },
    { label: 'Sisa Pokok', formula: `${rp(pinjaman.jumlah)} − ${rp(s.principalReturned)}`, value: rp(s.remainingPrincipal) },
    {
      label: 'Progress',
      formula: `${rp(s.totalPaid)} ÷ (${rp(pinjaman.jumlah)} + ${rp(s.profitShared)}), maks. 100%`,
      value: formatPercent(s.progressPercent),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rincian Perhitungan Mudharabah</CardTitle>
      </CardHeader>
      <CardBody>
        <p className="mb-2 text-sm text-muted">
          Bagi hasil mengikuti hasil usaha nasabah; jumlah per periode di bawah adalah perkiraan dari persentase yang disepakati.
        </p>
        <CalculationTable lines={lines} />
      </CardBody>
    </Card>
  );
}
