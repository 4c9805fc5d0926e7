import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatPercent, type PersetujuanSettingsResponse } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadedSettings, SettingsCard, SettingsCheckbox, SettingsSaveBar } from '../../../components/ui/settings-save-bar';
import { oneFieldError, useFormSubmit } from '../../../components/ui/use-form-submit';
import { persetujuanSettingsQuery, useSavePersetujuanSetting } from '../api/persetujuan';

/** Whether new loans wait for approval and the khasm limit: a form for administrators, a statement for everyone else. */
export function PersetujuanSettings({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(persetujuanSettingsQuery);
  return <LoadedSettings query={settings}>{(data) => <SettingsForm data={data} canEdit={canEdit} />}</LoadedSettings>;
}

function SettingsForm({ data, canEdit }: { data: PersetujuanSettingsResponse; canEdit: boolean }) {
  const save = useSavePersetujuanSetting();
  const [pinjamanBaru, setPinjamanBaru] = useState(data.setting.pinjaman_baru);
  const [batas, setBatas] = useState(String(data.setting.batas_diskon_persen).replace('.', ','));
  const [error, setError] = useState<string | undefined>();

  const send = useFormSubmit({
    success: 'Pengaturan persetujuan disimpan.',
    failure: 'Pengaturan persetujuan gagal disimpan',
    takeFieldErrors: oneFieldError('batas_diskon_persen', setError),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(batas.replace(',', '.'));
    if (batas.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setError('Batas potongan harus angka 0 sampai 100');
      return;
    }
    await send(save.mutateAsync({ pinjaman_baru: pinjamanBaru, batas_diskon_persen: value }));
  };

  return (
    <SettingsCard
      title="Pengaturan Persetujuan"
      canEdit={canEdit}
      form={
        <form onSubmit={(e) => void submit(e)} className="space-y-4">
          <SettingsCheckbox
            checked={pinjamanBaru}
            onChange={setPinjamanBaru}
            title="Pinjaman baru harus disetujui sebelum dicairkan"
          >
            Pinjaman baru berstatus Pending sampai administrator atau manajer lain menyetujuinya. Bila tidak dicentang, pinjaman
            baru langsung aktif.
          </SettingsCheckbox>
          <Field
            label="Potongan pelunasan yang perlu persetujuan (di atas … % dari sisa margin)"
            hint="Potongan (khasm) pada pelunasan dipercepat sampai batas ini boleh diberikan petugas langsung."
            error={error}
          >
            <Input
              inputMode="decimal"
              value={batas}
              onChange={(e) => {
                setBatas(e.target.value);
                setError(undefined);
              }}
              className="w-32"
            />
          </Field>
          <SettingsSaveBar
            changed={data}
            neverChanged="Belum pernah diubah: pinjaman baru langsung aktif."
            canEdit
            pending={save.isPending}
          />
        </form>
      }
      readOnly={
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
          <li>
            {data.setting.pinjaman_baru
              ? 'Pinjaman baru menunggu persetujuan sebelum dicairkan.'
              : 'Pinjaman baru langsung aktif.'}
          </li>
          <li>
            Potongan pelunasan di atas {formatPercent(data.setting.batas_diskon_persen)} dari sisa margin perlu persetujuan.
          </li>
        </ul>
      }
    />
  );
}
