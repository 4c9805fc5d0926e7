import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Download, Loader2 } from 'lucide-react';
import { formatDateTime, formatUkuranFile, type BackupRun } from '@mizan/core';
import { Alert, QueryError } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { useRunningAction } from '../../components/ui/use-running-action';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import { backupStatusQuery, downloadBackup, useBackupNow } from '../../features/cadangan/api/cadangan';

const statusBadge: Record<BackupRun['status'], { label: string; tone: 'green' | 'red' | 'blue' }> = {
  berhasil: { label: 'Berhasil', tone: 'green' },
  gagal: { label: 'Gagal', tone: 'red' },
  berjalan: { label: 'Berjalan', tone: 'blue' },
};
const jenisLabel = (run: BackupRun) => (run.jenis === 'terjadwal' ? 'Terjadwal' : `Manual oleh ${run.oleh ?? '-'}`);
/** "01:00" → "01.00 WIB" (Indonesian writes the time with a dot). */
const jamWib = (jam: string) => `${jam.replace(':', '.')} WIB`;

/**
 * Cadangan Data (issue 28 B, administrators): the server's scheduled backups and "Backup
 * sekarang", the last result (a failure shown with its reason), the kept files to download, and
 * the recent runs.
 */
export default function CadanganPage() {
  const { user } = useAuth();
  if (user?.role !== 'admin')
    return (
      <>
        <PageHeader title="Cadangan Data" subtitle="Salinan database dan file kwitansi yang dibuat server." />
        <Alert tone="warning" title="Khusus admin">
          Hanya admin yang dapat melihat dan membuat cadangan.
        </Alert>
      </>
    );
  return <Cadangan />;
}

function Cadangan() {
  const status = useQuery(backupStatusQuery);
  const backupNow = useBackupNow();
  const { showToast } = useToast();
  const { running: downloading, run } = useRunningAction<string>();
  const running = status.data?.berjalan ?? null;

  const start = () =>
    backupNow.mutate(undefined, {
      onSuccess: () => showToast('Cadangan sedang dibuat di server.', 'success'),
      onError: (error) => showToast(errorMessage(error, 'Cadangan gagal dimulai.'), 'error'),
    });
  const download = (name: string) => run(name, () => downloadBackup(name), 'File cadangan gagal diunduh.');

  return (
    <>
      <PageHeader
        title="Cadangan Data"
        subtitle="Salinan database dan file kwitansi yang dibuat server. Simpan salinan juga di tempat lain."
        actions={
          <Button onClick={start} disabled={!status.data || running !== null || backupNow.isPending}>
            {running || backupNow.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <DatabaseBackup className="h-4 w-4" aria-hidden="true" />
            )}
            {running ? 'Membuat cadangan…' : 'Backup sekarang'}
          </Button>
        }
      />
      {status.isError ? (
        <QueryError title="Gagal memuat cadangan" error={status.error} onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <div className="space-y-4">
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 lg:grid-cols-2">
            <TitledCard title="Jadwal" bodyClassName="space-y-2 text-sm text-ink">
              <p>
                {status.data.jadwal
                  ? `Setiap hari pukul ${jamWib(status.data.jadwal)}.`
                  : 'Cadangan terjadwal tidak aktif (BACKUP_SCHEDULE=off).'}
              </p>
              <p className="text-muted">
                {status.data.simpan} cadangan terakhir disimpan di{' '}
                <span className="break-all font-mono text-xs">{status.data.folder}</span>
              </p>
              {/* What reacts to committed changes and is not done yet (issue 47): failures are retried. */}
              <p className={status.data.reaksi.gagal > 0 ? 'text-red-700' : 'text-muted'}>
                Notifikasi, aktivitas dan usulan ta’zir tertunda: {status.data.reaksi.menunggu} menunggu ·{' '}
                {status.data.reaksi.gagal} gagal (dicoba lagi otomatis)
              </p>
            </TitledCard>
            <TitledCard title="Hasil terakhir" bodyClassName="space-y-3 text-sm text-ink">
              {running ? (
                <Alert tone="info" title="Cadangan sedang dibuat">
                  Dimulai {formatDateTime(running.started_at)} ({jenisLabel(running).toLowerCase()}).
                </Alert>
              ) : null}
              {status.data.terakhir ? (
                <LastRun run={status.data.terakhir} />
              ) : (
                <p className="text-muted">Belum ada cadangan yang dibuat server.</p>
              )}
            </TitledCard>
          </div>

          <ListSection title="File cadangan" items={status.data.files} empty="Belum ada file cadangan di folder server.">
            {(file) => (
              <li key={file.name} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="break-all font-mono text-sm text-ink">{file.name}</p>
                  <p className="text-sm text-muted">
                    {formatDateTime(file.dibuat)} · {formatUkuranFile(file.bytes)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void download(file.name)}
                  disabled={downloading !== null}
                  aria-label={`Unduh cadangan ${file.name}`}
                >
                  {downloading === file.name ? (
                    <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  ) : (
                    <Download className="h-4 w-4" aria-hidden="true" />
                  )}
                  Unduh
                </Button>
              </li>
            )}
          </ListSection>

          <ListSection title="Riwayat" items={status.data.riwayat} empty="Belum ada riwayat cadangan.">
            {(run) => (
              <li key={run.id} className="space-y-1 p-4 text-sm">
                <RunHead run={run} />
                {run.status === 'berhasil' ? <RunFile run={run} /> : null}
                {run.pesan ? <p className="text-red-700">{run.pesan}</p> : null}
              </li>
            )}
          </ListSection>
        </div>
      )}
    </>
  );
}

/** One of the page's lists under its heading, in a bordered box: an item (`children`) per one of `items`, or `empty` when there are none. */
function ListSection<T>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: readonly T[];
  empty: string;
  children(item: T): ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      <div className="rounded-xl border border-line bg-white">
        {items.length === 0 ? (
          <EmptyState message={empty} />
        ) : (
          <ul className="divide-y divide-line">{items.map((item) => children(item))}</ul>
        )}
      </div>
    </section>
  );
}

/** A run's status, who or what made it, and when it ended (or began, while it runs). */
function RunHead({ run }: { run: BackupRun }) {
  const badge = statusBadge[run.status];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={badge.tone}>{badge.label}</Badge>
      <span className="text-ink">{jenisLabel(run)}</span>
      <span className="text-muted">{formatDateTime(run.finished_at ?? run.started_at)}</span>
    </div>
  );
}

/** A successful run's file and size. */
function RunFile({ run }: { run: BackupRun }) {
  return (
    <p className="break-all text-muted">
      {run.file_name} · <span className="whitespace-nowrap">{formatUkuranFile(run.bytes ?? 0)}</span>
    </p>
  );
}

function LastRun({ run }: { run: BackupRun }) {
  return (
    <div className="space-y-2">
      <RunHead run={run} />
      {run.status === 'gagal' ? (
        <Alert tone="error" title="Cadangan terakhir gagal">
          {run.pesan}
        </Alert>
      ) : (
        <RunFile run={run} />
      )}
    </div>
  );
}
