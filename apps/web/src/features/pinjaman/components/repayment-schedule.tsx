import {
  buildMurabahahSchedule,
  formatDateShort,
  formatRupiah,
  isValidDurasi,
  todayJakarta,
  type ScheduleLine,
} from '@mizan/core';
import { StatusBadge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';
import type { LoanPayment, Pinjaman } from '../types';

export type ScheduleState = 'lunas' | 'belum' | 'terlambat';

/**
 * Each instalment's state: paid when an `angsuran` payment carries its number (or the loan is
 * lunas); overdue when unpaid and its due date is before today (Jakarta); otherwise not yet paid.
 */
export function scheduleStates(
  lines: ScheduleLine[],
  payments: LoanPayment[],
  loanStatus: string,
  today = todayJakarta(),
): ScheduleState[] {
  const paid = new Set(payments.filter((p) => p.jenis === 'angsuran' && p.angsuran_ke).map((p) => p.angsuran_ke));
  return lines.map((line) => {
    if (loanStatus === 'lunas' || paid.has(line.angsuran_ke)) return 'lunas';
    return line.jatuh_tempo < today ? 'terlambat' : 'belum';
  });
}

/** The full repayment schedule of a Murabahah loan (issue 5): due date, amount, paid or not, overdue. */
export function RepaymentSchedule({
  pinjaman,
  payments,
  layout,
}: {
  pinjaman: Pinjaman;
  payments: LoanPayment[];
  layout: Layout;
}) {
  if (pinjaman.tipe !== 'pokok' || !isValidDurasi(pinjaman.durasi_angsuran)) return null;
  const lines = buildMurabahahSchedule({ ...pinjaman, durasi_angsuran: pinjaman.durasi_angsuran });
  const states = scheduleStates(lines, payments, pinjaman.status);
  const total = lines.reduce((sum, l) => sum + l.jumlah, 0);
  const paidCount = states.filter((s) => s === 'lunas').length;
  const overdue = states.filter((s) => s === 'terlambat').length;

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle>Jadwal Angsuran</CardTitle>
        <p className="text-xs text-muted">
          {paidCount} dari {lines.length} terbayar{overdue > 0 ? ` · ${overdue} terlambat` : ''}
        </p>
      </CardHeader>
      <CardBody className="p-0 sm:p-0">
        {layout === 'phone' ? (
          <ol className="divide-y divide-line" aria-label="Jadwal angsuran" data-testid="jadwal-angsuran">
            {lines.map((line, i) => (
              <li
                key={line.angsuran_ke}
                data-testid="jadwal-row"
                className={`flex items-center justify-between gap-3 px-4 py-2.5 ${states[i] === 'terlambat' ? 'bg-red-50/60' : ''}`}
              >
                <div>
                  <p className="text-sm font-medium text-ink">Angsuran ke-{line.angsuran_ke}</p>
                  <p className="text-xs text-muted">Jatuh tempo {formatDateShort(line.jatuh_tempo)}</p>
                </div>
                <div className="text-right">
                  <p className="text-sm font-semibold" data-testid="jadwal-jumlah">
                    {formatRupiah(line.jumlah)}
                  </p>
                  <StatusBadge status={states[i]!} />
                </div>
              </li>
            ))}
            <li className="flex items-center justify-between px-4 py-3 font-semibold">
              <span>Total</span>
              <span data-testid="jadwal-total">{formatRupiah(total)}</span>
            </li>
          </ol>
        ) : (
          <div className="p-3">
            <Table caption="Jadwal angsuran" data-testid="jadwal-angsuran">
              <THead>
                <tr>
                  <Th>Ke</Th>
                  <Th>Jatuh Tempo</Th>
                  <Th className="text-right">Jumlah</Th>
                  <Th className="text-right">Sisa Kewajiban</Th>
                  <Th>Status</Th>
                </tr>
              </THead>
              <TBody>
                {lines.map((line, i) => (
                  <Tr
                    key={line.angsuran_ke}
                    data-testid="jadwal-row"
                    className={states[i] === 'terlambat' ? 'bg-red-50/60' : undefined}
                  >
                    <Td>{line.angsuran_ke}</Td>
                    <Td className="whitespace-nowrap">{formatDateShort(line.jatuh_tempo)}</Td>
                    <Td className="text-right font-medium whitespace-nowrap" data-testid="jadwal-jumlah">
                      {formatRupiah(line.jumlah)}
                    </Td>
                    <Td className="text-right whitespace-nowrap text-muted">{formatRupiah(line.sisa_kewajiban)}</Td>
                    <Td>
                      <StatusBadge status={states[i]!} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
              <tfoot>
                <tr className="border-t border-line font-semibold">
                  <Td colSpan={2}>Total</Td>
                  <Td className="text-right whitespace-nowrap" data-testid="jadwal-total">
                    {formatRupiah(total)}
                  </Td>
                  <Td colSpan={2} />
                </tr>
              </tfoot>
            </Table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
