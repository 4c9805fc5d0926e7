import { useState } from 'react';
import { formatRupiah, jenisPersetujuanLabels, loanCode, type Persetujuan } from '@mizan/core';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { oneFieldError, useFormSubmit } from '../../../components/ui/use-form-submit';
import { useDecide } from '../api/persetujuan';

const texts = {
  setujui: { title: 'Setujui', action: 'Setujui', success: 'Pengajuan disetujui', field: 'Catatan (opsional)', required: null },
  tolak: {
    title: 'Tolak',
    action: 'Tolak',
    success: 'Pengajuan ditolak',
    field: 'Alasan penolakan',
    required: 'Alasan penolakan wajib diisi',
  },
  tarik: {
    title: 'Tarik Kembali',
    action: 'Tarik Kembali',
    success: 'Pengajuan ditarik kembali',
    field: 'Alasan penarikan',
    required: 'Alasan penarikan wajib diisi',
  },
} as const;

/** Approve or reject one request, with a note (required to reject), or withdraw one's own, with the reason (issue 51). */
export function KeputusanDialog({
  request,
  keputusan,
  onOpenChange,
}: {
  request: Persetujuan;
  keputusan: 'setujui' | 'tolak' | 'tarik';
  onOpenChange(open: boolean): void;
}) {
  const decide = useDecide();
  const [catatan, setCatatan] = useState('');
  const [error, setError] = useState<string | undefined>();
  const approve = keputusan === 'setujui';
  const text = texts[keputusan];
  const p = request.pinjaman;

  const send = useFormSubmit({
    success: text.success,
    failure: keputusan === 'tarik' ? 'Pengajuan gagal ditarik kembali' : 'Keputusan gagal disimpan',
    takeFieldErrors: oneFieldError('catatan', setError),
  });
  const submit = async () => {
    if (text.required && catatan.trim() === '') {
      setError(text.required);
      return;
    }
    await send(decide.mutateAsync({ id: request.id, keputusan, catatan }), () => onOpenChange(false));
  };

  return (
    <ActionDialog
      onClose={() => onOpenChange(false)}
      title={`${text.title} ${jenisPersetujuanLabels[request.jenis]}`}
      description={`${p.nasabah.nama} · ${loanCode(p)} · ${formatRupiah(p.jumlah)}`}
      action={{
        label: text.action,
        pending: decide.isPending,
        pendingLabel: 'Memproses...',
        variant: approve ? 'primary' : 'danger',
        onConfirm: submit,
      }}
    >
      {keputusan === 'tarik' ? (
        <p className="mb-3 text-sm text-muted">
          {request.jenis === 'pinjaman'
            ? 'Pinjaman ini ditutup tanpa dicairkan, seperti bila ditolak; riwayatnya mencatat bahwa Anda menariknya kembali.'
            : 'Pinjaman tetap seperti sebelum pengajuan; riwayatnya mencatat bahwa Anda menariknya kembali.'}
        </p>
      ) : null}
      <Field label={text.field} required={text.required !== null} error={error}>
        <Textarea
          value={catatan}
          maxLength={500}
          rows={3}
          onChange={(e) => {
            setCatatan(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </ActionDialog>
  );
}
