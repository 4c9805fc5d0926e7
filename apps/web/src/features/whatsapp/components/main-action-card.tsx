import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { waMainAction, type WaSession } from '@mizan/core';
import { MessageSquareText, Plus, QrCode, RefreshCw, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';

export interface MainActionCardProps {
  session: WaSession | undefined;
  busy: { create: boolean; qr: boolean };
  onCreate(): void;
  onGetQr(): void;
  onTest(): void;
}

/** The main action follows the state table of spec §4. */
export function MainActionCard({ session, busy, onCreate, onGetQr, onTest }: MainActionCardProps) {
  const action = waMainAction(session);
  let title: string;
  let text: ReactNode;
  let button: ReactNode;
  switch (action) {
    case 'create':
      title = 'Langkah 1: Buat Session';
      text = 'Buat session baru untuk mendapatkan QR code yang dipindai dengan WhatsApp di ponsel institusi.';
      button = (
        <Button onClick={onCreate} disabled={busy.create}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {busy.create ? 'Membuat Session...' : 'Buat Session'}
        </Button>
      );
      break;
    case 'get-qr':
    case 'refresh-qr': {
      // Step 2 gets the first QR code, then a fresh one when it has expired.
      const refresh = action === 'refresh-qr';
      title = 'Langkah 2: Scan QR Code';
      text = refresh
        ? 'Pindai QR code dari menu Perangkat Tertaut di WhatsApp. Muat ulang bila QR code sudah kedaluwarsa.'
        : 'Session sudah dibuat dan menunggu QR code. Ambil QR code untuk dipindai.';
      button = (
        <Button onClick={onGetQr} disabled={busy.qr}>
          {refresh ? (
            <RefreshCw className={busy.qr ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          ) : (
            <QrCode className="h-4 w-4" aria-hidden="true" />
          )}
          {refresh ? 'Refresh QR Code' : 'Get QR Code'}
        </Button>
      );
      break;
    }
    case 'test':
      title = 'Langkah 3: Test Pesan';
      text = 'WhatsApp sudah terhubung. Kirim pesan test ke semua penerima notifikasi yang aktif.';
      button = (
        <div className="flex flex-wrap gap-2">
          <Button onClick={onTest}>
            <MessageSquareText className="h-4 w-4" aria-hidden="true" />
            Test Pesan
          </Button>
          <Link
            to="/wa-notification-recipients"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-canvas"
          >
            <Users className="h-4 w-4" aria-hidden="true" />
            Penerima Notifikasi
          </Link>
        </div>
      );
      break;
  }
  return (
    <TitledCard title={title} bodyClassName="space-y-4">
      <p className="text-sm text-muted">{text}</p>
      {button}
    </TitledCard>
  );
}
