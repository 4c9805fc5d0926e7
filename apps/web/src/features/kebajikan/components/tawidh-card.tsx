import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Paperclip, Plus } from 'lucide-react';
import { formatDateLong, formatRupiah, todayJakarta } from '@mizan/core';
import { AmountInput } from '../../../components/ui/amount-input';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useFieldErrorsSubmit } from '../../../components/ui/use-form-submit';
import { tawidhQuery, useCreateTawidh } from '../api/kebajikan';
import { useSubmissionKey } from '../../../lib/submission-key';

function TawidhDialog({ pinjamanId, onClose }: { pinjamanId: number; onClose(): void }) {
  const create = useCreateTawidh(pinjamanId);
  // One Idempotency-Key per ta'widh the user means to record (issue 51).
  const submission = useSubmissionKey();
  const [tanggal, setTanggal] = useState(todayJakarta());
  const [jumlah, setJumlah] = useState<number | null>(null);
  const [uraian, setUraian] = useState('');
  const [bukti, setBukti] = useState<File | null>(null);
  const { errors, send } = useFieldErrorsSubmit({ success: 'Ta’widh dicatat', failure: 'Ta’widh gagal dicatat' });
  const submit = async () => {
    await send(
      submission.send((headers) => create.mutateAsync({ tanggal, jumlah: jumlah ?? 0, uraian, bukti, headers })),
      onClose,
    );
  };
  return (
    <ActionDialog
      onClose={onClose}
      title="Catat Ta’widh"
      description="Ganti rugi biaya riil akibat nasabah sengaja lalai (Fatwa DSN-MUI No. 43/2004 dan 129/2019): bukan perkiraan, bukan persentase."
      action={{ label: 'Simpan Ta’widh', pending: create.isPending, onConfirm: submit }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tanggal" required error={errors.tanggal}>
          <Input type="date" value={tanggal} onChange={(e) => setTanggal(e.target.value)} />
        </Field>
        <Field label="Jumlah biaya riil" required error={errors.jumlah}>
          <AmountInput value={jumlah} onValueChange={setJumlah} />
        </Field>
        <Field label="Uraian biaya" required error={errors.uraian} className="sm:col-span-2">
          <Textarea rows={2} maxLength={500} value={uraian} onChange={(e) => setUraian(e.target.value)} />
        </Field>
        <Field label="Bukti biaya (foto atau PDF kwitansi)" required error={errors.bukti} className="sm:col-span-2">
          <Input
            type="file"
            accept="image/jpeg,image/png,application/pdf"
            onChange={(e) => setBukti(e.target.files?.[0] ?? null)}
          />
        </Field>
      </div>
    </ActionDialog>
  );
}

/** A loan's ta'widh: real costs of a deliberate default, each with its evidence; apart from the ta'zir and the financing. */
export function TawidhCard({ pinjamanId }: { pinjamanId: number }) {
  const list = useQuery(tawidhQuery(pinjamanId));
  const [open, setOpen] = useState(false);
  const rows = list.data ?? [];
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-3">
        <CardTitle>Ta’widh</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label="Catat ta’widh pinjaman ini">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Catat
        </Button>
      </CardHeader>
      <CardBody>
        {list.isError ? (
          <p className="text-sm text-red-700">Gagal memuat ta’widh.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted">Belum ada ta’widh. Catat hanya biaya riil yang ada buktinya.</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {rows.map((row) => (
              <li key={row.id} className="py-2">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 text-ink">{row.uraian}</span>
                  <span className="shrink-0 font-medium text-ink tabular-nums">{formatRupiah(row.jumlah)}</span>
                </div>
                <div className="flex items-center justify-between gap-3 text-xs text-muted">
                  <span>
                    {formatDateLong(row.tanggal)} · {row.dicatat_oleh ?? '-'}
                  </span>
                  <a
                    href={row.bukti_url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                  >
                    <Paperclip className="h-3 w-3" aria-hidden="true" />
                    Bukti
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      {open ? <TawidhDialog pinjamanId={pinjamanId} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
