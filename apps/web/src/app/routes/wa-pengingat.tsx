import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import { pengingatSettingsQuery } from '../../features/whatsapp/api/pengingat-api';
import { PengingatForm } from '../../features/whatsapp/components/pengingat-form';

/** Lainnya → WhatsApp → Pengingat Angsuran (issue 24, part B): reminders of instalments to customers. */
export default function WaPengingatPage() {
  const { user } = useAuth();
  const settings = useQuery(pengingatSettingsQuery);
  return (
    <>
      <PageHeader
        title="Pengingat Angsuran"
        subtitle="Pesan WhatsApp ke nasabah sebelum dan sesudah jatuh tempo angsuran, dalam jam yang diizinkan OJK."
      />
      {settings.isPending ? (
        <Skeleton className="h-96" />
      ) : settings.isError ? (
        <Alert tone="error" title="Gagal memuat pengaturan pengingat">
          {errorMessage(settings.error, 'Terjadi kesalahan. Silakan coba lagi.')}
        </Alert>
      ) : (
        <PengingatForm key={settings.data.diubah_pada ?? 'bawaan'} data={settings.data} canEdit={user?.role === 'admin'} />
      )}
    </>
  );
}
