import type { NotificationRecipient } from '@mizan/core';
import { formatDateShort } from '@mizan/core';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';

export interface RecipientsTableProps {
  recipients: NotificationRecipient[] | undefined;
  loading: boolean;
  onEdit(recipient: NotificationRecipient): void;
  onDelete(recipient: NotificationRecipient): void;
}

function Actions({
  recipient,
  onEdit,
  onDelete,
}: { recipient: NotificationRecipient } & Pick<RecipientsTableProps, 'onEdit' | 'onDelete'>) {
  return (
    <div className="flex justify-end gap-1">
      {[
        { title: 'Edit', Icon: Pencil, className: undefined, act: onEdit },
        { title: 'Hapus', Icon: Trash2, className: 'hover:bg-red-50 hover:text-red-700', act: onDelete },
      ].map(({ title, Icon, className, act }) => (
        <Button
          key={title}
          variant="ghost"
          size="icon"
          className={className}
          aria-label={`${title} penerima ${recipient.name}`}
          title={title}
          onClick={() => act(recipient)}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}

const columns = ['Nama', 'Nomor Telepon', 'Status', 'Tanggal Dibuat'];

/** Nama, Nomor Telepon, Status, Tanggal Dibuat (id-ID), Aksi: a table from the tablet up, cards on phones. */
export function RecipientsTable({ recipients, loading, onEdit, onDelete }: RecipientsTableProps) {
  if (loading && !recipients) {
    return (
      <div className="space-y-3 p-5" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (!recipients || recipients.length === 0) return <EmptyState message="Tidak ada data penerima notifikasi" />;
  return (
    <>
      <table className="hidden w-full text-sm md:table">
        <thead className="border-b border-line bg-canvas/60 text-left text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-5 py-3">
                {column}
              </th>
            ))}
            <th scope="col" className="px-5 py-3 text-right">
              Aksi
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {recipients.map((recipient) => (
            <tr key={recipient.id} className="hover:bg-canvas/50">
              <td className="px-5 py-3 font-medium break-words text-ink">{recipient.name}</td>
              <td className="px-5 py-3 font-mono text-ink tabular-nums">{recipient.phone_number}</td>
              <td className="px-5 py-3">
                <StatusBadge status={recipient.status} />
              </td>
              <td className="px-5 py-3 text-muted tabular-nums">{formatDateShort(recipient.created_at)}</td>
              <td className="px-5 py-2">
                <Actions recipient={recipient} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-line md:hidden" aria-label="Daftar penerima notifikasi">
        {recipients.map((recipient) => (
          <li key={recipient.id} className="flex items-start gap-3 px-4 py-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium break-words text-ink">{recipient.name}</p>
              <p className="font-mono text-sm text-ink tabular-nums">{recipient.phone_number}</p>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <StatusBadge status={recipient.status} />
                <span>Dibuat {formatDateShort(recipient.created_at)}</span>
              </div>
            </div>
            <Actions recipient={recipient} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </>
  );
}
