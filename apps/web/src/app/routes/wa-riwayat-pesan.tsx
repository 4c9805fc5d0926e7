import { useState, type ReactNode } from 'react';
import {
  formatDateShort,
  waMessageJenis,
  waMessageJenisLabels,
  waMessageStatuses,
  waMessageStatusLabels,
  type WaMessage,
} from '@mizan/core';
import { RefreshButton } from '../../components/ui/refresh-button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, LabeledOptions, Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { ExportButton } from '../../components/ui/export-button';
import { SearchInput } from '../../components/ui/search-input';
import { useToast } from '../../components/ui/toast';
import { useRunningAction } from '../../components/ui/use-running-action';
import { useQuery } from '@tanstack/react-query';
import { emptyMessageFilters, exportMessages, messagesQuery, useResendMessage } from '../../features/whatsapp/api/messages-api';
import { ClearFiltersButton, ListCardError } from '../../features/whatsapp/components/list-card-parts';
import { useSearchedFilters } from '../../features/whatsapp/hooks/use-searched-filters';
import { MessageCounters } from '../../features/whatsapp/components/message-counters';
import { MessagesList, MessagesPager, recipientOf } from '../../features/whatsapp/components/messages-list';

/** A filter's name above its control on phones and tablets, beside it on desktops. */
function FilterLabel({ text, children }: { text: string; children: ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted lg:flex-row lg:items-center lg:gap-2 lg:text-sm">
      <span className="shrink-0">{text}</span>
      {children}
    </label>
  );
}

/** A filter's choice of one value, or "Semua" (''). */
function FilterSelect<T extends string>({
  text,
  'aria-label': ariaLabel,
  value,
  options,
  labels,
  onChange,
}: {
  text: string;
  'aria-label': string;
  value: T | '';
  options: readonly T[];
  labels: Record<T, string>;
  onChange(value: T | ''): void;
}) {
  return (
    <FilterLabel text={text}>
      <Select aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">Semua</option>
        <LabeledOptions values={options} labels={labels} />
      </Select>
    </FilterLabel>
  );
}

/** The "Dari" and "Sampai" dates of a filter, neither allowed past the other ('' when not set). */
function DateRangeFilter({
  dari,
  sampai,
  onChange,
}: {
  dari: string;
  sampai: string;
  onChange(change: Partial<Record<'dari' | 'sampai', string>>): void;
}) {
  const ends = [
    { key: 'dari', text: 'Dari', value: dari, min: undefined, max: sampai || undefined },
    { key: 'sampai', text: 'Sampai', value: sampai, min: dari || undefined, max: undefined },
  ] as const;
  return ends.map(({ key, text, value, min, max }) => (
    <FilterLabel key={key} text={text}>
      <Input
        type="date"
        className="min-w-0"
        aria-label={`${text} tanggal`}
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange({ [key]: e.target.value })}
      />
    </FilterLabel>
  ));
}

/** Lainnya → Riwayat Pesan (issue 24, part C): every WhatsApp message with its status; "Kirim ulang" of failed ones. */
export default function WaRiwayatPesanPage() {
  const { showToast } = useToast();
  const { searchText, setSearchText, filters, setFilters, set, clear } = useSearchedFilters(emptyMessageFilters);
  const shown = useQuery(messagesQuery(filters));
  const resend = useResendMessage();
  const { running: resending, run } = useRunningAction<number>();
  const [confirming, setConfirming] = useState<WaMessage | null>(null);

  const filtered =
    searchText !== '' ||
    filters.search !== '' ||
    filters.jenis !== '' ||
    filters.status !== '' ||
    filters.dari !== '' ||
    filters.sampai !== '';

  const doResend = async (message: WaMessage) => {
    setConfirming(null);
    await run(
      message.id,
      async () => {
        const res = await resend.mutateAsync(message.id);
        showToast(res.message ?? 'Pesan dikirim ulang.', res.data.status === 'FAILED' ? 'error' : 'success');
      },
      'Pesan gagal dikirim ulang',
    );
  };

  return (
    <>
      <PageHeader
        title="Riwayat Pesan WhatsApp"
        subtitle="Semua pesan test, notifikasi dan pengingat beserta statusnya."
        actions={
          <ExportButton
            what="riwayat pesan"
            filters={[
              ...(filters.search ? [`Cari: "${filters.search}"`] : []),
              ...(filters.jenis ? [`Jenis: ${waMessageJenisLabels[filters.jenis]}`] : []),
              ...(filters.status ? [`Status: ${waMessageStatusLabels[filters.status]}`] : []),
              ...(filters.dari ? [`Dari: ${formatDateShort(filters.dari)}`] : []),
              ...(filters.sampai ? [`Sampai: ${formatDateShort(filters.sampai)}`] : []),
            ]}
            onExport={(format) => exportMessages(filters, format)}
          />
        }
      />
      <div className="space-y-5">
        <MessageCounters />
        <Card>
          <div className="space-y-3 border-b border-line p-4 lg:px-5">
            <div className="flex gap-2">
              <div className="min-w-0 flex-1">
                <SearchInput
                  aria-label="Cari pesan menurut nama atau nomor penerima"
                  placeholder="Cari nama atau nomor..."
                  value={searchText}
                  onChange={(e) => setSearchText(e.target.value)}
                />
              </div>
              <RefreshButton
                onClick={() => void shown.refetch()}
                refreshing={shown.isFetching}
                label="Muat ulang riwayat pesan"
                iconOnly={{ title: 'Muat ulang' }}
              />
            </div>
            <div className="grid grid-cols-2 gap-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-center">
              <FilterSelect
                text="Jenis"
                aria-label="Filter jenis pesan"
                value={filters.jenis}
                options={waMessageJenis}
                labels={waMessageJenisLabels}
                onChange={(jenis) => set({ jenis })}
              />
              <FilterSelect
                text="Status"
                aria-label="Filter status pesan"
                value={filters.status}
                options={waMessageStatuses}
                labels={waMessageStatusLabels}
                onChange={(status) => set({ status })}
              />
              <DateRangeFilter dari={filters.dari} sampai={filters.sampai} onChange={set} />
              {filtered ? <ClearFiltersButton className="col-span-2 lg:col-span-1" onClick={clear} /> : null}
            </div>
          </div>

          {shown.isError ? (
            <ListCardError
              title="Gagal memuat riwayat pesan"
              error={shown.error}
              fallback="Terjadi kesalahan. Silakan coba lagi."
            />
          ) : null}

          <MessagesList
            messages={shown.data?.messages}
            loading={shown.isPending}
            filtered={filtered}
            resending={resending}
            onResend={(message) => (message.status === 'UNCERTAIN' ? setConfirming(message) : void doResend(message))}
          />
          <MessagesPager
            pagination={shown.data?.pagination}
            shown={shown.data?.messages.length ?? 0}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </Card>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Kirim Ulang Pesan"
        message={
          <>
            Server berhenti saat pesan ini sedang dikirim, jadi pesan ini mungkin sudah sampai. Kirim ulang tetap?
            {confirming ? <span className="mt-1 block font-medium text-ink">{recipientOf(confirming)}</span> : null}
          </>
        }
        confirmLabel="Kirim Ulang"
        onConfirm={() => (confirming ? void doResend(confirming) : undefined)}
      />
    </>
  );
}
