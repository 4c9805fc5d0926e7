import type { WaSession } from '@mizan/core';
import { RefreshCw, Smartphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

export interface QrDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  session: WaSession | undefined;
  onRefreshQr(): void;
  refreshing: boolean;
  /** Simulator mode only: stands in for the phone. */
  onSimulateScan?: () => void;
  scanning?: boolean;
}

/** The QR modal (spec §2, §4): the code to scan and how; it polls the status while open. */
export function QrDialog({ open, onOpenChange, session, onRefreshQr, refreshing, onSimulateScan, scanning }: QrDialogProps) {
  const qr = session?.qr_code ?? null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Scan QR Code"
      description="Hubungkan WhatsApp institusi dengan memindai QR code ini."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Tutup
          </Button>
          {onSimulateScan ? (
            <Button variant="secondary" onClick={onSimulateScan} disabled={scanning || !qr}>
              <Smartphone className="h-4 w-4" aria-hidden="true" />
              {scanning ? 'Memindai...' : 'Simulasikan Scan'}
            </Button>
          ) : null}
          <Button onClick={onRefreshQr} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh QR Code
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-4">
        <div className="flex h-64 w-64 items-center justify-center rounded-xl border border-line bg-white p-2 sm:h-72 sm:w-72">
          {qr ? (
            <img src={qr} alt="QR code WhatsApp" className="h-full w-full object-contain [image-rendering:pixelated]" />
          ) : (
            <div className="flex flex-col items-center gap-2 text-center text-sm text-muted">
              <Spinner />
              QR code belum tersedia. Tekan Refresh QR Code.
            </div>
          )}
        </div>
        <ol className="w-full list-decimal space-y-1 pl-5 text-sm text-ink marker:text-muted">
          <li>Buka WhatsApp di ponsel institusi.</li>
          <li>
            Ketuk <strong>Perangkat Tertaut</strong> lalu <strong>Tautkan Perangkat</strong>.
          </li>
          <li>Arahkan kamera ke QR code ini. Jendela ini tertutup sendiri setelah terhubung.</li>
        </ol>
        <p className="flex items-center gap-2 text-xs text-muted" aria-live="polite">
          <Spinner className="scale-75" label="Memeriksa status" />
          Menunggu pemindaian…
        </p>
      </div>
    </Dialog>
  );
}
