import { useState } from 'react';
import {
  kelompokAkun,
  kelompokAkunLabels,
  saldoNormalBawaan,
  saldoNormalLabels,
  type Akun,
  type KelompokAkun,
  type SaldoNormal,
} from '@mizan/core';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, LabeledOptions, Select } from '../../../components/ui/input';
import { SettingsCheckbox } from '../../../components/ui/settings-save-bar';
import { useFieldErrorsSubmit } from '../../../components/ui/use-form-submit';
import { useCreateAkun, useUpdateAkun } from '../api/chart';

/**
 * 'Tambah Akun' and 'Ubah Akun' (Pengaturan → Bagan Akun, issue 48). An account a journal, payment
 * or loan already named keeps its code, group and normal balance (the server refuses the change
 * with its reason); its name, whether it is active and whether it holds cash or a bank account
 * change at any time.
 */
export function AkunFormDialog({ akun, onClose }: { akun: Akun | null; onClose(): void }) {
  const create = useCreateAkun();
  const update = useUpdateAkun();
  const [kode, setKode] = useState(akun?.kode ?? '');
  const [nama, setNama] = useState(akun?.nama ?? '');
  const [kelompok, setKelompok] = useState<KelompokAkun | ''>(akun?.kelompok ?? '');
  const [saldoNormal, setSaldoNormal] = useState<SaldoNormal | ''>(akun?.saldo_normal ?? '');
  const [kasBank, setKasBank] = useState(akun?.kas_bank ?? false);
  const [aktif, setAktif] = useState(akun?.aktif ?? true);
  const { errors, setErrors, send } = useFieldErrorsSubmit({
    success: akun ? 'Akun berhasil diperbarui' : 'Akun berhasil ditambahkan',
    failure: akun ? 'Akun gagal diperbarui' : 'Akun gagal ditambahkan',
  });

  const submit = async () => {
    if (kelompok === '') {
      setErrors({ kelompok: 'Pilih kelompok akun' });
      return;
    }
    setErrors({});
    const input = {
      kode: kode.trim(),
      nama: nama.trim(),
      kelompok,
      saldo_normal: saldoNormal || saldoNormalBawaan(kelompok),
      kas_bank: kasBank,
    };
    const saved = akun ? update.mutateAsync({ id: akun.id, input: { ...input, aktif } }) : create.mutateAsync(input);
    await send(
      saved.then(() => ({})),
      onClose,
    );
  };

  return (
    <ActionDialog
      onClose={onClose}
      title={akun ? `Ubah Akun ${akun.kode}` : 'Tambah Akun'}
      description={
        akun
          ? 'Kode, kelompok dan saldo normal tetap setelah akun dipakai jurnal; nama dan statusnya dapat diubah kapan saja.'
          : 'Akun baru untuk bagan akun lembaga, mis. rekening bank kedua atau beban operasional.'
      }
      action={{ label: 'Simpan', pending: create.isPending || update.isPending, onConfirm: submit }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Kode" required error={errors.kode} hint="Angka, boleh dipisah titik (mis. 1103)">
          <Input value={kode} inputMode="decimal" maxLength={20} onChange={(e) => setKode(e.target.value)} />
        </Field>
        <Field label="Nama" required error={errors.nama}>
          <Input value={nama} maxLength={120} onChange={(e) => setNama(e.target.value)} />
        </Field>
        <Field label="Kelompok" required error={errors.kelompok}>
          <Select
            value={kelompok}
            onChange={(e) => {
              const next = e.target.value as KelompokAkun | '';
              setKelompok(next);
              if (next !== '') setSaldoNormal(saldoNormalBawaan(next));
              if (next !== 'aset') setKasBank(false);
            }}
          >
            <option value="">Pilih kelompok</option>
            <LabeledOptions values={kelompokAkun} labels={kelompokAkunLabels} />
          </Select>
        </Field>
        <Field label="Saldo Normal" required error={errors.saldo_normal}>
          <Select value={saldoNormal} onChange={(e) => setSaldoNormal(e.target.value as SaldoNormal)}>
            <option value="">Sesuai kelompok</option>
            <LabeledOptions values={['debit', 'kredit'] as const} labels={saldoNormalLabels} />
          </Select>
        </Field>
        <div className="space-y-3 sm:col-span-2">
          {kelompok === 'aset' ? (
            <SettingsCheckbox checked={kasBank} onChange={setKasBank} title="Akun kas atau bank">
              Pembayaran dapat diterima ke akun ini dan pinjaman dicairkan darinya.
            </SettingsCheckbox>
          ) : null}
          {errors.kas_bank ? <p className="text-sm text-red-700">{errors.kas_bank}</p> : null}
          {akun ? (
            <SettingsCheckbox checked={aktif} onChange={setAktif} title="Aktif">
              Akun nonaktif tidak ditawarkan lagi, tetapi jurnal lamanya tetap.
            </SettingsCheckbox>
          ) : null}
          {errors.aktif ? <p className="text-sm text-red-700">{errors.aktif}</p> : null}
        </div>
      </div>
    </ActionDialog>
  );
}
