import {
  formatDateTime,
  notifikasiEventLabels,
  waMessageJenisLabels,
  waMessageStatusLabels,
  waResendableStatuses,
  type NotifikasiEvent,
  type WaMessage,
  type WaMessagePagination,
  type WaMessageStatus,
} from '@mizan/core';
import { RotateCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { PagerNav } from './pagination';

const statusTone: Record<WaMessageStatus, 'green' | 'gray' | 'red' | 'amber' | 'blue'> = {
  QUEUED: 'blue',
  SENDING: 'blue',
  SENT: 'green',
  DELIVERED: 'green',
  READ: 'green',
  FAILED: 'red',
  UNCERTAIN: 'amber',
  SKIPPED: 'gray',
  EXPIRED: 'gray',
};

/**
 * The kind of a message, with the event of a notification ("Notifikasi · Pembayaran baru") or the
 * stage of a reminder ("Pengingat · H-3").
 */
function kindOf(message: WaMessage) {
  const kind = waMessageJenisLabels[message.jenis];
  const event =
    message.jenis === 'pengingat'
      ? message.acara
      : message.acara && message.acara in notifikasiEventLabels
        ? notifikasiEventLabels[message.acara as NotifikasiEvent]
        : null;
  return event ? `${kind} · ${event}` : kind;
}

/** Who a message went to: the name kept with it and the number, or the number alone. */
export const recipientOf = (message: WaMessage) =>
  message.nama ? `${message.nama} (${message.phone_number})` : message.phone_number;

/**
 * The message log's rows, newest first: kind, status, time, recipient, the text, the error, the
 * attempts, and "Kirim ulang" for a failed or uncertain message. One layout for every width: the
 * text is what is read, and a table would squeeze it.
 */
export function MessagesList({
  messages,
  loading,
  filtered,
  resending,
  onResend,
}: {
  messages: WaMessage[] | undefined;
  loading: boolean;
  filtered: boolean;
  /** The message being resent now. */
  resending: number | null;
  onResend(message: WaMessage): void;
}) {
  if (loading && !messages) {
    return (
      <div className="space-y-3 p-5" aria-busy="true" aria-label="Memuat riwayat pesan">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (!messages || messages.length === 0)
    return <EmptyState message={filtered ? 'Tidak ada pesan yang cocok dengan filter' : 'Belum ada pesan WhatsApp'} />;
  return (
    <ul className="divide-y divide-line" aria-label="Riwayat pesan">
      {messages.map((message) => (
        <li key={message.id} className="space-y-2 px-4 py-4 sm:px-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTone[message.status]}>{waMessageStatusLabels[message.status]}</Badge>
            <span className="text-xs font-medium text-muted">{kindOf(message)}</span>
            <span className="ml-auto text-xs text-muted tabular-nums">{formatDateTime(message.created_at)}</span>
          </div>
          <p className="text-sm font-medium break-words text-ink">{recipientOf(message)}</p>
          <p className="line-clamp-4 text-sm break-words whitespace-pre-wrap text-ink">{message.text}</p>
          {message.error ? <p className="text-xs break-words text-red-700">{message.error}</p> : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-muted">
              {message.attempts === 0 ? 'Belum pernah dikirim' : `Dikirim ${message.attempts}×`}
              {formatDateTime(message.updated_at) !== formatDateTime(message.created_at)
                ? ` · diperbarui ${formatDateTime(message.updated_at)}`
                : ''}
            </span>
            {waResendableStatuses.includes(message.status) ? (
              <Button
                variant="outline"
                size="sm"
                disabled={resending !== null}
                aria-label={`Kirim ulang pesan ke ${recipientOf(message)}`}
                onClick={() => onResend(message)}
              >
                <RotateCw className={resending === message.id ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
                {resending === message.id ? 'Mengirim...' : 'Kirim ulang'}
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Sebelumnya / Selanjutnya and the page number; only when there is another page. */
export function MessagesPager({
  pagination,
  shown,
  onPage,
}: {
  pagination: WaMessagePagination | undefined;
  /** Rows on this page. */
  shown: number;
  onPage(page: number): void;
}) {
  if (!pagination || (pagination.current_page === 1 && !pagination.has_more)) return null;
  const { current_page: page, items_per_page: perPage, has_more: more } = pagination;
  const from = (page - 1) * perPage + 1;
  return (
    <PagerNav label="Halaman riwayat pesan" page={page} hasNext={more} onPage={onPage}>
      {shown > 0 ? `Halaman ${page}: pesan ke-${from} sampai ke-${from + shown - 1}` : `Halaman ${page}: tidak ada pesan lagi`}
    </PagerNav>
  );
}
