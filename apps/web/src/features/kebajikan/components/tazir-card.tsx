import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateLong, formatDateTime, formatRupiah, statusTazirLabels, todayJakarta, type Tazir } from '@mizan/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Checkbox, Textarea } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { oneFieldError, useFormSubmit } from '../../../components/ui/use-form-submit';
import { errorMessage } from '../../../lib/api-client';
import { useTazirDecision } from '../api/kebajikan';
import { useSubmissionKey } from '../../../lib/submission-key';

const tones = { diusulkan: 'amber', ditagih: 'blue', diterima: 'green', dibebaskan: 'gray' } as const;

/** Confirm (with the basis, collected now or later) or waive (with the reason) one ta'zir. */
function DecisionDialog({ tazir, aksi, onClose }: { tazir: Tazir; aksi: 'tetapkan' | 'bebaskan'; onClose(): void }) {
  const decide = useTazirDecision();
  const [catatan, setCatatan] = useState('');
  const [diterima, setDiterima] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const tetapkan = aksi === 'tetapkan';
  const send = useFormSubmit({
    success: 'Ta’zir disimpan',
    failure: 'Ta’zir gagal disimpan',
    takeFieldErrors: oneFieldError('catatan', setError),
  });
  const submit = async () => {
    await send(
      tetapkan
        ? decide.mutateAsync({ id: tazir.id, aksi, body: { catatan, diterima } })
        : decide.mutateAsync({ id: tazir.id, aksi, body: { catatan } }),
      onClose,
    );
  };
  return (
    <ActionDialog
      onClose={onClose}
      title={tetapkan ? 'Tetapkan Ta’zir' : 'Bebaskan Ta’zir'}
      description={`${tazir.pinjaman.nasabah.nama} · angsuran ke-${tazir.angsuran_ke} · ${formatRupiah(tazir.jumlah)}`}
      action={{
        label: tetapkan ? 'Tetapkan' : 'Bebaskan',
        pending: decide.isPending,
        variant: tetapkan ? 'primary' : 'secondary',
        onConfirm: submit,
      }}
    >
      <div className="space-y-4">
        <p className="text-sm text-muted">
          {tetapkan
            ? 'Ta’zir hanya untuk nasabah yang mampu membayar tetapi menunda (Fatwa DSN-MUI No. 17/DSN-MUI/IX/2000). Dananya masuk Dana Kebajikan, bukan pendapatan.'
            : 'Bebaskan bila nasabah belum mampu membayar, misalnya karena force majeure.'}
        </p>
        <Field label={tetapkan ? 'Dasar penetapan' : 'Alasan pembebasan'} required error={error}>
          <Textarea
            rows={3}
            maxLength={500}
            value={catatan}
            onChange={(e) => {
              setCatatan(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        {tetapkan ? (
          <label className="flex items-center gap-2 text-sm text-ink">
            <Checkbox className="h-4 w-4 accent-brand-700" checked={diterima} onChange={setDiterima} />
            Sudah dibayar nasabah hari ini
          </label>
        ) : null}
      </div>
    </ActionDialog>
  );
}

/** One ta'zir: the late instalment, its amount and state, and what staff may do with it now. */
export function TazirCard({ tazir, showLoan = true }: { tazir: Tazir; showLoan?: boolean }) {
  const [aksi, setAksi] = useState<'tetapkan' | 'bebaskan' | null>(null);
  const decide = useTazirDecision();
  // One Idempotency-Key per receipt of this ta'zir's money (issue 51).
  const receipt = useSubmissionKey();
  const { showToast } = useToast();
  const nama = tazir.pinjaman.nasabah.nama;
  const terima = async () => {
    try {
      const body = { tanggal_terima: todayJakarta() };
      const res = await receipt.send((headers) => decide.mutateAsync({ id: tazir.id, aksi: 'terima', body, headers }));
      showToast(res.message ?? 'Ta’zir diterima', 'success');
    } catch (e) {
      showToast(errorMessage(e, 'Ta’zir gagal disimpan'), 'error');
    }
  };
  return (
    <article
      className="rounded-xl border border-line bg-white p-4 shadow-sm"
      aria-label={`Ta’zir ${nama} angsuran ke-${tazir.angsuran_ke}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {showLoan ? (
            <Link
              to={`/pinjaman/${tazir.pinjaman.id}`}
              className="block truncate font-semibold text-ink hover:text-brand-700 hover:underline"
            >
              {nama}
            </Link>
          ) : null}
          <p className="text-sm text-muted">
            {tazir.pinjaman.nomor_pinjaman} · angsuran ke-{tazir.angsuran_ke}
          </p>
        </div>
        <div className="text-right">
          <p className="font-semibold text-ink tabular-nums">{formatRupiah(tazir.jumlah)}</p>
          <Badge tone={tones[tazir.status]}>{statusTazirLabels[tazir.status]}</Badge>
        </div>
      </div>
      <p className="mt-2 text-sm text-muted">
        Jatuh tempo {formatDateLong(tazir.jatuh_tempo)}, lunas {formatDateLong(tazir.tanggal_lunas)} ({tazir.hari_terlambat} hari
        terlambat)
      </p>
      {tazir.catatan ? (
        <p className="mt-1 text-sm text-ink">
          {tazir.status === 'dibebaskan' ? 'Alasan' : 'Dasar'}: {tazir.catatan}
          {tazir.diputuskan_oleh && tazir.diputuskan_pada ? (
            <span className="text-muted">
              {' '}
              — {tazir.diputuskan_oleh}, {formatDateTime(tazir.diputuskan_pada)}
            </span>
          ) : null}
        </p>
      ) : null}
      {tazir.status === 'diusulkan' || tazir.status === 'ditagih' ? (
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            variant="outline"
            onClick={() => setAksi('bebaskan')}
            aria-label={`Bebaskan ta’zir ${nama} angsuran ke-${tazir.angsuran_ke}`}
          >
            Bebaskan
          </Button>
          {tazir.status === 'diusulkan' ? (
            <Button onClick={() => setAksi('tetapkan')} aria-label={`Tetapkan ta’zir ${nama} angsuran ke-${tazir.angsuran_ke}`}>
              Tetapkan
            </Button>
          ) : (
            <Button
              onClick={() => void terima()}
              disabled={decide.isPending}
              aria-label={`Terima ta’zir ${nama} angsuran ke-${tazir.angsuran_ke}`}
            >
              Terima Pembayaran
            </Button>
          )}
        </div>
      ) : null}
      {aksi ? <DecisionDialog tazir={tazir} aksi={aksi} onClose={() => setAksi(null)} /> : null}
    </article>
  );
}
