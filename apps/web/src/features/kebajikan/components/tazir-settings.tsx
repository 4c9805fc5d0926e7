import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatRupiah, type TazirSettingsResponse } from '@mizan/core';
import { AmountInput } from '../../../components/ui/amount-input';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadedSettings, SettingsCard, SettingsCheckbox, SettingsSaveBar } from '../../../components/ui/settings-save-bar';
import { useFieldErrorsSubmit } from '../../../components/ui/use-form-submit';
import { tazirSettingsQuery, useSaveTazirSetting } from '../api/kebajikan';

/** The ta'zir written into new akad: a form for administrators, a statement for everyone else. */
export function TazirSettings({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(tazirSettingsQuery);
  return <LoadedSettings query={settings}>{(data) => <SettingsForm data={data} canEdit={canEdit} />}</LoadedSettings>;
}

function SettingsForm({ data, canEdit }: { data: TazirSettingsResponse; canEdit: boolean }) {
  const save = useSaveTazirSetting();
  const [aktif, setAktif] = useState(data.setting.aktif);
  const [jumlah, setJumlah] = useState<number | null>(data.setting.jumlah);
  const [tenggang, setTenggang] = useState(String(data.setting.tenggang_hari));
  const s = data.setting;

  const { errors, setErrors, send } = useFieldErrorsSubmit({
    success: 'Pengaturan ta’zir disimpan.',
    failure: 'Pengaturan ta’zir gagal disimpan',
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send(save.mutateAsync({ aktif, jumlah: jumlah ?? 0, tenggang_hari: Number(tenggang) }), () => setErrors({}));
  };

  return (
    <SettingsCard
      title="Pengaturan Ta’zir"
      canEdit={canEdit}
      form={
        <form onSubmit={(e) => void submit(e)} className="space-y-4">
          <SettingsCheckbox checked={aktif} onChange={setAktif} title="Cantumkan ta’zir dalam akad pinjaman baru">
            Berlaku untuk pinjaman yang dibuat setelah disimpan. Pinjaman yang sudah ada tetap mengikuti akadnya.
          </SettingsCheckbox>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Jumlah per angsuran terlambat" error={errors.jumlah}>
              <AmountInput value={jumlah} onValueChange={setJumlah} />
            </Field>
            <Field label="Masa tenggang (hari)" error={errors.tenggang_hari}>
              <Input inputMode="numeric" value={tenggang} onChange={(e) => setTenggang(e.target.value)} />
            </Field>
          </div>
          <SettingsSaveBar
            changed={data}
            neverChanged="Belum pernah diubah: akad baru tanpa ta’zir."
            canEdit
            pending={save.isPending}
          />
        </form>
      }
      readOnly={
        <p className="text-sm text-ink">
          {s.aktif
            ? `Akad baru mencantumkan ta’zir ${formatRupiah(s.jumlah)} per angsuran yang dibayar lebih dari ${s.tenggang_hari} hari setelah jatuh tempo.`
            : 'Akad baru tanpa ta’zir.'}
        </p>
      }
    />
  );
}
