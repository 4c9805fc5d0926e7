import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { userPasswordResetSchema, type StaffUser } from '@mizan/core';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/users-api';

type Values = z.infer<typeof userPasswordResetSchema>;

export function ResetPasswordDialog({ user, onClose }: { user: StaffUser | null; onClose(): void }) {
  const { showToast } = useToast();
  const reset = useResetPassword();
  const form = useForm<Values>({ resolver: zodResolver(userPasswordResetSchema), defaultValues: { new_password: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    if (!user) return;
    try {
      await reset.mutateAsync({ id: user.id, new_password });
      showToast(`Password ${user.nama_lengkap} berhasil diatur ulang`, 'success');
      close();
    } catch (error) {
      applyServerErrors(error, form.setError, ['new_password']);
      showToast(errorMessage(error, 'Gagal mengatur ulang password'), 'error');
    }
  });
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      title="Atur Ulang Password"
      description={user ? `Untuk ${user.nama_lengkap} (${user.username}). Semua sesinya akan dikeluarkan.` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Batal
          </Button>
          <Button type="submit" form="reset-password-form" disabled={reset.isPending}>
            {reset.isPending ? 'Menyimpan...' : 'Simpan Password'}
          </Button>
        </>
      }
    >
      <form id="reset-password-form" onSubmit={onSubmit} noValidate>
        <Field label="Password Baru" error={form.formState.errors.new_password?.message} hint="Minimal 8 karakter" required>
          <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
        </Field>
      </form>
    </Dialog>
  );
}
