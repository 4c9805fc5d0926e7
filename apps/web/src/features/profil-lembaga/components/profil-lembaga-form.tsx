import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_CATATAN_KWITANSI,
  profilLembagaSchema,
  type ProfilLembagaInput,
  type ProfilLembaga,
  type ProfilLembagaResponse,
} from '@mizan/core';
import { TitledCard } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { SettingsSaveBar } from '../../../components/ui/settings-save-bar';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveProfilLembaga } from '../api/profil-lembaga-api';

const fields = ['nama', 'alamat', 'telepon', 'email', 'catatan_kwitansi'] as const;

/** The institution's name and contact as documents and the landing page show them. Administrators save it. */
export function ProfilLembagaForm({ data, canEdit }: { data: ProfilLembagaResponse; canEdit: boolean }) {
  const { showToast } = useToast();
  const save = useSaveProfilLembaga();
  const form = useForm<ProfilLembagaInput, unknown, ProfilLembaga>({
    resolver: zodResolver(profilLembagaSchema),
    defaultValues: {
      nama: data.profil.nama,
      alamat: data.profil.alamat ?? '',
      telepon: data.profil.telepon ?? '',
      email: data.profil.email ?? '',
      catatan_kwitansi: data.profil.catatan_kwitansi ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      showToast('Profil lembaga disimpan', 'success');
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
      showToast(errorMessage(error, 'Gagal menyimpan profil lembaga'), 'error');
    }
  });

  return (
    <TitledCard title="Identitas Lembaga">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <fieldset disabled={!canEdit} className="space-y-4">
          <Field
            label="Nama Lembaga"
            error={errors.nama?.message}
            required
            hint="Tampil di kop setiap dokumen, di aplikasi dan di halaman depan."
          >
            <Input autoComplete="organization" {...form.register('nama')} />
          </Field>
          <Field label="Alamat" error={errors.alamat?.message}>
            <Textarea rows={2} autoComplete="street-address" {...form.register('alamat')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Telepon" error={errors.telepon?.message}>
              <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register('telepon')} />
            </Field>
            <Field label="Email" error={errors.email?.message}>
              <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" {...form.register('email')} />
            </Field>
          </div>
          <Field
            label="Catatan Kwitansi"
            error={errors.catatan_kwitansi?.message}
            hint={`Tampil di bawah setiap kwitansi. Bila kosong: "${DEFAULT_CATATAN_KWITANSI}"`}
          >
            <Textarea rows={2} {...form.register('catatan_kwitansi')} />
          </Field>
        </fieldset>
        <SettingsSaveBar
          changed={data}
          neverChanged="Belum pernah diubah: nama dari pengaturan server (INSTITUTION_NAME)."
          canEdit={canEdit}
          pending={save.isPending}
        />
      </form>
    </TitledCard>
  );
}
