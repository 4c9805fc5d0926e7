import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, roleLabels, roles, type RegisterInput } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, LabeledOptions, Select } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRegisterUser } from '../api/users-api';

const empty: RegisterInput = { username: '', nama_lengkap: '', password: '', role: 'operator' };

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { showToast } = useToast();
  const register = useRegisterUser();
  const form = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), defaultValues: empty });
  const { errors } = form.formState;
  const close = (next: boolean) => {
    if (!next) form.reset(empty);
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      showToast('Pengguna berhasil ditambahkan', 'success');
      close(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['username', 'nama_lengkap', 'password', 'role']);
      showToast(errorMessage(error, 'Gagal menambahkan pengguna'), 'error');
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Tambah Pengguna"
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)}>
            Batal
          </Button>
          <Button type="submit" form="add-user-form" disabled={register.isPending}>
            {register.isPending ? 'Menyimpan...' : 'Simpan'}
          </Button>
        </>
      }
    >
      <form id="add-user-form" onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="Nama Lengkap" error={errors.nama_lengkap?.message} required>
          <Input {...form.register('nama_lengkap')} />
        </Field>
        <Field label="Username" error={errors.username?.message} required>
          <Input autoCapitalize="none" autoComplete="off" {...form.register('username')} />
        </Field>
        <Field
          label="Password Awal"
          error={errors.password?.message}
          hint="Minimal 8 karakter; minta pengguna menggantinya setelah masuk"
          required
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Peran" error={errors.role?.message} required>
          <Select {...form.register('role')}>
            <LabeledOptions values={roles} labels={roleLabels} />
          </Select>
        </Field>
      </form>
    </Dialog>
  );
}
