import { useState } from 'react';
import { formatRupiah, jenisPersetujuanLabels, loanCode, type Persetujuan } from '@mizan/core';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { oneFieldError, useFormSubmit } from '../../../components/ui/use-form-submit';
import { useDecide } from '../api/persetujuan';

/** Approve or reject one request, with a note (required to reject). */
export function KeputusanDialog({
  request,
  keputusan,
  onOpenChange,
}: {
  request: Persetujuan;
  keputusan: 'setujui' | 'tolak';
  onOpenChange(open: boolean): void;
}) {
  const decide = useDecide();
  const [catatan, setCatatan] = useState('');
  const [error, setError] = useState<string | undefined>();
  const approve = keputusan === 'setujui';
  const p = request.pinjaman;

  const send = useFormSubmit({
    success: approve ? 'Pengajuan disetujui' : 'Pengajuan ditolak',
    failure: 'Keputusan gagal disimpan',
    takeFieldErrors: oneFieldError('catatan', setError),
  });
  const submit = async () => {
    if (!approve && catatan.trim() === '') {
      setError('Alasan penolakan wajib diisi');
      return;
    }
    await send(decide.mutateAsync({ id: request.id, keputusan, catatan }), () => onOpenChange(false));
  };

  return (
    <ActionDialog
      onClose={() => onOpenChange(false)}
      title={approve ? `Setujui ${jenisPersetujuanLabels[request.jenis]}` : `Tolak ${jenisPersetujuanLabels[request.jenis]}`}
      description={`${p.nasabah.nama} · ${loanCode(p)} · ${formatRupiah(p.jumlah)}`}
      action={{
        label: approve ? 'Setujui' : 'Tolak',
        pending: decide.isPending,
        pendingLabel: 'Memproses...',
        variant: approve ? 'primary' : 'danger',
        onConfirm: submit,
      }}
    >
      <Field label={approve ? 'Catatan (opsional)' : 'Alasan penolakan'} required={!approve} error={error}>
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
