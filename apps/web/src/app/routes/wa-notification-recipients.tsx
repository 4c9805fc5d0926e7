import { useState } from 'react';
import type { NotificationRecipient } from '@mizan/core';
import { MessageSquareText, Plus, Search } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { RefreshButton } from '../../components/ui/refresh-button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { errorMessage } from '../../lib/api-client';
import {
  useDeleteRecipient,
  useRecipients,
  type RecipientFilters,
  exportRecipients,
} from '../../features/whatsapp/api/recipients-api';
import { ClearFiltersButton, ListCardError } from '../../features/whatsapp/components/list-card-parts';
import { RecipientsPagination } from '../../features/whatsapp/components/pagination';
import { RecipientFormDialog } from '../../features/whatsapp/components/recipient-form-dialog';
import { RecipientsTable } from '../../features/whatsapp/components/recipients-table';
import { TestMessageDialog } from '../../features/whatsapp/components/test-message-dialog';
import { useSearchedFilters } from '../../features/whatsapp/hooks/use-searched-filters';
import { useWaAlert } from '../../features/whatsapp/hooks/use-wa-alert';
import { failureText, waFallbacks, waTexts } from '../../features/whatsapp/texts';
import { ExportButton } from '../../components/ui/export-button';

const noRecipientFilters: RecipientFilters = { page: 1, search: '', status: 'all' };
const statusFilters: Array<{ value: RecipientFilters['status']; label: string }> = [
  { value: 'all', label: 'Semua' },
  { value: 'active', label: 'Aktif' },
  { value: 'inactive', label: 'Tidak Aktif' },
];

export default function WaNotificationRecipientsPage() {
  const { alert, dialog } = useWaAlert();
  const { searchText, setSearchText, filters, setFilters, set, clear } = useSearchedFilters(noRecipientFilters);
  const shown = useRecipients(filters);
  const remove = useDeleteRecipient();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<NotificationRecipient | null>(null);
  const [deleting, setDeleting] = useState<NotificationRecipient | null>(null);
  const [testOpen, setTestOpen] = useState(false);

  const filtered = filters.search !== '' || searchText !== '' || filters.status !== 'all';

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      // The last row of a later page is gone: show the page before it.
      if (shown.data?.recipients.length === 1 && filters.page > 1) setFilters((f) => ({ ...f, page: f.page - 1 }));
      setDeleting(null);
      alert(waTexts.recipientDeleted);
    } catch (error) {
      setDeleting(null);
      alert(failureText(waFallbacks.delete, errorMessage(error, waFallbacks.delete)));
    }
  };

  const data = shown.data;
  return (
    <>
      <PageHeader
        title="Penerima Notifikasi WA"
        subtitle="Nomor yang menerima notifikasi dan pesan test WhatsApp."
        actions={
          <>
            <ExportButton
              what="penerima notifikasi"
              filters={[
                ...(filters.search ? [`Cari: "${filters.search}"`] : []),
                ...(filters.status !== 'all' ? [`Status: ${filters.status === 'active' ? 'Aktif' : 'Nonaktif'}`] : []),
              ]}
              onExport={(format) => exportRecipients(filters, format)}
            />
            <Button variant="outline" onClick={() => setTestOpen(true)}>
              <MessageSquareText className="h-4 w-4" aria-hidden="true" />
              Test Kirim Pesan
            </Button>
            <Button
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              Tambah Penerima
            </Button>
          </>
        }
      />

      <Card>
        <div className="flex flex-col gap-3 border-b border-line p-4 lg:flex-row lg:items-center lg:px-5">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Cari penerima"
              placeholder="Cari nama atau nomor telepon..."
              className="pl-9"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Filter status" className="inline-flex rounded-lg border border-line bg-canvas/60 p-0.5">
              {statusFilters.map(({ value, label }) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={filters.status === value}
                  onClick={() => set({ status: value })}
                  className={cn(
                    'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                    filters.status === value ? 'bg-white text-brand-800 shadow-xs ring-1 ring-line' : 'text-muted hover:text-ink',
                  )}
                >
                  {label}
                </button>
              ))}
            </div>
            <RefreshButton onClick={() => void shown.refetch()} refreshing={shown.isFetching} iconOnly={{ title: 'Refresh' }} />
            {filtered ? <ClearFiltersButton onClick={clear} /> : null}
          </div>
        </div>

        {shown.isError ? <ListCardError title={waFallbacks.list} error={shown.error} fallback={waFallbacks.list} /> : null}

        <RecipientsTable
          recipients={data?.recipients}
          loading={shown.isPending}
          onEdit={(recipient) => {
            setEditing(recipient);
            setFormOpen(true);
          }}
          onDelete={setDeleting}
        />
        <RecipientsPagination pagination={data?.pagination} onPage={(next) => setFilters((f) => ({ ...f, page: next }))} />
      </Card>

      <RecipientFormDialog open={formOpen} onOpenChange={setFormOpen} recipient={editing} alert={alert} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        message={
          <>
            Apakah Anda yakin ingin menghapus penerima notifikasi ini?
            {deleting ? (
              <span className="mt-1 block font-medium text-ink">{`${deleting.name} (${deleting.phone_number})`}</span>
            ) : null}
          </>
        }
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
      <TestMessageDialog open={testOpen} onOpenChange={setTestOpen} alert={alert} />
      {dialog}
    </>
  );
}
