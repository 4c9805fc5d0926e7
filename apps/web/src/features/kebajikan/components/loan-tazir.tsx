import { useQuery } from '@tanstack/react-query';
import { tazirListQuery } from '../api/kebajikan';
import { TazirCard } from './tazir-card';

/** A loan's ta'zir (issue 27 C), to decide where the late payment is seen; nothing when it has none. */
export function LoanTazir({ pinjamanId }: { pinjamanId: number }) {
  const list = useQuery(tazirListQuery('semua', pinjamanId));
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="tazir-pinjaman" className="space-y-3">
      <h2 id="tazir-pinjaman" className="text-base font-semibold text-ink">
        Ta’zir
      </h2>
      {list.data.map((row) => (
        <TazirCard key={row.id} tazir={row} showLoan={false} />
      ))}
    </section>
  );
}
