import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
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
      <QueryView query={settings} errorTitle="Gagal memuat pengaturan kolektibilitas">
        {(data) => <KolektibilitasForm key={data.diubah_pada ?? 'bawaan'} data={data} canEdit={user?.role === 'admin'} />}
      </QueryView>
    </>
  );
}
