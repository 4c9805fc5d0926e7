import {
  formatDateLong,
  formatDateShort,
  formatRupiah,
  kolektibilitasShortLabels,
  type Jadwal,
  type Kolektibilitas,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { rightAligned, Table, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';
import type { Pinjaman } from '../types';

type Line = Jadwal['angsuran'][number];

/** "Pokok Rp 1.000.000 · Margin Rp 240.000", or the bagi hasil (and the principal due with it). */
function parts(line: Line): string {
  const out: string[] = [];
  if (line.bagi_hasil > 0) out.push(`Bagi hasil ${formatRupiah(line.bagi_hasil)}`);
  if (line.pokok > 0) out.push(`Pokok ${formatRupiah(line.pokok)}`);
  if (line.margin > 0) out.push(`Margin ${formatRupiah(line.margin)}`);
  return out.join(' · ');
}

/** "3 angsuran tertunggak · 47 hari · Kolektibilitas 2 DPK", or that nothing is overdue. */
export function arrearsLine(jadwal: Jadwal, tipe: string, status: string): string {
  // Never disbursed (awaiting approval or rejected): the schedule is what it would be, nothing is owed yet.
  if (status === 'pending') return 'Jadwal rencana: berlaku setelah pinjaman disetujui';
  if (status === 'ditolak') return 'Jadwal rencana: pinjaman ditolak, tidak berlaku';
  const kelas = jadwal.kolektibilitas as Kolektibilitas;
  const kol = `Kolektibilitas ${kelas} ${kolektibilitasShortLabels[kelas]}`;
  const { angsuran_tertunggak: count, hari_tunggakan: days } = jadwal.ringkasan;
  if (count === 0) return `Tidak ada tunggakan · ${kol}`;
  const what = tipe === 'pokok' ? 'angsuran' : 'bulan bagi hasil';
  return `${count} ${what} tertunggak · ${days.toLocaleString('id-ID')} hari · ${kol}`;
}

function StateCell({ line }: { line: Line }) {
  return (
    <div className="flex flex-col items-end gap-0.5 sm:items-start">
      <StatusBadge status={line.status} />
      {line.hari_terlambat > 0 ? (
        <span className="text-xs text-red-800">{line.hari_terlambat.toLocaleString('id-ID')} hari</span>
      ) : null}
    </div>
  );
}

/**
 * The schedule of a loan from its ledger (issue 23), for both types: each instalment (Murabahah:
 * pokok and margin; Mudharabah: the monthly bagi hasil, and the principal at the end of a term)
 * with its due date, what was paid of it, what is left and its state, partial payments and days
 * late included; above it the arrears in one line.
 */
export function RepaymentSchedule({
  pinjaman,
  jadwal,
  loading,
  failed,
  layout,
}: {
  pinjaman: Pinjaman;
  jadwal: Jadwal | undefined;
  loading: boolean;
  failed: boolean;
  layout: Layout;
}) {
  const title = pinjaman.tipe === 'pokok' ? 'Jadwal Angsuran' : 'Jadwal Bagi Hasil';
  if (loading || failed || !jadwal) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardBody>
          {failed ? (
            <Alert tone="error">Gagal memuat jadwal pinjaman</Alert>
          ) : (
            <div className="space-y-2" aria-busy="true" aria-label="Memuat jadwal">
              <Skeleton className="h-4 w-64" />
              <Skeleton className="h-24 w-full" />
            </div>
          )}
        </CardBody>
      </Card>
    );
  }
  const lines = jadwal.angsuran;
  const sum = (key: 'jumlah' | 'terbayar' | 'tidak_ditagih' | 'sisa') => lines.reduce((total, l) => total + l[key], 0);
  const paidCount = lines.filter((l) => l.status === 'lunas').length;
  const overdue = jadwal.ringkasan.angsuran_tertunggak > 0;
  const label = pinjaman.tipe === 'pokok' ? 'Angsuran' : 'Bulan';

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle>{title}</CardTitle>
        <p className="text-xs text-muted">
          {paidCount} dari {lines.length} lunas · per {formatDateLong(jadwal.tanggal)}
        </p>
      </CardHeader>
      <CardBody className="p-0 sm:p-0">
        <p
          data-testid="jadwal-ringkasan"
          className={`mx-4 mt-3 rounded-lg px-3 py-2 text-sm font-medium ${overdue ? 'bg-red-50 text-red-900' : 'bg-brand-50 text-brand-900'}`}
        >
          {arrearsLine(jadwal, pinjaman.tipe, pinjaman.status)}
          {overdue ? (
            <span className="block text-xs font-normal">Tunggakan {formatRupiah(jadwal.ringkasan.tunggakan_total)}</span>
          ) : null}
        </p>
        {lines.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">Belum ada jatuh tempo.</p>
        ) : layout === 'phone' ? (
          <ol className="mt-2 divide-y divide-line" aria-label={title} data-testid="jadwal-angsuran">
            {lines.map((line) => (
              <li
                key={line.angsuran_ke}
                data-testid="jadwal-row"
                className={`flex items-start justify-between gap-3 px-4 py-2.5 ${line.status === 'terlambat' ? 'bg-red-50/60' : ''}`}
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium text-ink">
                    {label} ke-{line.angsuran_ke}
                  </p>
                  <p className="text-xs text-muted">Jatuh tempo {formatDateShort(line.jatuh_tempo)}</p>
                  {line.terbayar > 0 && line.sisa > 0 ? (
                    <p className="text-xs text-muted">
                      Terbayar {formatRupiah(line.terbayar)} · sisa {formatRupiah(line.sisa)}
                    </p>
                  ) : null}
                  {line.tidak_ditagih > 0 ? (
                    <p className="text-xs text-muted" data-testid="jadwal-tidak-ditagih">
                      Terbayar {formatRupiah(line.terbayar)} · tidak ditagih {formatRupiah(line.tidak_ditagih)}
                    </p>
                  ) : null}
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-sm font-semibold" data-testid="jadwal-jumlah">
                    {formatRupiah(line.jumlah)}
                  </p>
                  <StateCell line={line} />
                </div>
              </li>
            ))}
            <li className="flex items-center justify-between px-4 py-3 font-semibold">
              <span>Total</span>
              <span data-testid="jadwal-total">{formatRupiah(sum('jumlah'))}</span>
            </li>
            {sum('tidak_ditagih') > 0 ? (
              <li className="px-4 pb-3 text-xs text-muted" data-testid="jadwal-total-pelunasan">
                Terbayar {formatRupiah(sum('terbayar'))} · tidak ditagih saat pelunasan {formatRupiah(sum('tidak_ditagih'))}
              </li>
            ) : null}
          </ol>
        ) : (
          <div className="p-3">
            <Table caption={title} data-testid="jadwal-angsuran">
              <TableHead columns={['Ke', 'Jatuh Tempo', rightAligned('Jumlah'), rightAligned('Sisa'), 'Status']} />
              <TBody>
                {lines.map((line) => (
                  <Tr
                    key={line.angsuran_ke}
                    data-testid="jadwal-row"
                    className={line.status === 'terlambat' ? 'bg-red-50/60' : undefined}
                  >
                    <Td>{line.angsuran_ke}</Td>
                    <Td className="whitespace-nowrap">{formatDateShort(line.jatuh_tempo)}</Td>
                    <Td className="text-right whitespace-nowrap">
                      <p className="font-medium" data-testid="jadwal-jumlah">
                        {formatRupiah(line.jumlah)}
                      </p>
                      <p className="text-xs text-muted">{parts(line)}</p>
                    </Td>
                    <Td className="text-right whitespace-nowrap">
                      <p>{formatRupiah(line.sisa)}</p>
                      {line.terbayar > 0 ? <p className="text-xs text-muted">Terbayar {formatRupiah(line.terbayar)}</p> : null}
                      {line.tidak_ditagih > 0 ? (
                        <p className="text-xs text-muted" data-testid="jadwal-tidak-ditagih">
                          Tidak ditagih {formatRupiah(line.tidak_ditagih)}
                        </p>
                      ) : null}
                    </Td>
                    <Td className="whitespace-nowrap">
                      <StateCell line={line} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
              <tfoot>
                <tr className="border-t border-line font-semibold">
                  <Td colSpan={2}>Total</Td>
                  <Td className="text-right whitespace-nowrap" data-testid="jadwal-total">
                    {formatRupiah(sum('jumlah'))}
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    <p>{formatRupiah(sum('sisa'))}</p>
                    <p className="text-xs font-normal text-muted">Terbayar {formatRupiah(sum('terbayar'))}</p>
                    {sum('tidak_ditagih') > 0 ? (
                      <p className="text-xs font-normal text-muted" data-testid="jadwal-total-pelunasan">
                        Tidak ditagih {formatRupiah(sum('tidak_ditagih'))}
                      </p>
                    ) : null}
                  </Td>
                  <Td />
                </tr>
              </tfoot>
            </Table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
