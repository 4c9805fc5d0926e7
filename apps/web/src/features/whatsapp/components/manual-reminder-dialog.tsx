import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, QueryError, MessageAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { manualReminderQuery, useSendManualReminder } from '../api/pengingat-api';

/**
 * "Kirim pengingat" (issue 24): the reminder of this loan filled in from the stage that fits today,
 * editable before it goes to the customer's own number; or why it cannot go now (opted out, no
 * WhatsApp number, nothing owed, outside the hours OJK allows, the day's cap, not connected).
 */
export function ManualReminderDialog({
  pinjamanId,
  nama,
  open,
  onOpenChange,
}: {
  pinjamanId: number;
  nama: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const preview = useQuery({ ...manualReminderQuery(pinjamanId), enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Kirim Pengingat ke ${nama}`}
      description="Pesan WhatsApp ke nomor nasabah sendiri. Teks dapat diubah sebelum dikirim."
    >
      {preview.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Memuat pengingat">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-32" />
        </div>
      ) : preview.isError ? (
        <QueryError title="Gagal memuat pengingat" error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <ReminderForm
          key={preview.dataUpdatedAt}
          pinjamanId={pinjamanId}
          data={preview.data}
          onSent={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ReminderForm({
  pinjamanId,
  data,
  onSent,
  onCancel,
}: {
  pinjamanId: number;
  data: { nama: string; nomor: string | null; tahap: string | null; teks: string; alasan: string | null };
  onSent(): void;
  onCancel(): void;
}) {
  const { showToast } = useToast();
  const send = useSendManualReminder(pinjamanId);
  const [teks, setTeks] = useState(data.teks);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (teks.trim() === '') {
      setProblem('Teks pengingat wajib diisi');
      return;
    }
    try {
      const res = await send.mutateAsync(teks);
      if (res.data.status === 'FAILED') {
        setFailure(res.message ?? 'Pengingat gagal dikirim');
        return;
      }
      showToast(res.message ?? 'Pengingat terkirim.', 'success');
      onSent();
    } catch (error) {
      setFailure(errorMessage(error, 'Pengingat gagal dikirim'));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Kepada</dt>
        <dd className="min-w-0 font-medium break-words text-ink">
          {data.nama}
          {data.nomor ? <span className="font-normal text-muted"> · {data.nomor}</span> : null}
        </dd>
        {data.tahap ? (
          <>
            <dt className="text-muted">Template</dt>
            <dd className="text-ink">Tahap {data.tahap}</dd>
          </>
        ) : null}
      </dl>
      {data.alasan ? (
        <Alert tone="warning" title="Pengingat tidak dapat dikirim sekarang">
          {data.alasan}
          {data.alasan.startsWith('WhatsApp belum terhubung') ? (
            <>
              {' '}
              <Link to="/wa-settings" className="font-medium underline">
                Buka Pengaturan Umum
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {data.teks !== '' ? (
        <Field
          label="Teks pengingat"
          error={problem ?? undefined}
          hint={`${teks.length.toLocaleString('id-ID')} dari 1.000 karakter`}
        >
          <Textarea
            rows={6}
            maxLength={1000}
            className="field-sizing-content"
            value={teks}
            disabled={data.alasan !== null}
            onChange={(e) => {
              setTeks(e.target.value);
              setProblem(null);
              setFailure(null);
            }}
          />
        </Field>
      ) : null}
      <MessageAlert tone="error" title="Pengingat gagal dikirim" message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {data.alasan ? 'Tutup' : 'Batal'}
        </Button>
        {data.alasan ? null : (
          <Button type="submit" disabled={send.isPending} aria-label={`Kirim pengingat ke ${data.nama}`}>
            {send.isPending ? 'Mengirim…' : 'Kirim Pengingat'}
          </Button>
        )}
      </div>
    </form>
  );
}
