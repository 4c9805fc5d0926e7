import { Link } from 'react-router';
import { roleLabels, type JenisPersetujuan } from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../components/ui/cn';
import { useAuth } from '../../auth';
import { usePemutus } from '../api/persetujuan';

/**
 * Before a request that needs another person is sent (issue 51): who can decide it (the active
 * administrators and managers other than the signed-in user), or, when nobody can, why and what to
 * do. The form's send button is disabled meanwhile (`useSendable`); the server refuses it too.
 */
export function PemutusNotice({ jenis, className }: { jenis: JenisPersetujuan; className?: string }) {
  const query = usePemutus(jenis);
  const { user } = useAuth();
  if (query.isPending) return <p className={cn('text-sm text-muted', className)}>Memeriksa siapa yang dapat menyetujui...</p>;
  if (query.isError)
    return (
      <Alert tone="error" title="Gagal memeriksa siapa yang dapat menyetujui" className={className}>
        <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
          Coba lagi
        </button>
      </Alert>
    );
  const { pemutus, alasan } = query.data;
  if (pemutus.length === 0)
    return (
      <Alert tone="error" title="Belum ada yang dapat menyetujui pengajuan ini" className={className}>
        <p>{alasan}</p>
        {user?.role === 'admin' ? (
          <Link to="/pengguna" className="mt-1 inline-block font-medium underline">
            Buka Pengguna
          </Link>
        ) : (
          <p className="mt-1">Minta administrator menambahkan pengguna Manajer.</p>
        )}
      </Alert>
    );
  return (
    <p className={cn('text-sm text-muted', className)} data-testid="pemutus">
      Dapat disetujui oleh:{' '}
      <span className="font-medium text-ink">{pemutus.map((p) => `${p.nama} (${roleLabels[p.role]})`).join(', ')}</span>
    </p>
  );
}
