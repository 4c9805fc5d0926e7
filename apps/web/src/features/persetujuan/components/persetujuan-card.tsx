import { useState } from 'react';
import { Link } from 'react-router';
import { Check, Undo2, X } from 'lucide-react';
import {
  akadLabels,
  alasanKhasmLabels,
  decisionRefusal,
  khasmPercent,
  type AlasanKhasm,
  formatDateLong,
  formatDateTime,
  formatPercent,
  formatRupiah,
  jenisPersetujuanLabels,
  loanCode,
  statusPersetujuanLabels,
  type Persetujuan,
} from '@mizan/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FigureLines } from '../../../components/ui/figure-lines';
import { useAuth } from '../../auth';
import { KeputusanDialog } from './keputusan-dialog';
import { PemutusNotice } from './pemutus-notice';

const statusTone = { menunggu: 'amber', disetujui: 'green', ditolak: 'red', dibatalkan: 'gray', ditarik: 'gray' } as const;

interface SettlementProposal {
  input: { tanggal: string; alasan_khasm: AlasanKhasm | null };
  khasm: number;
  quote: { total_pelunasan: number; margin_sisa: number };
}

/** What a rescheduling request proposes. */
interface ReschedulingProposal {
  input: { durasi: number; tenggang: number; alasan: string | null };
  sisa_kewajiban: number;
}

/** What a write-off request proposes. */
interface WriteOffProposal {
  alasan: string;
  pokok: number;
  margin: number;
  sisa_kewajiban: number;
}

/** What a settlement request proposes: the day, the amount, the khasm and its reason. */
function SettlementTerms({ data }: { data: SettlementProposal }) {
  const { input, khasm, quote } = data;
  return (
    <div className="mt-2 space-y-1">
      <FigureLines
        divided={false}
        lines={[
          { label: 'Tanggal pelunasan', value: formatDateLong(input.tanggal), words: true },
          { label: 'Jumlah pelunasan', value: formatRupiah(quote.total_pelunasan) },
          {
            label: `Potongan (${formatPercent(khasmPercent(khasm, quote.margin_sisa))} dari sisa margin)`,
            value: formatRupiah(khasm),
          },
          { label: 'Dibayar nasabah', value: formatRupiah(quote.total_pelunasan - khasm), strong: true },
        ]}
      />
      {input.alasan_khasm ? <p className="text-sm text-muted">Alasan: {alasanKhasmLabels[input.alasan_khasm]}</p> : null}
    </div>
  );
}

/** What a request proposes, in a line: the loan's terms. */
function Terms({ request }: { request: Persetujuan }) {
  const p = request.pinjaman;
  if (request.jenis === 'pelunasan' && request.data)
    return <SettlementTerms data={request.data as unknown as SettlementProposal} />;
  if (request.jenis === 'penjadwalan' && request.data) {
    const { input, sisa_kewajiban } = request.data as unknown as ReschedulingProposal;
    return (
      <div className="mt-2 text-sm text-ink">
        <p>
          Sisa kewajiban {formatRupiah(sisa_kewajiban)} dijadwalkan ulang dalam {input.durasi} bulan
          {input.tenggang ? ` setelah tenggang ${input.tenggang} bulan` : ''}, tanpa tambahan margin.
        </p>
        {input.alasan ? <p className="text-muted">Alasan: {input.alasan}</p> : null}
      </div>
    );
  }
  if (request.jenis === 'hapus_buku' && request.data) {
    const { alasan, pokok, margin, sisa_kewajiban } = request.data as unknown as WriteOffProposal;
    return (
      <div className="mt-2 text-sm text-ink">
        <p>
          Pokok {formatRupiah(pokok)} dan margin {formatRupiah(margin)} dikeluarkan dari pembukuan; sisa kewajiban{' '}
          {formatRupiah(sisa_kewajiban)} tetap ditagih.
        </p>
        <p className="text-muted">Alasan: {alasan}</p>
      </div>
    );
  }
  return (
    <p className="text-sm text-muted">
      {akadLabels[p.tipe]} {formatPercent(p.persentase)}
      {p.durasi_angsuran ? ` · ${p.durasi_angsuran} bulan` : ''} · tanggal pinjam {formatDateLong(p.tanggal_pinjam)}
    </p>
  );
}

/**
 * One request: the loan it is about, who proposed it and when, the decision when there is one,
 * and Setujui / Tolak for a person who may decide it (an administrator or a manager, not its proposer).
 */
export function PersetujuanCard({ request, showLoanLink = true }: { request: Persetujuan; showLoanLink?: boolean }) {
  const { user } = useAuth();
  const [keputusan, setKeputusan] = useState<'setujui' | 'tolak' | 'tarik' | null>(null);
  const p = request.pinjaman;
  const waiting = request.status === 'menunggu';
  const refusal = user ? decisionRefusal(user, request.diajukan_oleh.id) : 'x';
  const own = user?.id === request.diajukan_oleh.id;

  return (
    <article
      className="rounded-xl border border-line bg-white p-4 shadow-sm"
      aria-label={`${jenisPersetujuanLabels[request.jenis]} ${p.nasabah.nama}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="blue">{jenisPersetujuanLabels[request.jenis]}</Badge>
        <Badge tone={statusTone[request.status]}>{statusPersetujuanLabels[request.status]}</Badge>
      </div>
      <div className="mt-3 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 className="min-w-0 truncate text-base font-semibold text-ink">
          {showLoanLink ? (
            <Link to={`/pinjaman/${p.id}`} className="hover:text-brand-700 hover:underline">
              {p.nasabah.nama}
            </Link>
          ) : (
            p.nasabah.nama
          )}
        </h3>
        <p className="text-lg font-semibold text-ink tabular-nums">{formatRupiah(p.jumlah)}</p>
      </div>
      <p className="text-sm text-muted">{loanCode(p)}</p>
      <Terms request={request} />
      <dl className="mt-3 grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted">Diajukan oleh</dt>
          <dd className="font-medium text-ink">
            {request.diajukan_oleh.nama} · {formatDateTime(request.diajukan_pada)}
          </dd>
        </div>
        {request.diputuskan_oleh && request.diputuskan_pada ? (
          <div className="flex flex-wrap gap-x-1">
            <dt className="text-muted">
              {request.status === 'dibatalkan'
                ? 'Dibatalkan oleh'
                : request.status === 'ditarik'
                  ? 'Ditarik kembali oleh'
                  : 'Diputuskan oleh'}
            </dt>
            <dd className="font-medium text-ink">
              {request.diputuskan_oleh.nama} · {formatDateTime(request.diputuskan_pada)}
            </dd>
          </div>
        ) : null}
        {request.catatan ? (
          <div className="flex flex-wrap gap-x-1">
            <dt className="text-muted">{request.status === 'ditarik' ? 'Alasan' : 'Catatan'}</dt>
            <dd className="text-ink">{request.catatan}</dd>
          </div>
        ) : null}
      </dl>
      {waiting && refusal === null ? (
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button variant="danger" onClick={() => setKeputusan('tolak')} aria-label={`Tolak pengajuan ${p.nasabah.nama}`}>
            <X className="h-4 w-4" aria-hidden="true" />
            Tolak
          </Button>
          <Button onClick={() => setKeputusan('setujui')} aria-label={`Setujui pengajuan ${p.nasabah.nama}`}>
            <Check className="h-4 w-4" aria-hidden="true" />
            Setujui
          </Button>
        </div>
      ) : waiting && own ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-muted">Pengajuan Anda. Keputusan diambil oleh administrator atau manajer lain.</p>
          <PemutusNotice jenis={request.jenis} />
          <div className="grid sm:flex sm:justify-end">
            <Button
              variant="outline"
              onClick={() => setKeputusan('tarik')}
              aria-label={`Tarik kembali pengajuan ${p.nasabah.nama}`}
            >
              <Undo2 className="h-4 w-4" aria-hidden="true" />
              Tarik Kembali
            </Button>
          </div>
        </div>
      ) : waiting ? (
        <p className="mt-3 text-sm text-muted">Menunggu keputusan administrator atau manajer.</p>
      ) : null}
      {keputusan ? <KeputusanDialog request={request} keputusan={keputusan} onOpenChange={() => setKeputusan(null)} /> : null}
    </article>
  );
}
