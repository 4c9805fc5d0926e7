import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
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
      <QueryView query={settings} errorTitle="Gagal memuat pengaturan pengingat">
        {(data) => <PengingatForm key={data.diubah_pada ?? 'bawaan'} data={data} canEdit={user?.role === 'admin'} />}
      </QueryView>
    </>
  );
}
