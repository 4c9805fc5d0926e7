import { PemutusNotice, useSendable } from '../../persetujuan';
import { useState } from 'react';
import { formatDateLong, formatRupiah, loanCode, penjadwalanLimits, type Pinjaman } from '@mizan/core';
import { Alert, QueryError } from '../../../components/ui/alert';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FigureLines } from '../../../components/ui/figure-lines';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFieldErrorsSubmit } from '../../../components/ui/use-form-submit';
import { usePenjadwalanInfo, useProposePenjadwalan } from '../api/penjadwalan';

/**
 * Penjadwalan Kembali (issue 27 D): the remaining obligation, arrears included, over a new number of
 * months after an optional grace, never more than it is (fatwa DSN-MUI 48/2005); for approval.
 */
export function PenjadwalanDialog({ pinjaman, onOpenChange }: { pinjaman: Pinjaman; onOpenChange(open: boolean): void }) {
  const [durasiText, setDurasiText] = useState('12');
  const [tenggang, setTenggang] = useState(0);
  const [alasan, setAlasan] = useState('');
  const durasi = Number(durasiText);
  const validDurasi = Number.isInteger(durasi) && durasi >= 1 && durasi <= penjadwalanLimits.durasiMax;
  const info = usePenjadwalanInfo(pinjaman.id, { durasi: validDurasi ? durasi : 1, tenggang });
  const propose = useProposePenjadwalan(pinjaman.id);
  const data = info.data;
  const plan = data?.rencana ?? null;

  const { errors, setErrors, send } = useFieldErrorsSubmit({
    success: 'Penjadwalan kembali diajukan',
    failure: 'Penjadwalan gagal diajukan',
  });
  const submit = async () => {
    if (!validDurasi) {
      setErrors({ durasi: `Durasi baru harus 1 sampai ${penjadwalanLimits.durasiMax} bulan` });
      return;
    }
    await send(propose.mutateAsync({ durasi, tenggang, alasan: alasan.trim() || null }), () => onOpenChange(false));
  };

  const sendable = useSendable('penjadwalan', true);

  return (
    <ActionDialog
      onClose={() => onOpenChange(false)}
      size="lg"
      title="Penjadwalan Kembali"
      description={`${pinjaman.nasabah.nama} · ${loanCode(pinjaman)} · ${formatRupiah(pinjaman.jumlah)}`}
      action={{
        label: 'Ajukan Persetujuan',
        pending: propose.isPending,
        disabled: !plan || data?.menunggu !== null || !sendable,
        onConfirm: submit,
      }}
    >
      <div className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Durasi baru (bulan)" required error={errors.durasi}>
            <Input
              inputMode="numeric"
              value={durasiText}
              onChange={(e) => {
                setDurasiText(e.target.value);
                setErrors({});
              }}
            />
          </Field>
          <Field label="Masa tenggang (bulan)" error={errors.tenggang}>
            <Select value={String(tenggang)} onChange={(e) => setTenggang(Number(e.target.value))}>
              {Array.from({ length: penjadwalanLimits.tenggangMax + 1 }, (_, g) => (
                <option key={g} value={g}>
                  {g === 0 ? 'Tanpa tenggang' : `${g} bulan`}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {info.isError ? (
          <QueryError title="Gagal menghitung penjadwalan" error={info.error} onRetry={() => void info.refetch()} />
        ) : !data ? (
          <Skeleton className="h-48 w-full rounded-xl" />
        ) : data.menunggu ? (
          <Alert tone="warning" title="Penjadwalan sudah diajukan">
            Menunggu persetujuan sejak {formatDateLong(data.menunggu.diajukan_pada)}.
          </Alert>
        ) : data.alasan || !plan ? (
          <Alert tone="warning" title="Penjadwalan kembali tidak dapat diajukan">
            {data.alasan}
          </Alert>
        ) : (
          <section aria-label="Rencana penjadwalan" className="rounded-xl border border-line bg-canvas/50 px-4 py-2">
            <FigureLines
              lines={[
                { label: 'Sisa pokok', value: formatRupiah(plan.sisa_pokok) },
                { label: 'Sisa margin', value: formatRupiah(plan.sisa_margin) },
                { label: 'Sisa kewajiban (tetap, termasuk tunggakan)', value: formatRupiah(plan.sisa_kewajiban), strong: true },
                { label: `Angsuran baru (${plan.durasi} bulan)`, value: formatRupiah(plan.angsuran_baru), strong: true },
                { label: 'Jatuh tempo pertama', value: formatDateLong(plan.jatuh_tempo_pertama) },
              ]}
            />
            <p className="pt-1 pb-2 text-xs text-muted">
              Tanpa tambahan margin (Fatwa DSN-MUI No. 48/DSN-MUI/II/2005). Jadwal lama disimpan sebagai riwayat; jadwal baru
              berlaku setelah disetujui administrator atau manajer lain.
            </p>
          </section>
        )}
        {data && !data.menunggu && plan ? <PemutusNotice jenis="penjadwalan" /> : null}
        <Field label="Alasan penjadwalan" error={errors.alasan}>
          <Textarea rows={2} maxLength={500} value={alasan} onChange={(e) => setAlasan(e.target.value)} />
        </Field>
      </div>
    </ActionDialog>
  );
}
