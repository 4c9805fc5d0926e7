import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import { kolektibilitasSettingsQuery } from '../../features/kolektibilitas/api/kolektibilitas-api';
import { KolektibilitasForm } from '../../features/kolektibilitas/components/kolektibilitas-form';

/** Lainnya → Kolektibilitas (issue 23): the classification every loan is graded with. */
export default function KolektibilitasPage() {
  const { user } = useAuth();
  const settings = useQuery(kolektibilitasSettingsQuery);
  return (
    <>
      <PageHeader title="Kolektibilitas" subtitle="Golongan kualitas pembiayaan menurut hari tunggakan, dan PPAP per golongan." />
      {settings.isPending ? (
        <Skeleton className="h-96" />
      ) : settings.isError ? (
        <Alert tone="error" title="Gagal memuat pengaturan kolektibilitas">
          {errorMessage(settings.error, 'Terjadi kesalahan. Silakan coba lagi.')}
        </Alert>
      ) : (
        <KolektibilitasForm key={settings.data.diubah_pada ?? 'bawaan'} data={settings.data} canEdit={user?.role === 'admin'} />
      )}
    </>
  );
}
