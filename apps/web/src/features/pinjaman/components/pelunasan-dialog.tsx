import { PemutusNotice, useSendable } from '../../persetujuan';
import { useState } from 'react';
import {
  alasanKhasm,
  alasanKhasmLabels,
  formatDateLong,
  formatPercent,
  formatRupiah,
  khasmAmount,
  khasmPercent,
  khasmProblem,
  loanCode,
  todayJakarta,
  type AlasanKhasm,
  type KhasmInput,
  type Pinjaman,
  type SettlementQuote,
} from '@mizan/core';
import { Alert, QueryError } from '../../../components/ui/alert';
import { AmountInput } from '../../../components/ui/amount-input';
import { ActionDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FigureLines } from '../../../components/ui/figure-lines';
import { Input, LabeledOptions, Select, Textarea } from '../../../components/ui/input';
import { RadioGroup } from '../../../components/ui/radio-group';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFieldErrorsSubmit } from '../../../components/ui/use-form-submit';
import { useCreatePelunasan, usePelunasanInfo } from '../api/pelunasan';
import { useSubmissionKey } from '../../../lib/submission-key';
import { AkunKasField } from '../../akuntansi';

type JenisKhasm = 'tanpa' | 'nominal' | 'persen';

/** The quote's lines: what is owed, what the fatwa does not let the institution collect. */
function QuoteLines({ quote }: { quote: SettlementQuote }) {
  return (
    <FigureLines
      lines={[
        { label: 'Sisa pokok', value: formatRupiah(quote.pokok_sisa) },
        { label: 'Margin akad', value: formatRupiah(quote.margin_akad) },
        {
          label: `Margin waktu yang telah dilalui (${quote.bulan_berjalan} dari ${quote.durasi} bulan)`,
          value: formatRupiah(quote.margin_berjalan),
        },
        { label: 'Margin yang sudah dibayar', value: formatRupiah(quote.margin_terbayar) },
        { label: 'Margin waktu yang belum dilalui (tidak ditagih)', value: `− ${formatRupiah(quote.margin_tidak_ditagih)}` },
        { label: 'Jumlah pelunasan', value: formatRupiah(quote.total_pelunasan), strong: true },
      ]}
    />
  );
}

/**
 * Pelunasan Dipercepat (issue 27 B): the quote on the chosen day (fatwa DSN-MUI 153/2022), an
 * optional khasm on the margin still owed with its reason (fatwa 46/2005), what the customer pays;
 * above the institution's limit it goes for approval.
 */
export function PelunasanDialog({ pinjaman, onOpenChange }: { pinjaman: Pinjaman; onOpenChange(open: boolean): void }) {
  const today = todayJakarta();
  const [tanggal, setTanggal] = useState(today);
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(tanggal);
  const info = usePelunasanInfo(pinjaman.id, validDay ? tanggal : today);
  const create = useCreatePelunasan(pinjaman.id);
  // One Idempotency-Key per settlement the user means to record (issue 51).
  const submission = useSubmissionKey();
  const [jenis, setJenis] = useState<JenisKhasm>('tanpa');
  const [nominal, setNominal] = useState<number | null>(null);
  const [persen, setPersen] = useState('');
  const [alasan, setAlasan] = useState<AlasanKhasm | ''>('');
  const [keterangan, setKeterangan] = useState('');
  const [akunKas, setAkunKas] = useState('');

  const data = info.data;
  const quote = data?.quote ?? null;
  const persenValue = Number(persen.replace(',', '.'));
  const khasmInput: KhasmInput | null =
    jenis === 'nominal'
      ? { jenis, nilai: nominal ?? 0 }
      : jenis === 'persen'
        ? { jenis, nilai: Number.isFinite(persenValue) ? persenValue : 0 }
        : null;
  const khasm = quote ? khasmAmount(quote, khasmInput) : 0;
  const problem = quote ? khasmProblem(quote, khasm, khasmInput) : null;
  const percent = quote ? khasmPercent(khasm, quote.margin_sisa) : 0;
  const needsApproval = data !== undefined && problem === null && percent > data.batas_diskon_persen;
  const dibayar = quote ? quote.total_pelunasan - khasm : 0;
  // Above the limit it goes to another person: only when someone else could decide it (issue 51).
  const sendable = useSendable('pelunasan', needsApproval);

  const { errors, setErrors, send } = useFieldErrorsSubmit({
    success: 'Pelunasan dipercepat berhasil dicatat',
    failure: 'Pelunasan gagal dicatat',
  });
  const submit = async () => {
    const next: Record<string, string> = {};
    if (jenis === 'persen' && (persen.trim() === '' || !Number.isFinite(persenValue) || persenValue < 0 || persenValue > 100))
      next['khasm.nilai'] = 'Persentase potongan harus 0 sampai 100';
    else if (problem) next['khasm.nilai'] = problem;
    if (khasm > 0 && alasan === '') next.alasan_khasm = 'Pilih alasan potongan';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const input = {
      tanggal,
      khasm: khasmInput && khasmInput.nilai > 0 ? khasmInput : null,
      alasan_khasm: khasm > 0 && alasan !== '' ? alasan : null,
      keterangan: keterangan.trim() === '' ? null : keterangan.trim(),
      akun_kas_id: akunKas === '' ? null : Number(akunKas),
    };
    await send(
      submission.send((headers) => create.mutateAsync({ input, headers })),
      () => onOpenChange(false),
    );
  };

  return (
    <ActionDialog
      onClose={() => onOpenChange(false)}
      size="lg"
      title="Pelunasan Dipercepat"
      description={`${pinjaman.nasabah.nama} · ${loanCode(pinjaman)} · ${formatRupiah(pinjaman.jumlah)}`}
      action={{
        label: needsApproval ? 'Ajukan Persetujuan' : 'Catat Pelunasan',
        pending: create.isPending,
        disabled: !quote || data?.alasan !== null || !sendable,
        onConfirm: submit,
      }}
    >
      <div className="space-y-5">
        <Field label="Tanggal pelunasan" required error={errors.tanggal}>
          <Input
            type="date"
            value={tanggal}
            max={today}
            min={pinjaman.tanggal_pinjam}
            onChange={(e) => setTanggal(e.target.value)}
            className="w-48"
          />
        </Field>

        {info.isError ? (
          <QueryError title="Gagal menghitung pelunasan" error={info.error} onRetry={() => void info.refetch()} />
        ) : !data ? (
          <Skeleton className="h-56 w-full rounded-xl" />
        ) : data.menunggu ? (
          <Alert tone="warning" title="Pelunasan sudah diajukan">
            Pelunasan dengan potongan menunggu persetujuan sejak {formatDateLong(data.menunggu.diajukan_pada)}.
          </Alert>
        ) : data.alasan || !quote ? (
          <Alert tone="warning" title="Pelunasan dipercepat tidak dapat dicatat">
            {data.alasan}
          </Alert>
        ) : (
          <>
            <section aria-label="Perhitungan pelunasan" className="rounded-xl border border-line bg-canvas/50 px-4 py-2">
              <QuoteLines quote={quote} />
              <p className="pt-1 pb-2 text-xs text-muted">
                Sesuai Fatwa DSN-MUI No. 153/DSN-MUI/VI/2022, margin untuk waktu yang belum dilalui tidak ditagih. Margin dihitung
                dengan metode {data.metode === 'anuitas' ? 'anuitas' : 'proporsional'}.
              </p>
            </section>

            <div className="space-y-3">
              <RadioGroup<JenisKhasm>
                label="Potongan (khasm)"
                value={jenis}
                onValueChange={(v) => {
                  setJenis(v);
                  setErrors({});
                }}
                options={[
                  { value: 'tanpa', label: 'Tanpa potongan' },
                  { value: 'nominal', label: 'Nominal' },
                  { value: 'persen', label: 'Persen' },
                ]}
              />
              {jenis !== 'tanpa' ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  {jenis === 'nominal' ? (
                    <Field
                      label="Potongan (Rp)"
                      error={errors['khasm.nilai']}
                      hint={`Paling banyak ${formatRupiah(quote.margin_sisa)} (sisa margin)`}
                    >
                      <AmountInput value={nominal} onValueChange={setNominal} />
                    </Field>
                  ) : (
                    <Field
                      label="Potongan (% dari sisa margin)"
                      error={errors['khasm.nilai']}
                      hint={`Sisa margin ${formatRupiah(quote.margin_sisa)}`}
                    >
                      <Input inputMode="decimal" value={persen} onChange={(e) => setPersen(e.target.value)} />
                    </Field>
                  )}
                  <Field label="Alasan potongan" required error={errors.alasan_khasm}>
                    <Select value={alasan} onChange={(e) => setAlasan(e.target.value as AlasanKhasm | '')}>
                      <option value="">Pilih alasan</option>
                      <LabeledOptions values={alasanKhasm} labels={alasanKhasmLabels} />
                    </Select>
                  </Field>
                </div>
              ) : null}
              {jenis !== 'tanpa' ? (
                <p className="text-xs text-muted">
                  Potongan (Fatwa DSN-MUI No. 46/DSN-MUI/II/2005) hanya dari sisa margin, tidak pernah dari pokok, dan tidak boleh
                  dijanjikan dalam akad.
                </p>
              ) : null}
              {needsApproval ? (
                <Alert tone="warning" title="Perlu persetujuan">
                  Potongan {formatPercent(percent)} dari sisa margin melebihi batas {formatPercent(data.batas_diskon_persen)}:
                  pelunasan dicatat setelah disetujui administrator atau manajer lain.
                </Alert>
              ) : null}
              {needsApproval ? <PemutusNotice jenis="pelunasan" /> : null}
            </div>

            <div className="flex items-baseline justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3">
              <span className="text-sm font-medium text-brand-900">Dibayar nasabah</span>
              <span className="text-xl font-bold text-brand-900 tabular-nums" data-testid="pelunasan-dibayar">
                {formatRupiah(Math.max(0, dibayar))}
              </span>
            </div>

            <AkunKasField arah="masuk" error={errors.akun_kas_id} value={akunKas} onChange={(e) => setAkunKas(e.target.value)} />

            <Field label="Keterangan">
              <Textarea value={keterangan} maxLength={1000} rows={2} onChange={(e) => setKeterangan(e.target.value)} />
            </Field>
          </>
        )}
      </div>
    </ActionDialog>
  );
}
