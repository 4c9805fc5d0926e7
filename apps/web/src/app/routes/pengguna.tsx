import { PageHeader } from '../../components/ui/page-header';
import { UsersList } from '../../features/account/components/users-list';

export default function PenggunaPage() {
  return (
    <>
      <PageHeader title="Pengguna" subtitle="Kelola akun staf: peran, status dan password." />
      <UsersList />
    </>
  );
}
