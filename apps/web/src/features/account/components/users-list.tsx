import { useState } from 'react';
import { KeyRound, Power, UserPlus } from 'lucide-react';
import { roleLabels, roles, type Role, type StaffUser } from '@mizan/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LabeledOptions, Select } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useChangeRole, useSetActive, useUsers } from '../api/users-api';
import { AddUserDialog } from './add-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

/** Staff accounts for administrators: roles, activation, password resets. */
export function UsersList() {
  const { user: me } = useAuth();
  const isAdmin = me?.role === 'admin';
  const users = useUsers(isAdmin);
  const changeRole = useChangeRole();
  const setActive = useSetActive();
  const { showToast } = useToast();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [toggling, setToggling] = useState<StaffUser | null>(null);

  if (!isAdmin)
    return (
      <Alert tone="warning" title="Khusus administrator">
        Halaman ini hanya dapat dibuka oleh administrator.
      </Alert>
    );

  const onRole = async (target: StaffUser, role: Role) => {
    try {
      await changeRole.mutateAsync({ id: target.id, role });
      showToast(`Peran ${target.nama_lengkap} diubah menjadi ${roleLabels[role]}`, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'Gagal mengubah peran'), 'error');
    }
  };
  const onToggle = async () => {
    if (!toggling) return;
    try {
      await setActive.mutateAsync({ id: toggling.id, is_active: !toggling.is_active });
      showToast(toggling.is_active ? 'Pengguna berhasil dinonaktifkan' : 'Pengguna berhasil diaktifkan', 'success');
      setToggling(null);
    } catch (error) {
      showToast(errorMessage(error, 'Gagal mengubah status pengguna'), 'error');
      setToggling(null);
    }
  };

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setAdding(true)}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Tambah Pengguna
        </Button>
      </div>
      {users.isPending ? (
        <Card className="space-y-3 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </Card>
      ) : users.isError ? (
        <Alert tone="error" title="Gagal memuat pengguna">
          {errorMessage(users.error, 'Gagal memuat pengguna')}
        </Alert>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Daftar pengguna">
          {users.data.map((staff) => (
            <li key={staff.id}>
              <Card className="flex h-full flex-col gap-3 p-4" data-testid={`user-${staff.username}`}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-ink">{staff.nama_lengkap}</p>
                    <p className="truncate text-sm text-muted">@{staff.username}</p>
                  </div>
                  {staff.is_active ? <Badge tone="green">Aktif</Badge> : <Badge tone="gray">Nonaktif</Badge>}
                </div>
                <label className="flex items-center gap-2 text-sm text-muted">
                  <span className="shrink-0">Peran</span>
                  <Select
                    aria-label={`Peran ${staff.nama_lengkap}`}
                    value={staff.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => void onRole(staff, event.target.value as Role)}
                  >
                    <LabeledOptions values={roles} labels={roleLabels} />
                  </Select>
                </label>
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setResetting(staff)}
                    aria-label={`Atur ulang password ${staff.nama_lengkap}`}
                  >
                    <KeyRound className="h-4 w-4" aria-hidden="true" />
                    Atur Ulang Password
                  </Button>
                  {staff.id !== me?.id ? (
                    <Button
                      size="sm"
                      variant={staff.is_active ? 'ghost' : 'secondary'}
                      onClick={() => setToggling(staff)}
                      aria-label={`${staff.is_active ? 'Nonaktifkan' : 'Aktifkan'} ${staff.nama_lengkap}`}
                    >
                      <Power className="h-4 w-4" aria-hidden="true" />
                      {staff.is_active ? 'Nonaktifkan' : 'Aktifkan'}
                    </Button>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={toggling?.is_active ? 'Nonaktifkan Pengguna' : 'Aktifkan Pengguna'}
        message={
          toggling?.is_active
            ? `Apakah Anda yakin ingin menonaktifkan ${toggling.nama_lengkap}? Ia tidak dapat masuk lagi dan semua sesinya dikeluarkan.`
            : `Aktifkan kembali ${toggling?.nama_lengkap ?? ''}?`
        }
        confirmLabel={toggling?.is_active ? 'Nonaktifkan' : 'Aktifkan'}
        pending={setActive.isPending}
        onConfirm={() => void onToggle()}
      />
    </>
  );
}
