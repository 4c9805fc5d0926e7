import { useState } from 'react';
import { formatRupiah, todayJakarta } from '@mizan/core';
import { AmountInput } from '../../../components/ui/amount-input';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useFieldErrorsSubmit } from '../../../components/ui/use-form-submit';
import { useSalurkan } from '../api/kebajikan';

/** A disbursement of the Dana Kebajikan to charity (administrators): purpose, recipient, amount within the balance. */
export function SalurkanDialog({ saldo, onClose }: { saldo: number; onClose(): void }) {
  const salurkan = useSalurkan();
  const [tanggal, setTanggal] = useState(todayJakarta());
  const [jumlah, setJumlah] = useState<number | null>(null);
  const [tujuan, setTujuan] = useState('');
  const [penerima, setPenerima] = useState('');
  const [keterangan, setKeterangan] = useState('');
  const { errors, setErrors, send } = useFieldErrorsSubmit({
    success: 'Penyaluran dicatat',
    failure: 'Penyaluran gagal dicatat',
  });
  const submit = async () => {
    const next: Record<string, string> = {};
    if (!jumlah) next.jumlah = 'Jumlah harus lebih dari 0';
    else if (jumlah > saldo) next.jumlah = `Saldo Dana Kebajikan tidak cukup (saldo ${formatRupiah(saldo)})`;
    if (tujuan.trim() === '') next.tujuan = 'Tujuan penyaluran wajib diisi';
    if (penerima.trim() === '') next.penerima = 'Penerima wajib diisi';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await send(
      salurkan.mutateAsync({
        tanggal,
        jumlah: jumlah!,
        tujuan,
        penerima,
        keterangan: keterangan.trim() || null,
      }),
      onClose,
    );
  };
  return (
    <ActionDialog
      onClose={onClose}
      title="Salurkan Dana Kebajikan"
      description={`Saldo ${formatRupiah(saldo)}`}
      action={{ label: 'Catat Penyaluran', pending: salurkan.isPending, onConfirm: submit }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tanggal" required error={errors.tanggal}>
          <Input type="date" value={tanggal} onChange={(e) => setTanggal(e.target.value)} />
        </Field>
        <Field label="Jumlah" required error={errors.jumlah}>
          <AmountInput value={jumlah} onValueChange={setJumlah} />
        </Field>
        <Field label="Tujuan" required error={errors.tujuan} className="sm:col-span-2">
          <Input
            value={tujuan}
            maxLength={200}
            onChange={(e) => setTujuan(e.target.value)}
            placeholder="Misalnya santunan anak yatim"
          />
        </Field>
        <Field label="Penerima" required error={errors.penerima} className="sm:col-span-2">
          <Input value={penerima} maxLength={200} onChange={(e) => setPenerima(e.target.value)} />
        </Field>
        <Field label="Keterangan" className="sm:col-span-2">
          <Textarea rows={2} maxLength={1000} value={keterangan} onChange={(e) => setKeterangan(e.target.value)} />
        </Field>
      </div>
    </ActionDialog>
  );
}
