import { Link } from 'react-router';
import { Eye, MessageCircle, Phone } from 'lucide-react';
import { telUrl, whatsappChatUrl } from '@mizan/core';
import { cn } from '../../../components/ui/cn';
import type { Tunggakan } from '../types';

const iconLink = 'inline-flex h-10 w-10 items-center justify-center rounded-lg';
// Three side by side in a phone card (about 100 px each at 390): small padding, icons never shrink.
const labelledLink = 'inline-flex h-9 min-w-0 items-center justify-center gap-1 rounded-lg px-1.5 text-sm font-medium';

/**
 * A row's Telepon (`tel:`), WhatsApp (a chat with the customer's number) and the loan's detail.
 * A number that cannot be called or chatted shows the action as unavailable, with the reason.
 */
export function ContactActions({ row, labelled = false }: { row: Tunggakan; labelled?: boolean }) {
  const nama = row.nasabah.nama;
  const tel = telUrl(row.nasabah.telepon);
  const wa = whatsappChatUrl(row.nasabah.telepon);
  const base = labelled ? labelledLink : iconLink;
  const unavailable = cn(base, 'cursor-not-allowed text-slate-400');
  return (
    <div className={labelled ? 'grid grid-cols-3 gap-2' : 'flex items-center justify-end gap-1'}>
      {tel ? (
        <a
          href={tel}
          aria-label={`Telepon ${nama}`}
          className={cn(
            base,
            labelled ? 'bg-sky-50 text-sky-800 hover:bg-sky-100' : 'text-muted hover:bg-sky-50 hover:text-sky-800',
          )}
        >
          <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
          {labelled ? 'Telepon' : null}
        </a>
      ) : (
        <span
          className={unavailable}
          role="img"
          aria-label={`Nomor telepon ${nama} tidak tersedia`}
          title="Nomor telepon tidak tersedia"
        >
          <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
          {labelled ? 'Telepon' : null}
        </span>
      )}
      {wa ? (
        <a
          href={wa}
          target="_blank"
          rel="noreferrer noopener"
          aria-label={`Chat WhatsApp ${nama}`}
          className={cn(
            base,
            labelled ? 'bg-brand-50 text-brand-800 hover:bg-brand-100' : 'text-muted hover:bg-brand-50 hover:text-brand-800',
          )}
        >
          <MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
          {labelled ? 'WhatsApp' : null}
        </a>
      ) : (
        <span
          className={unavailable}
          role="img"
          aria-label={`${nama} tidak punya nomor WhatsApp`}
          title="Bukan nomor seluler (WhatsApp tidak tersedia)"
        >
          <MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
          {labelled ? 'WhatsApp' : null}
        </span>
      )}
      <Link
        to={`/pinjaman/${row.pinjaman_id}`}
        aria-label={`Lihat pinjaman ${nama}`}
        className={cn(
          base,
          labelled ? 'border border-line bg-white text-ink hover:bg-canvas' : 'text-muted hover:bg-brand-50 hover:text-brand-800',
        )}
      >
        <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
        {labelled ? 'Pinjaman' : null}
      </Link>
    </div>
  );
}
