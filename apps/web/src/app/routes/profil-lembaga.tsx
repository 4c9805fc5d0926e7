import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { useAuth } from '../../features/auth';
import { profilLembagaQuery } from '../../features/profil-lembaga/api/profil-lembaga-api';
import { ProfilLembagaForm } from '../../features/profil-lembaga/components/profil-lembaga-form';
import { LogoCard } from '../../features/profil-lembaga/components/logo-card';

/** Lainnya → Profil Lembaga (issue 25): the institution on every document and on the landing page. */
export default function ProfilLembagaPage() {
  const { user } = useAuth();
  const profil = useQuery(profilLembagaQuery);
  const canEdit = user?.role === 'admin';
  return (
    <>
      <PageHeader title="Profil Lembaga" subtitle="Nama, alamat, kontak dan logo pada kwitansi, dokumen dan halaman depan." />
      <QueryView query={profil} errorTitle="Gagal memuat profil lembaga">
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <ProfilLembagaForm key={data.diubah_pada ?? 'bawaan'} data={data} canEdit={canEdit} />
            <LogoCard data={data} canEdit={canEdit} />
          </div>
        )}
      </QueryView>
    </>
  );
}
