import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, type ProfileUpdateInput } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { AccountFormCard } from './account-form-card';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAuth } from '../../auth';
import { useUpdateProfile } from '../api/profile-api';

/** Edit own nama_lengkap and username; the layout's name updates at once. */
export function ProfileForm() {
  const { user, setUser } = useAuth();
  const { showToast } = useToast();
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { nama_lengkap: user?.nama_lengkap ?? '', username: user?.username ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync(values);
      setUser(updated);
      form.reset({ nama_lengkap: updated.nama_lengkap, username: updated.username });
      showToast('Profil berhasil diperbarui', 'success');
    } catch (error) {
      applyServerErrors(error, form.setError, ['nama_lengkap', 'username']);
      showToast(errorMessage(error, 'Update failed'), 'error');
    }
  });

  return (
    <AccountFormCard title="Data Profil" onSubmit={onSubmit} pending={update.isPending} submitLabel="Simpan Profil">
      <Field label="Nama Lengkap" error={errors.nama_lengkap?.message} required>
        <Input autoComplete="name" {...form.register('nama_lengkap')} />
      </Field>
      <Field label="Username" error={errors.username?.message} required>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </Field>
    </AccountFormCard>
  );
}
