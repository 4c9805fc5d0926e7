import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import {
  calculateMurabahah,
  formatPercent,
  formatRupiah,
  isValidDurasi,
  mudharabahProfitPerPeriod,
  murabahahProfitPerMonth,
  type Jadwal,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { TitledCard } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { Pinjaman } from '../types';

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

/**
 * Where the loan's position is not there yet: a placeholder while it is read, or the failure with
 * the way to try again (the page's Refresh), never figures of zero.
 */
function PositionPending({ failed }: { failed: boolean }) {
  return failed ? (
    <Alert tone="error">Gagal memuat posisi pinjaman. Tekan Refresh untuk mencoba lagi.</Alert>
  ) : (
    <div className="space-y-2" aria-busy="true" aria-label="Memuat posisi pinjaman">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/**
 * The progress panel (spec §9): the loan's position as the server computed it (GET
 * /api/pinjaman/{id}/jadwal → posisi, core loanPosition): the same figures as the receipt, the
 * customer page and the reports (issue 47).
 */
export function ProgressPanel({ pinjaman, jadwal, failed }: { pinjaman: Pinjaman; jadwal?: Jadwal; failed: boolean }) {
  const posisi = jadwal?.posisi;
  const rp = formatRupiah;
  return (
    <TitledCard title="Progress Pembayaran" bodyClassName="space-y-4">
      {!posisi ? (
        <PositionPending failed={failed} />
      ) : pinjaman.tipe === 'pokok' ? (
        <>
          <ProgressBar percent={posisi.progres_persen} label="Pokok terbayar" />
          <dl className="grid grid-cols-2 gap-2">
            <Figure label="Pokok Terbayar" value={rp(posisi.pokok_terbayar)} />
            <Figure label="Sisa Pokok" value={rp(posisi.sisa_pokok)} />
            <Figure label="Total Dibayar" value={rp(pinjaman.total_pembayaran)} />
            <Figure label="Sisa Angsuran" value={posisi.sisa_angsuran === null ? '-' : `${posisi.sisa_angsuran} bulan`} />
            <Figure label="Sisa Margin" value={rp(posisi.sisa_margin)} />
            <Figure label="Sisa Kewajiban" value={rp(posisi.sisa_kewajiban)} />
          </dl>
        </>
      ) : (
        <>
          <ProgressBar percent={posisi.progres_persen} label="Pokok kembali" />
          <dl className="grid grid-cols-2 gap-2">
            <Figure label="Pokok Kembali" value={rp(posisi.pokok_terbayar)} />
            <Figure label="Sisa Pokok" value={rp(posisi.sisa_pokok)} />
            <Figure label="Bagi Hasil Diterima" value={rp(posisi.bagi_hasil_terbayar)} />
            <Figure label="Total Dibayar" value={rp(pinjaman.total_pembayaran)} />
          </dl>
        </>
      )}
    </TitledCard>
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

/**
 * The detailed calculation panel (spec §9): the akad's figures with their formulas, then the
 * loan's position as the server computed it (posisi, core loanPosition; docs/glossary.md "Money
 * figures"): principal paid is what was paid to the schedule less the margin it carried, never the
 * instalments' sum (issue 47).
 */
export function CalculationPanel({ pinjaman, jadwal, failed }: { pinjaman: Pinjaman; jadwal?: Jadwal; failed: boolean }) {
  const rp = formatRupiah;
  const pct = formatPercent(pinjaman.persentase);
  const posisi = jadwal?.posisi;
  if (pinjaman.tipe === 'pokok') {
    const f = isValidDurasi(pinjaman.durasi_angsuran)
      ? calculateMurabahah(pinjaman.jumlah, pinjaman.persentase, pinjaman.durasi_angsuran)
      : null;
    const lines: Line[] = [
      {
        label: 'Margin per Bulan',
        formula: `${rp(pinjaman.jumlah)} × ${pct}`,
        value: rp(murabahahProfitPerMonth(pinjaman.jumlah, pinjaman.persentase)),
        testId: 'calc-margin-bulan',
      },
    ];
    if (f) {
      lines.push(
        {
          label: 'Total Margin',
          formula: `${rp(f.profitPerMonth)} × ${f.durasi} bulan`,
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
    const position: Line[] = [];
    if (posisi) {
      const settled = posisi.dilunasi;
      position.push(
        {
          label: 'Pokok Terbayar',
          formula: settled ? 'Dilunasi dengan pembayaran pelunasan' : 'Σ pembayaran ke jadwal − porsi margin tiap angsuran',
          value: rp(posisi.pokok_terbayar),
          testId: 'calc-pokok-terbayar',
        },
        {
          label: 'Sisa Pokok',
          formula: settled ? 'Dilunasi' : `${rp(pinjaman.jumlah)} − Pokok Terbayar`,
          value: rp(posisi.sisa_pokok),
          testId: 'calc-sisa-pokok',
        },
      );
      if (f) {
        position.push(
          {
            label: 'Sisa Angsuran',
            formula: settled
              ? 'Dilunasi dengan pembayaran pelunasan'
              : pinjaman.dijadwalkan_ulang
                ? 'Angsuran jadwal baru yang belum lunas (dijadwalkan ulang)'
                : 'Angsuran yang belum lunas',
            value: `${posisi.sisa_angsuran ?? 0} bulan`,
          },
          {
            label: 'Sisa Margin',
            formula: settled ? 'Dilunasi' : `${rp(f.totalProfit)} − margin terbayar (${rp(posisi.margin_terbayar)})`,
            value: rp(posisi.sisa_margin),
            testId: 'calc-sisa-margin',
          },
        );
        if (posisi.margin_tidak_ditagih > 0)
          position.push({
            label: 'Margin Tidak Ditagih',
            formula: 'Margin bulan yang belum berjalan dan potongan (khasm) saat pelunasan',
            value: rp(posisi.margin_tidak_ditagih),
          });
        position.push({
          label: 'Sisa Kewajiban',
          formula: 'Sisa Pokok + Sisa Margin',
          value: rp(posisi.sisa_kewajiban),
          strong: true,
          testId: 'calc-sisa-kewajiban',
        });
      }
      position.push({
        label: 'Progress',
        formula: `Pokok Terbayar ÷ ${rp(pinjaman.jumlah)}, maks. 100%`,
        value: formatPercent(posisi.progres_persen),
      });
    }
    return (
      <TitledCard title="Rincian Perhitungan Murabahah">
        {!f ? (
          <p className="mb-2 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            Durasi angsuran belum diisi, sehingga total margin, angsuran dan jadwal tidak dapat dihitung.
          </p>
        ) : null}
        <CalculationTable lines={[...lines, ...position]} />
        {posisi ? null : <PositionPending failed={failed} />}
      </TitledCard>
    );
  }
  const lines: Line[] = [
    {
      label: 'Bagi Hasil per Periode',
      formula: `${rp(pinjaman.jumlah)} × ${pct}`,
      value: rp(mudharabahProfitPerPeriod(pinjaman.jumlah, pinjaman.persentase)),
      strong: true,
      testId: 'calc-bagi-hasil',
    },
  ];
  if (posisi)
    lines.push(
      {
        label: 'Bagi Hasil Diterima',
        formula: 'Σ pembayaran bagi hasil + kelebihan pelunasan di atas pokok',
        value: rp(posisi.bagi_hasil_terbayar),
      },
      {
        label: 'Pokok Dikembalikan',
        formula: 'Σ pembayaran pokok, angsuran dan pelunasan (sampai sebesar pokok)',
        value: rp(posisi.pokok_terbayar),
      },
      {
        label: 'Sisa Pokok',
        formula: `${rp(pinjaman.jumlah)} − Pokok Dikembalikan`,
        value: rp(posisi.sisa_pokok),
        testId: 'calc-sisa-pokok',
      },
      {
        label: 'Bagi Hasil Tertunggak',
        formula: 'Bagi hasil yang sudah jatuh tempo dan belum dibayar',
        value: rp(posisi.bagi_hasil_tertunggak),
      },
      {
        label: 'Sisa Kewajiban',
        formula: 'Sisa Pokok + Bagi Hasil Tertunggak',
        value: rp(posisi.sisa_kewajiban),
        strong: true,
        testId: 'calc-sisa-kewajiban',
      },
      {
        label: 'Progress',
        formula: `Pokok Dikembalikan ÷ ${rp(pinjaman.jumlah)}, maks. 100%`,
        value: formatPercent(posisi.progres_persen),
      },
    );
  return (
    <TitledCard title="Rincian Perhitungan Mudharabah">
      <p className="mb-2 text-sm text-muted">
        Bagi hasil mengikuti hasil usaha nasabah; jumlah per periode di bawah adalah perkiraan dari persentase yang disepakati.
      </p>
      <CalculationTable lines={lines} />
      {posisi ? null : <PositionPending failed={failed} />}
    </TitledCard>
  );
}
