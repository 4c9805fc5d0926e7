import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BellRing, Eye, MessageCircle, Phone } from 'lucide-react';
import { telUrl, whatsappChatUrl } from '@mizan/core';
import { cn } from '../../../components/ui/cn';
import type { Tunggakan } from '../types';

// Three side by side in a phone card (about 100 px each at 390): small padding, icons never shrink.
const iconLink = 'inline-flex h-10 w-10 items-center justify-center rounded-lg';
const labelledLink = 'inline-flex h-9 min-w-0 items-center justify-center gap-1 rounded-lg px-1.5 text-sm font-medium';

/** Colours of an available action: labelled (a tinted button) and icon-only (on hover). */
interface Tones {
  labelled: string;
  icon: string;
}

const tones = {
  telepon: { labelled: 'bg-sky-50 text-sky-800 hover:bg-sky-100', icon: 'text-muted hover:bg-sky-50 hover:text-sky-800' },
  whatsapp: {
    labelled: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
    icon: 'text-muted hover:bg-brand-50 hover:text-brand-800',
  },
  ingatkan: {
    labelled: 'bg-amber-50 text-amber-900 hover:bg-amber-100',
    icon: 'text-muted hover:bg-amber-50 hover:text-amber-900',
  },
  pinjaman: {
    labelled: 'border border-line bg-white text-ink hover:bg-canvas',
    icon: 'text-muted hover:bg-brand-50 hover:text-brand-800',
  },
} satisfies Record<string, Tones>;

/** The classes of an available action in its form (labelled or icon-only) and colours. */
const actionClass = (labelled: boolean, tone: Tones) =>
  cn(labelled ? labelledLink : iconLink, labelled ? tone.labelled : tone.icon);

interface ContactProps {
  href: string | null;
  /** What the link does, as a screen reader hears it: "Telepon Siti Aminah". */
  label: string;
  /** Why it is unavailable when there is no href. */
  unavailable: { label: string; title: string };
  icon: ReactNode;
  text: string;
  labelled: boolean;
  tone: Tones;
  external?: boolean;
}

/** A call or chat link, or the same shape greyed out with the reason when the number cannot take it. */
function Contact({ href, label, unavailable, icon, text, labelled, tone, external = false }: ContactProps) {
  const content = (
    <>
      {icon}
      {labelled ? text : null}
    </>
  );
  if (!href)
    return (
      <span
        className={cn(labelled ? labelledLink : iconLink, 'cursor-not-allowed text-slate-400')}
        role="img"
        aria-label={unavailable.label}
        title={unavailable.title}
      >
        {content}
      </span>
    );
  return (
    <a
      href={href}
      aria-label={label}
      className={actionClass(labelled, tone)}
      {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
    >
      {content}
    </a>
  );
}

/**
 * A row's Telepon (`tel:`), WhatsApp (a chat with the customer's number), a reminder sent through
 * the gateway (issue 24: `onRemind` opens "Kirim pengingat") and the loan's detail. A number that
 * cannot be called or chatted shows the action as unavailable, with the reason.
 */
export function ContactActions({
  row,
  labelled = false,
  onRemind,
}: {
  row: Tunggakan;
  labelled?: boolean;
  onRemind(row: Tunggakan): void;
}) {
  const nama = row.nasabah.nama;
  return (
    <div className={labelled ? 'grid grid-cols-2 gap-2' : 'flex items-center justify-end gap-1'}>
      <Contact
        href={telUrl(row.nasabah.telepon)}
        label={`Telepon ${nama}`}
        unavailable={{ label: `Nomor telepon ${nama} tidak tersedia`, title: 'Nomor telepon tidak tersedia' }}
        icon={<Phone className="h-4 w-4 shrink-0" aria-hidden="true" />}
        text="Telepon"
        labelled={labelled}
        tone={tones.telepon}
      />
      <Contact
        href={whatsappChatUrl(row.nasabah.telepon)}
        label={`Chat WhatsApp ${nama}`}
        unavailable={{
          label: `WhatsApp ${nama} tidak tersedia: bukan nomor seluler`,
          title: 'Bukan nomor seluler (WhatsApp tidak tersedia)',
        }}
        icon={<MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />}
        text="WhatsApp"
        labelled={labelled}
        tone={tones.whatsapp}
        external
      />
      <button
        type="button"
        onClick={() => onRemind(row)}
        aria-label={`Kirim pengingat WhatsApp ke ${nama}`}
        title="Kirim pengingat lewat WhatsApp"
        className={actionClass(labelled, tones.ingatkan)}
      >
        <BellRing className="h-4 w-4 shrink-0" aria-hidden="true" />
        {labelled ? 'Ingatkan' : null}
      </button>
      <Link
        to={`/pinjaman/${row.pinjaman_id}`}
        aria-label={`Lihat pinjaman ${nama}`}
        className={actionClass(labelled, tones.pinjaman)}
      >
        <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
        {labelled ? 'Pinjaman' : null}
      </Link>
    </div>
  );
}
