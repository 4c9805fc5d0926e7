import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordSchema } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { AccountFormCard } from './account-form-card';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/profile-api';

// The confirmation is a form-only field: the API never sees it.
const formSchema = changePasswordSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Konfirmasi password tidak sama',
  });
type FormValues = z.infer<typeof formSchema>;

/** Change own password; the API signs out the user's other sessions. */
export function ChangePasswordForm() {
  const { showToast } = useToast();
  const change = useChangePassword();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
      showToast('Password berhasil diubah. Sesi di perangkat lain telah dikeluarkan.', 'success');
    } catch (error) {
      applyServerErrors(error, form.setError, ['current_password', 'new_password']);
      showToast(errorMessage(error, 'Change password failed'), 'error');
    }
  });

  return (
    <AccountFormCard title="Ganti Password" onSubmit={onSubmit} pending={change.isPending} submitLabel="Ganti Password">
      <Field label="Password Saat Ini" error={errors.current_password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
      </Field>
      <Field label="Password Baru" error={errors.new_password?.message} hint="Minimal 8 karakter" required>
        <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
      </Field>
      <Field label="Konfirmasi Password Baru" error={errors.confirm_password?.message} required>
        <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
      </Field>
    </AccountFormCard>
  );
}
