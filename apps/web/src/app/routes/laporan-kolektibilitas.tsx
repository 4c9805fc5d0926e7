import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  formatDateLong,
  formatBulan,
  formatPercent,
  formatRupiah,
  kolektibilitasLabels,
  MONTH_PATTERN,
  todayJakarta,
  type Kolektibilitas,
  type KolektibilitasLaporan,
} from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ExportButton } from '../../components/ui/export-button';
import { Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { SummaryCardStrip } from '../../components/ui/summary-card';
import { exportKolektibilitas, kolektibilitasLaporanQuery } from '../../features/laporan/api/get-kolektibilitas';

const percentOrDash = (value: number | null) => (value === null ? '-' : formatPercent(value));
const barTones: Record<Kolektibilitas, string> = {
  1: 'bg-brand-600',
  2: 'bg-sky-500',
  3: 'bg-amber-500',
  4: 'bg-orange-600',
  5: 'bg-red-600',
};

function whenText(laporan: KolektibilitasLaporan) {
  if (laporan.sumber === 'hari_ini' && laporan.posisi) return `Posisi hari ini, ${formatDateLong(laporan.posisi.tanggal)}`;
  return `Akhir bulan ${formatBulan(laporan.bulan)}`;
}

/** The classes with their outstanding and share as bars; today's classes 2–5 link to their loans. */
function ClassTable({ laporan }: { laporan: KolektibilitasLaporan }) {
  const posisi = laporan.posisi!;
  const share = (part: number) => (posisi.outstanding > 0 ? (part / posisi.outstanding) * 100 : 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outstanding per Golongan</CardTitle>
      </CardHeader>
      <ul className="divide-y divide-line">
        {posisi.per_kelas.map((k) => {
          const kelas = k.kelas as Kolektibilitas;
          const canOpen = laporan.sumber === 'hari_ini' && kelas > 1 && k.jumlah_pinjaman > 0;
          return (
            <li key={kelas} className="px-5 py-3">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-ink">
                  {kelas}. {kolektibilitasLabels[kelas]}
                </span>
                <span className="shrink-0 font-semibold text-ink">{formatRupiah(k.outstanding)}</span>
              </div>
              <p className="mt-0.5 text-xs text-muted">
                {k.jumlah_pinjaman} pinjaman · {formatPercent(share(k.outstanding))} dari outstanding · PPAP{' '}
                {formatRupiah(k.ppap)}
              </p>
              <div className="mt-1.5 h-2 w-full rounded-full bg-canvas" aria-hidden="true">
                <div className={`h-2 rounded-full ${barTones[kelas]}`} style={{ width: `${share(k.outstanding)}%` }} />
              </div>
              {canOpen ? (
                <Link
                  to={`/tunggakan?kolektibilitas=${kelas}`}
                  className="mt-1 inline-block text-xs font-medium text-brand-700 hover:underline"
                >
                  Lihat {k.jumlah_pinjaman} pinjaman golongan {kelas}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="border-t border-line px-5 py-3 text-sm text-muted">
        Total: <span className="font-semibold text-ink">{formatRupiah(posisi.outstanding)}</span> dari {posisi.jumlah_pinjaman}{' '}
        pinjaman aktif; PPAP {formatRupiah(posisi.ppap_total)}.
      </p>
    </Card>
  );
}

/** Laporan → Kolektibilitas (issue 26 A): classes, NPF and PAR 30 at a month-end (?bulan=YYYY-MM), or today. */
export default function KolektibilitasLaporanPage() {
  const [params, setParams] = useSearchParams();
  const thisMonth = todayJakarta().slice(0, 7);
  const asked = params.get('bulan') ?? '';
  const bulan = MONTH_PATTERN.test(asked) && asked < thisMonth ? asked : thisMonth;
  const laporan = useQuery(kolektibilitasLaporanQuery(bulan));
  const data = laporan.data;
  const choices = [...new Set([...(data?.bulan_tersedia ?? []), ...(bulan !== thisMonth ? [bulan] : [])])].sort().reverse();

  return (
    <>
      <PageHeader
        title="Laporan Kolektibilitas"
        subtitle="Kualitas pembiayaan per golongan, NPF dan PAR 30 pada akhir bulan."
        actions={
          <ExportButton
            what="laporan kolektibilitas"
            filters={data ? [whenText(data)] : []}
            onExport={(format) => exportKolektibilitas(bulan, format)}
          />
        }
      />
      <div className="space-y-5">
        <LabelAbove label="Posisi" className="w-56">
          <Select
            value={bulan}
            onChange={(e) => setParams(e.target.value === thisMonth ? {} : { bulan: e.target.value }, { replace: true })}
          >
            <option value={thisMonth}>Hari ini</option>
            {choices.map((month) => (
              <option key={month} value={month}>
                Akhir {formatBulan(month)}
              </option>
            ))}
          </Select>
        </LabelAbove>

        <QueryView query={laporan} errorTitle="Gagal memuat laporan kolektibilitas">
          {(report) =>
            !report.posisi ? (
              <EmptyState message={`Belum ada catatan posisi akhir bulan ${formatBulan(report.bulan)}`} />
            ) : (
              <>
                <p className="text-sm text-muted">{whenText(report)}</p>
                <SummaryCardStrip
                  className="grid grid-cols-2 gap-3 lg:grid-cols-4"
                  compact
                  cards={[
                    {
                      label: 'Outstanding',
                      value: formatRupiah(report.posisi.outstanding),
                      hint: `${report.posisi.jumlah_pinjaman} pinjaman`,
                    },
                    { label: 'NPF Gross', value: percentOrDash(report.posisi.npf_gross), hint: 'golongan 3–5', tone: 'amber' },
                    { label: 'NPF Net', value: percentOrDash(report.posisi.npf_net), hint: 'setelah PPAP', tone: 'amber' },
                    { label: 'PAR 30', value: percentOrDash(report.posisi.par30), hint: 'tunggakan > 30 hari', tone: 'sky' },
                  ]}
                />
                <ClassTable laporan={report} />
              </>
            )
          }
        </QueryView>
      </div>
    </>
  );
}
