import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { waSteps, type WaSession } from '@mizan/core';
import { Unplug } from 'lucide-react';
import { MessageAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { RefreshButton } from '../../components/ui/refresh-button';
import { Card, CardBody } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { errorMessage } from '../../lib/api-client';
import {
  useCreateWaSession,
  useGetWaQr,
  useLogoutWaSession,
  useRefreshWaStatus,
  useSimulateWaScan,
  waSessionQuery,
} from '../../features/whatsapp/api/wa-session-api';
import { MessageCounters } from '../../features/whatsapp/components/message-counters';
import { MainActionCard } from '../../features/whatsapp/components/main-action-card';
import { QrDialog } from '../../features/whatsapp/components/qr-dialog';
import { SessionStatusCard } from '../../features/whatsapp/components/session-status-card';
import { StepIndicator } from '../../features/whatsapp/components/step-indicator';
import { TestMessageDialog } from '../../features/whatsapp/components/test-message-dialog';
import { useWaAlert } from '../../features/whatsapp/hooks/use-wa-alert';
import { useWaSessionUi, type WaSessionUi } from '../../features/whatsapp/hooks/use-wa-session-ui';
import { failureText, waFallbacks, waTexts } from '../../features/whatsapp/texts';

/** How often the status is asked for while the QR modal is open. */
const QR_POLL_MS = 2_000;

/** The QR modal opens by itself for a PENDING session unless it was closed by hand (spec §4). */
function qrModalOpen(session: WaSession | undefined, ui: WaSessionUi) {
  return session?.status === 'PENDING' && ui.qrDismissedFor !== session.session_id;
}

export default function WaSettingsPage() {
  const [ui, setUi] = useWaSessionUi();
  const { alert, dialog, showing: alertShowing } = useWaAlert();
  // Fetched once on opening (a failure is ignored); polled while the QR modal is open.
  const sessionQuery = useQuery({
    ...waSessionQuery(),
    refetchInterval: (query) => (qrModalOpen(query.state.data, ui) ? QR_POLL_MS : false),
  });
  const session = sessionQuery.data;
  const create = useCreateWaSession();
  const getQr = useGetWaQr();
  const refresh = useRefreshWaStatus();
  const logout = useLogoutWaSession();
  const scan = useSimulateWaScan();
  const [serviceError, setServiceError] = useState<string | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);

  const qrOpen = qrModalOpen(session, ui);
  const hasSession = Boolean(session?.status);
  const steps = waSteps(session);

  // The modal closes by itself when the scan succeeds: announce it once per session.
  const wasOpen = useRef(qrOpen);
  useEffect(() => {
    if (wasOpen.current && !qrOpen && session?.status === 'READY' && ui.connectedAnnouncedFor !== session.session_id) {
      setUi({ connectedAnnouncedFor: session.session_id });
      alert(waTexts.connected);
    }
    wasOpen.current = qrOpen;
  }, [qrOpen, session?.status, session?.session_id, ui.connectedAnnouncedFor, setUi, alert]);

  /** Runs a session action: ✅ result, or ❌ 'Gagal …: error' and the red banner. */
  const run = async (action: () => Promise<unknown>, success: string, fallback: string) => {
    try {
      await action();
      setServiceError(null);
      alert(success);
      return true;
    } catch (error) {
      const text = errorMessage(error, fallback);
      setServiceError(`${fallback}: ${text}`);
      alert(failureText(fallback, text));
      return false;
    }
  };

  const onCreate = () =>
    run(
      async () => {
        await create.mutateAsync();
        setUi({ qrDismissedFor: null, connectedAnnouncedFor: null });
      },
      waTexts.sessionCreated,
      waFallbacks.create,
    );
  const onGetQr = () =>
    run(
      async () => {
        await getQr.mutateAsync();
        setUi({ qrDismissedFor: null });
      },
      waTexts.qrLoaded,
      waFallbacks.qr,
    );
  const onRefreshStatus = () => run(() => refresh.mutateAsync(), waTexts.statusRefreshed, waFallbacks.status);
  const onLogout = async () => {
    const done = await run(() => logout.mutateAsync(), waTexts.disconnected, waFallbacks.logout);
    if (done) setUi({ qrDismissedFor: null, connectedAnnouncedFor: null });
    setConfirmLogout(false);
  };
  const onSimulateScan = async () => {
    try {
      await scan.mutateAsync();
    } catch (error) {
      alert(failureText('Gagal memindai QR code', errorMessage(error, 'Gagal memindai QR code')));
    }
  };

  const banner =
    serviceError ?? ((session?.status === 'ERROR' || session?.status === 'FAILED') && session.error ? session.error : null);

  return (
    <>
      <PageHeader
        title="Pengaturan WhatsApp Gateway"
        subtitle="Hubungkan akun WhatsApp institusi untuk mengirim notifikasi."
        actions={
          hasSession ? (
            <>
              <RefreshButton onClick={() => void onRefreshStatus()} refreshing={refresh.isPending} label="Refresh Status" />
              <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setConfirmLogout(true)}>
                <Unplug className="h-4 w-4" aria-hidden="true" />
                Putus Koneksi
              </Button>
            </>
          ) : null
        }
      />

      <MessageAlert tone="error" title="Layanan WhatsApp bermasalah" className="mb-5" message={banner} />

      <div className="space-y-5">
        <Card>
          <CardBody className="py-5">
            <StepIndicator steps={steps} />
          </CardBody>
        </Card>
        <div className="grid gap-5 lg:grid-cols-2">
          <SessionStatusCard session={session} loading={sessionQuery.isPending} />
          <MainActionCard
            session={session}
            busy={{ create: create.isPending, qr: getQr.isPending }}
            onCreate={() => void onCreate()}
            onGetQr={() => void onGetQr()}
            onTest={() => setTestOpen(true)}
          />
        </div>
        <MessageCounters withLink />
      </div>

      <QrDialog
        open={qrOpen && !alertShowing}
        onOpenChange={(open) => {
          if (!open && session?.session_id) setUi({ qrDismissedFor: session.session_id });
        }}
        session={session}
        onRefreshQr={() => void onGetQr()}
        refreshing={getQr.isPending}
        {...(session?.gateway === 'simulator' ? { onSimulateScan: () => void onSimulateScan(), scanning: scan.isPending } : {})}
      />
      <TestMessageDialog open={testOpen} onOpenChange={setTestOpen} alert={alert} onFailure={setServiceError} />
      <ConfirmDialog
        open={confirmLogout}
        onOpenChange={setConfirmLogout}
        title="Putus Koneksi WhatsApp"
        message="Perangkat ini akan dikeluarkan dari WhatsApp dan session dihapus. Untuk menghubungkan lagi, QR code perlu dipindai ulang."
        confirmLabel="Putus Koneksi"
        pending={logout.isPending}
        onConfirm={() => void onLogout()}
      />
      {dialog}
    </>
  );
}
