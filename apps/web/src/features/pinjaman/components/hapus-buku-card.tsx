import { PemutusNotice, useSendable } from '../../persetujuan';
import { useState } from 'react';
import { Archive } from 'lucide-react';
import {
  canApprove,
  formatDateLong,
  formatRupiah,
  isBerjalan,
  isHapusBuku,
  loanCode,
  type HapusBukuInfo,
  type Pinjaman,
} from '@mizan/core';
import { Alert, QueryError } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FigureLines } from '../../../components/ui/figure-lines';
import { Textarea } from '../../../components/ui/input';
import { useAuth } from '../../auth';
import { allFieldErrors, useFormSubmit } from '../../../components/ui/use-form-submit';
import { useHapusBukuInfo, useProposeHapusBuku } from '../api/hapus-buku';

/**
 * Hapus buku (issue 47): a loan written off shows when, what left the books, why, who approved it
 * and what was recovered since, and that the customer still owes it; a running loan of
 * kolektibilitas 5 offers an administrator or manager to ask for its write-off (another decides).
 */
export function HapusBukuCard({ pinjaman }: { pinjaman: Pinjaman }) {
  const { user } = useAuth();
  const written = isHapusBuku(pinjaman.status) || pinjaman.hapus_buku_tanggal !== null;
  const candidate = isBerjalan(pinjaman.status) && pinjaman.kolektibilitas === 5 && canApprove(user?.role ?? '');
  const info = useHapusBukuInfo(pinjaman.id, written || candidate);
  const [open, setOpen] = useState(false);
  if (!written && !candidate) return null;
  if (info.isPending) return <Skeleton className="h-28" />;
  if (info.isError)
    return <QueryError title="Gagal memuat data hapus buku" error={info.error} onRetry={() => void info.refetch()} />;
  const data = info.data;
  const done = data.hapus_buku;
  if (done)
    return (
      <TitledCard title="Dihapusbukukan">
        <FigureLines
          lines={[
            { label: 'Tanggal hapus buku', value: formatDateLong(done.tanggal) },
            { label: 'Pokok dikeluarkan dari pembukuan', value: formatRupiah(done.pokok) },
            { label: 'Margin dikeluarkan dari pembukuan', value: formatRupiah(done.margin) },
            { label: 'Pemulihan sejak hapus buku', value: formatRupiah(done.pemulihan) },
            { label: 'Sisa kewajiban nasabah (tetap ditagih)', value: formatRupiah(pinjaman.sisa_kewajiban), strong: true },
          ]}
        />
        <p className="mt-2 text-xs text-muted">
          Hapus buku bukan hapus tagih: nasabah tetap wajib membayar, dan setiap pembayaran dicatat sebagai pemulihan.
          {done.alasan ? ` Alasan: ${done.alasan}.` : ''} Disetujui {done.disetujui_oleh ?? '-'}.
        </p>
      </TitledCard>
    );
  if (!data.rencana && !data.menunggu) return null;
  return (
    <TitledCard title="Hapus Buku">
      {data.menunggu ? (
        <p className="text-sm text-ink">
          Hapus buku diajukan {formatDateLong(data.menunggu.diajukan_pada)} dan menunggu persetujuan administrator atau manajer
          lain.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Pinjaman berkolektibilitas 5 (Macet) dapat dikeluarkan dari pembukuan. Nasabah tetap wajib membayar sisa kewajibannya.
          </p>
          <Button
            variant="outline"
            className="mt-3 w-full"
            onClick={() => setOpen(true)}
            aria-label={`Ajukan hapus buku ${loanCode(pinjaman)}`}
          >
            <Archive className="h-4 w-4" aria-hidden="true" />
            Ajukan Hapus Buku
          </Button>
        </>
      )}
      {open && data.rencana ? <HapusBukuDialog pinjaman={pinjaman} rencana={data.rencana} onOpenChange={setOpen} /> : null}
    </TitledCard>
  );
}

function HapusBukuDialog({
  pinjaman,
  rencana,
  onOpenChange,
}: {
  pinjaman: Pinjaman;
  rencana: NonNullable<HapusBukuInfo['rencana']>;
  onOpenChange(open: boolean): void;
}) {
  const [alasan, setAlasan] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const propose = useProposeHapusBuku(pinjaman.id);
  const send = useFormSubmit({
    success: 'Hapus buku diajukan',
    failure: 'Hapus buku gagal diajukan',
    takeFieldErrors: allFieldErrors(setErrors),
  });
  const submit = () => send(propose.mutateAsync({ alasan }), () => onOpenChange(false));
  const sendable = useSendable('hapus_buku', true);

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Ajukan Hapus Buku"
      description={`${pinjaman.nasabah.nama} · ${loanCode(pinjaman)} · ${formatRupiah(pinjaman.jumlah)}`}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={propose.isPending}
          label="Ajukan Persetujuan"
          disabled={!sendable}
          onConfirm={() => void submit()}
        />
      }
    >
      <div className="space-y-4">
        <section aria-label="Yang dihapusbukukan" className="rounded-xl border border-line bg-canvas/50 px-4 py-2">
          <FigureLines
            lines={[
              { label: 'Pokok dikeluarkan dari pembukuan', value: formatRupiah(rencana.pokok) },
              { label: 'Margin dikeluarkan dari pembukuan', value: formatRupiah(rencana.margin) },
              ...(rencana.bagi_hasil_tertunggak > 0
                ? [{ label: 'Bagi hasil tertunggak (tidak dibukukan)', value: formatRupiah(rencana.bagi_hasil_tertunggak) }]
                : []),
              { label: 'Sisa kewajiban nasabah (tetap ditagih)', value: formatRupiah(rencana.sisa_kewajiban), strong: true },
            ]}
          />
        </section>
        <Alert tone="warning" title="Hapus buku bukan hapus tagih">
          Pinjaman keluar dari portofolio, NPF, dan PAR, tetapi nasabah tetap wajib membayar. Pembayaran berikutnya dicatat
          sebagai pemulihan. Berlaku setelah disetujui administrator atau manajer lain.
        </Alert>
        <PemutusNotice jenis="hapus_buku" />
        <Field label="Alasan hapus buku" required error={errors.alasan}>
          <Textarea
            rows={3}
            maxLength={500}
            value={alasan}
            onChange={(e) => {
              setAlasan(e.target.value);
              setErrors({});
            }}
          />
        </Field>
      </div>
    </Dialog>
  );
}
