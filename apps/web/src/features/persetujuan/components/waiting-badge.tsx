import { useWaitingCount } from '../api/persetujuan';

/**
 * The number of requests waiting for a decision, beside Pinjaman in the menu (issue 27 A), for
 * the people who may decide. Loaded lazily by the layout: the first screen's script stays free of
 * the core schemas (and of zod's JIT probe, which the CSP forbids before zod is configured).
 */
export default function WaitingBadge() {
  const waiting = useWaitingCount();
  if (waiting === 0) return null;
  return (
    <span
      className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1.5 text-xs font-semibold text-brand-900"
      title={`${waiting} pengajuan menunggu persetujuan`}
      data-testid="badge-persetujuan"
    >
      <span aria-hidden="true">{waiting}</span>
      <span className="sr-only">, {waiting} pengajuan menunggu persetujuan</span>
    </span>
  );
}
