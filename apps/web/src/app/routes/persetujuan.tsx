import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { canApprove } from '@mizan/core';
import { QueryError } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../components/ui/cn';
import { useAuth } from '../../features/auth';
import { persetujuanListQuery, useWaitingCount } from '../../features/persetujuan/api/persetujuan';
import { PersetujuanCard } from '../../features/persetujuan/components/persetujuan-card';
import { PersetujuanSettings } from '../../features/persetujuan/components/persetujuan-settings';

const tabs = [
  { id: 'menunggu', label: 'Menunggu' },
  { id: 'selesai', label: 'Riwayat' },
] as const;

/** Persetujuan (issue 27 A): the requests waiting for a decision (oldest first), the decisions made, and the setting. */
export default function PersetujuanPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const status = params.get('tab') === 'riwayat' ? 'selesai' : 'menunggu';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(persetujuanListQuery(status, page));
  const waiting = useWaitingCount();
  const approver = user !== null && canApprove(user.role);
  const go = (next: { tab?: string; page?: number }) => {
    const tab = next.tab ?? (status === 'selesai' ? 'riwayat' : 'menunggu');
    setParams(
      { ...(tab === 'riwayat' ? { tab } : {}), ...(next.page && next.page > 1 ? { page: String(next.page) } : {}) },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader
        title="Persetujuan"
        subtitle={
          approver
            ? 'Pengajuan yang menunggu keputusan Anda. Pengajuan Anda sendiri diputuskan oleh orang lain.'
            : 'Pengajuan yang menunggu keputusan administrator atau manajer.'
        }
      />
      <div className="space-y-5">
        <div role="tablist" aria-label="Daftar pengajuan" className="inline-flex rounded-lg border border-line bg-white p-1">
          {tabs.map((tab) => {
            const selected = status === tab.id;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                aria-selected={selected}
                onClick={() => go({ tab: tab.id === 'selesai' ? 'riwayat' : 'menunggu', page: 1 })}
                className={cn(
                  'rounded-md px-4 py-2 text-sm font-medium',
                  selected ? 'bg-brand-700 text-white' : 'text-ink hover:bg-canvas',
                )}
              >
                {tab.label}
                {tab.id === 'menunggu' && approver && waiting > 0 ? ` (${waiting})` : ''}
              </button>
            );
          })}
        </div>

        <section role="tabpanel" aria-label={status === 'menunggu' ? 'Pengajuan menunggu' : 'Riwayat keputusan'}>
          {list.isError ? (
            <QueryError title="Gagal memuat pengajuan" error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <div className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label="Memuat pengajuan">
              <Skeleton className="h-56 w-full rounded-xl" />
              <Skeleton className="h-56 w-full rounded-xl" />
            </div>
          ) : list.data.data.length === 0 ? (
            <div className="rounded-xl border border-line bg-white">
              <EmptyState
                message={
                  status === 'menunggu'
                    ? 'Tidak ada pengajuan yang menunggu persetujuan.'
                    : 'Belum ada pengajuan yang diputuskan.'
                }
              />
            </div>
          ) : (
            <>
              <div className="grid gap-4 lg:grid-cols-2">
                {list.data.data.map((request) => (
                  <PersetujuanCard key={request.id} request={request} />
                ))}
              </div>
              {list.data.totalPages > 1 ? (
                <div className="mt-4 flex items-center justify-between gap-3">
                  <Button variant="outline" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                    Sebelumnya
                  </Button>
                  <p className="text-sm text-muted">
                    Halaman {page} dari {list.data.totalPages}
                  </p>
                  <Button variant="outline" disabled={page >= list.data.totalPages} onClick={() => go({ page: page + 1 })}>
                    Berikutnya
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>

        <PersetujuanSettings canEdit={user?.role === 'admin'} />
      </div>
    </>
  );
}
