import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { messages, formatDateLong, formatBulan, formatPercent, formatRupiah, MONTH_PATTERN, todayJakarta } from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { ExportButton } from '../../components/ui/export-button';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { SummaryCard } from '../../components/ui/summary-card';
import { exportPenagihan, penagihanQuery, type PenagihanFilters } from '../../features/laporan/api/get-penagihan';
import { tipeChips, tipeFromParams } from '../../features/laporan/tipe-filter';
import { TipeField } from '../../features/laporan/components/month-field';

const rateText = (value: number | null) => (value === null ? '-' : formatPercent(value));

/** The place filters, typed in and applied with Terapkan. */
const placeFields = [
  { field: 'kota', label: 'Kota' },
  { field: 'kecamatan', label: 'Kecamatan' },
] as const;

/** A bar of realisasi against target, full at 100 %. */
function RateBar({ persentase }: { persentase: number | null }) {
  const width = Math.min(100, persentase ?? 0);
  return (
    <div className="mt-1.5 h-2 w-full rounded-full bg-canvas" aria-hidden="true">
      <div
        className={`h-2 rounded-full ${width >= 100 ? 'bg-brand-600' : width >= 75 ? 'bg-sky-500' : 'bg-amber-500'}`}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}

/** Laporan → Penagihan Bulanan (issue 26 A): target vs realisasi per place; loans that paid nothing. */
export default function PenagihanPage() {
  const [params, setParams] = useSearchParams();
  const thisMonth = todayJakarta().slice(0, 7);
  const bulanParam = params.get('bulan') ?? '';
  const filters: PenagihanFilters = {
    bulan: MONTH_PATTERN.test(bulanParam) && bulanParam <= thisMonth ? bulanParam : thisMonth,
    tipe: tipeFromParams(params),
    kota: params.get('kota') ?? '',
    kecamatan: params.get('kecamatan') ?? '',
  };
  const [place, setPlace] = useState({ kota: filters.kota, kecamatan: filters.kecamatan });
  const laporan = useQuery(penagihanQuery(filters));
  const update = (next: PenagihanFilters) =>
    setParams(
      {
        ...(next.bulan !== thisMonth ? { bulan: next.bulan } : {}),
        ...(next.tipe !== 'all' ? { tipe: next.tipe } : {}),
        ...(next.kota.trim() ? { kota: next.kota.trim() } : {}),
        ...(next.kecamatan.trim() ? { kecamatan: next.kecamatan.trim() } : {}),
      },
      { replace: true },
    );
  const chips = [
    `Bulan: ${formatBulan(filters.bulan)}`,
    ...tipeChips(filters.tipe),
    ...(filters.kota ? [`Kota: ${filters.kota}`] : []),
    ...(filters.kecamatan ? [`Kecamatan: ${filters.kecamatan}`] : []),
  ];

  return (
    <>
      <PageHeader
        title="Penagihan Bulanan"
        subtitle="Angsuran yang jatuh tempo (target) dibanding yang terbayar dari angsuran jatuh tempo dan tunggakan (realisasi) dalam sebulan."
        actions={
          <ExportButton what="penagihan bulanan" filters={chips} onExport={(format) => exportPenagihan(filters, format)} />
        }
      />
      <div className="space-y-5">
        <form
          className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            update({ ...filters, ...place });
          }}
        >
          <LabelAbove label="Bulan">
            <Input
              type="month"
              value={filters.bulan}
              max={thisMonth}
              onChange={(e) => MONTH_PATTERN.test(e.target.value) && update({ ...filters, bulan: e.target.value })}
              className="sm:w-44"
            />
          </LabelAbove>
          <TipeField value={filters.tipe} onChange={(tipe) => update({ ...filters, tipe })} className="sm:w-40" />
          {placeFields.map(({ field, label }) => (
            <LabelAbove key={field} label={label}>
              <Input
                value={place[field]}
                onChange={(e) => setPlace({ ...place, [field]: e.target.value })}
                className="sm:w-40"
                maxLength={100}
              />
            </LabelAbove>
          ))}
          <Button type="submit" variant="outline" className="col-span-2 sm:col-span-1">
            Terapkan
          </Button>
        </form>

        <QueryView query={laporan} errorTitle="Gagal memuat penagihan bulanan">
          {(data) => (
            <>
              <p className="text-sm text-muted">
                {formatBulan(data.bulan)}, dihitung sampai {formatDateLong(data.sampai)}; {data.total.jumlah_pinjaman} pinjaman
                dengan angsuran jatuh tempo atau pembayaran bulan ini.
              </p>
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <SummaryCard label="Target" value={formatRupiah(data.total.target)} compact />
                <SummaryCard
                  label="Realisasi"
                  value={formatRupiah(data.total.realisasi)}
                  tone="sky"
                  compact
                  hint="Angsuran jatuh tempo dan tunggakan yang terbayar"
                />
                <SummaryCard label="Tertagih" value={rateText(data.total.persentase)} tone="gold" compact />
                <SummaryCard
                  label="Di Muka & Pelunasan"
                  value={formatRupiah(data.total.di_muka)}
                  compact
                  hint="Angsuran belum jatuh tempo dan pelunasan dipercepat, di luar realisasi"
                />
              </div>
              <Card>
                <CardHeader>
                  <CardTitle>Per Kota dan Kecamatan</CardTitle>
                </CardHeader>
                {data.per_wilayah.length === 0 ? (
                  <p className="px-5 py-4 text-sm text-muted">Tidak ada angsuran jatuh tempo atau pembayaran pada bulan ini.</p>
                ) : (
                  <ul className="divide-y divide-line">
                    {data.per_wilayah.map((w) => (
                      <li key={`${w.kota}-${w.kecamatan}`} className="px-5 py-3">
                        <div className="flex items-baseline justify-between gap-3 text-sm">
                          <span className="min-w-0 truncate font-medium text-ink">
                            {w.kota ?? messages.laporan.tanpaKota} · {w.kecamatan ?? messages.laporan.tanpaKecamatan}
                          </span>
                          <span className="shrink-0 font-semibold text-ink">{rateText(w.persentase)}</span>
                        </div>
                        <p className="mt-0.5 text-xs text-muted">
                          {formatRupiah(w.realisasi)} dari target {formatRupiah(w.target)} · {w.jumlah_pinjaman} pinjaman
                          {w.di_muka > 0 ? ` · di muka ${formatRupiah(w.di_muka)}` : ''}
                        </p>
                        <RateBar persentase={w.persentase} />
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <section aria-labelledby="penagihan-nihil" className="space-y-3">
                <h2 id="penagihan-nihil" className="text-base font-semibold text-ink">
                  Belum Membayar Bulan Ini ({data.tanpa_pembayaran.length})
                </h2>
                {data.tanpa_pembayaran.length === 0 ? (
                  <p className="text-sm text-muted">Semua pinjaman yang jatuh tempo bulan ini sudah membayar.</p>
                ) : (
                  <ul
                    className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs"
                    aria-label="Pinjaman tanpa pembayaran bulan ini"
                  >
                    {data.tanpa_pembayaran.map((r) => (
                      <li key={r.pinjaman_id}>
                        <Link
                          to={`/pinjaman/${r.pinjaman_id}`}
                          className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-brand-50/40"
                        >
                          <span className="min-w-0">
                            <span className="block truncate font-medium text-ink">{r.nasabah.nama}</span>
                            <span className="block truncate text-xs text-muted">
                              {r.nomor_pinjaman} · {r.kota ?? '-'}, {r.kecamatan ?? '-'} · {r.nasabah.telepon ?? 'tanpa telepon'}
                            </span>
                          </span>
                          <span className="shrink-0 font-semibold text-ink">{formatRupiah(r.target)}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
        </QueryView>
      </div>
    </>
  );
}
