import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { useAuth } from '../../features/auth';
import { notifikasiSettingsQuery } from '../../features/whatsapp/api/notifikasi-api';
import { activeRecipientsQuery } from '../../features/whatsapp/api/recipients-api';
import { NotifikasiForm } from '../../features/whatsapp/components/notifikasi-form';

/** Lainnya → WhatsApp → Notifikasi (issue 24): events, templates with live preview, recap time. */
export default function WaNotifikasiPage() {
  const { user } = useAuth();
  const settings = useQuery(notifikasiSettingsQuery);
  const recipients = useQuery(activeRecipientsQuery);
  return (
    <>
      <PageHeader
        title="Notifikasi WhatsApp"
        subtitle="Kabar ke penerima notifikasi: pembayaran dan pinjaman baru, pinjaman lunas, kolektibilitas memburuk, dan rekap harian."
      />
      <QueryView query={settings} errorTitle="Gagal memuat pengaturan notifikasi">
        {(data) => (
          <NotifikasiForm
            key={data.diubah_pada ?? 'bawaan'}
            data={data}
            canEdit={user?.role === 'admin'}
            activeRecipients={recipients.data ? recipients.data.length : null}
          />
        )}
      </QueryView>
    </>
  );
}
