import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { loanPersetujuanQuery } from '../api/persetujuan';
import { PersetujuanCard } from './persetujuan-card';

/**
 * A loan's requests (issue 27 A), newest first: the one waiting, with Setujui / Tolak for who may
 * decide, and the decisions already made. Nothing when the loan never needed one.
 */
export function LoanPersetujuan({ pinjamanId }: { pinjamanId: number }) {
  const requests = useQuery(loanPersetujuanQuery(pinjamanId));
  if (requests.isError)
    return (
      <Alert tone="error" title="Gagal memuat riwayat persetujuan">
        Muat ulang halaman untuk mencoba lagi.
      </Alert>
    );
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <section aria-labelledby="persetujuan-pinjaman" className="space-y-3">
      <h2 id="persetujuan-pinjaman" className="text-base font-semibold text-ink">
        Persetujuan
      </h2>
      {requests.data.map((request) => (
        <PersetujuanCard key={request.id} request={request} showLoanLink={false} />
      ))}
    </section>
  );
}
