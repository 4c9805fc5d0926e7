import { CheckCircle2, RefreshCw, Scale } from 'lucide-react';
import { formatDateLong, formatDateTime, formatRupiah, type HasilCekRekonsiliasi, type Rekonsiliasi } from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useRunRekonsiliasi } from '../api/rekonsiliasi';

/** A check's figure as staff read it: rupiah, or a count of money events. */
const figure = (check: HasilCekRekonsiliasi, value: number) =>
  check.satuan === 'rupiah' ? formatRupiah(value) : `${value.toLocaleString('id-ID')} mutasi`;

/** One check that found a difference: what it compares, the account, and the three figures. */
function FailedCheck({ check }: { check: HasilCekRekonsiliasi }) {
  const rows: [string, number][] = [
    ['Seharusnya', check.seharusnya],
    ['Tercatat', check.tercatat],
    ['Selisih', check.selisih],
  ];
  return (
    <li className="rounded-md border border-red-200 bg-white/70 p-2.5">
      <p className="font-medium">
        {check.label}
        {check.akun_kode ? (
          <span className="font-normal"> · akun {[check.akun_kode, check.akun_nama].filter(Boolean).join(' ')}</span>
        ) : null}
      </p>
      <dl className="mt-1.5 grid gap-x-4 gap-y-0.5 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-2 sm:block">
            <dt className="text-xs text-red-800">{label}</dt>
            <dd className={label === 'Selisih' ? 'font-semibold tabular-nums' : 'tabular-nums'}>{figure(check, value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * The latest reconciliation of the books on an administrator's dashboard (issue 48 item 5): when it
 * found a difference, an alert naming each check with what the money says, what the books hold and
 * the difference, a link to the trial balance of that day and a run again; when every check held,
 * one quiet line that says the watch ran.
 */
export function RekonsiliasiNotice({ run }: { run: Rekonsiliasi }) {
  const { showToast } = useToast();
  const again = useRunRekonsiliasi();
  const runAgain = () =>
    again.mutate(undefined, {
      onSuccess: (latest) =>
        showToast(
          latest.cocok ? 'Rekonsiliasi pembukuan selesai: cocok' : 'Rekonsiliasi pembukuan selesai: masih ada selisih',
          latest.cocok ? 'success' : 'error',
        ),
      onError: (error) => showToast(errorMessage(error, 'Rekonsiliasi pembukuan gagal dijalankan'), 'error'),
    });

  if (run.cocok)
    return (
      <p role="status" className="mb-4 flex items-center gap-1.5 text-sm text-muted">
        <CheckCircle2 className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        Rekonsiliasi pembukuan {formatDateLong(run.tanggal)}: cocok
      </p>
    );

  const failed = run.cek.filter((c) => !c.cocok);
  return (
    <Alert tone="error" title={`Pembukuan tidak cocok per ${formatDateLong(run.tanggal)}`} className="mb-5">
      <p>
        Rekonsiliasi menemukan {failed.length === 1 ? 'selisih' : `${failed.length} selisih`} antara buku dan mutasi pinjaman
        (diperiksa {formatDateTime(run.dijalankan_pada)}).
      </p>
      <ul className="mt-2 space-y-2" aria-label="Pemeriksaan yang tidak cocok">
        {failed.map((check, index) => (
          <FailedCheck key={`${check.cek}-${check.akun_kode ?? index}`} check={check} />
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`/laporan/neraca-saldo?tanggal=${run.tanggal}`} icon={<Scale className="h-4 w-4" aria-hidden="true" />}>
          Buka Neraca Saldo
        </ButtonLink>
        <Button variant="outline" onClick={runAgain} disabled={again.isPending}>
          <RefreshCw className={again.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          Periksa ulang
        </Button>
      </div>
    </Alert>
  );
}
