import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { kelompokAkun, kelompokAkunLabels, peranAkunLabels, type Akun } from '@mizan/core';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useChart, useDeleteAkun } from '../../features/akuntansi/api/chart';
import { AkunFormDialog } from '../../features/akuntansi/components/akun-form-dialog';
import { PeranMapping } from '../../features/akuntansi/components/peran-mapping';

/**
 * Lainnya → Bagan Akun & Pemetaan (issue 48, administrators and managers): the institution's own
 * accounts (add, rename, deactivate, delete what nothing used) and the account each posting role of
 * the money events goes to from now on.
 */
export default function PengaturanAkunPage() {
  const chart = useChart();
  const [editing, setEditing] = useState<Akun | 'baru' | null>(null);
  const [deleting, setDeleting] = useState<Akun | null>(null);
  const remove = useDeleteAkun();
  const { showToast } = useToast();

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast(`Akun ${deleting.kode} dihapus`, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'Akun gagal dihapus'), 'error');
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title="Bagan Akun & Pemetaan"
        subtitle="Akun pembukuan lembaga dan akun tujuan setiap posting otomatis dari pembiayaan."
        actions={
          <Button onClick={() => setEditing('baru')}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Tambah Akun
          </Button>
        }
      />
      <QueryView query={chart} errorTitle="Gagal memuat bagan akun">
        {(accounts) => (
          <div className="space-y-5">
            <TitledCard title="Pemetaan Posting Otomatis" bodyClassName="p-0">
              <p className="border-b border-line px-4 py-3 text-sm text-muted lg:px-5">
                Setiap pembayaran, pencairan dan pelunasan diposting ke akun ini. Perubahan berlaku untuk jurnal berikutnya;
                jurnal yang sudah diposting tetap.
              </p>
              <PeranMapping chart={accounts} />
            </TitledCard>
            {kelompokAkun.map((kelompok) => {
              const rows = accounts.filter((a) => a.kelompok === kelompok);
              if (rows.length === 0) return null;
              return (
                <TitledCard key={kelompok} title={kelompokAkunLabels[kelompok]} bodyClassName="p-0">
                  <ul className="divide-y divide-line/70" aria-label={`Akun ${kelompokAkunLabels[kelompok]}`}>
                    {rows.map((akun) => (
                      <AkunRow key={akun.id} akun={akun} onEdit={() => setEditing(akun)} onDelete={() => setDeleting(akun)} />
                    ))}
                  </ul>
                </TitledCard>
              );
            })}
          </div>
        )}
      </QueryView>
      {editing !== null ? <AkunFormDialog akun={editing === 'baru' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        message={
          <>
            Hapus akun ini dari bagan akun? Akun ini belum pernah dipakai jurnal, pembayaran atau pinjaman.
            {deleting ? <span className="mt-1 block font-medium text-ink">{`${deleting.kode} · ${deleting.nama}`}</span> : null}
          </>
        }
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}

function AkunRow({ akun, onEdit, onDelete }: { akun: Akun; onEdit(): void; onDelete(): void }) {
  const name = `${akun.kode} ${akun.nama}`;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 lg:px-5" data-testid={`akun-${akun.kode}`}>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-ink">
          <span className="tabular-nums">{akun.kode}</span> · {akun.nama}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          Saldo normal {akun.saldo_normal}
          {akun.peran.length > 0 ? ` · Posting: ${akun.peran.map((p) => peranAkunLabels[p]).join(', ')}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {akun.kas_bank ? <Badge tone="blue">Kas/Bank</Badge> : null}
        {akun.aktif ? null : <Badge tone="gray">Nonaktif</Badge>}
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Ubah akun ${name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Ubah
        </Button>
        {akun.peran.length === 0 && !akun.terpakai ? (
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Hapus akun ${name}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Hapus
          </Button>
        ) : null}
      </div>
    </li>
  );
}
