import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
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
      {profil.isPending ? (
        <Skeleton className="h-96" />
      ) : profil.isError ? (
        <Alert tone="error" title="Gagal memuat profil lembaga">
          {errorMessage(profil.error, 'Terjadi kesalahan. Silakan coba lagi.')}
        </Alert>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <ProfilLembagaForm key={profil.data.diubah_pada ?? 'bawaan'} data={profil.data} canEdit={canEdit} />
          <LogoCard data={profil.data} canEdit={canEdit} />
        </div>
      )}
    </>
  );
}
