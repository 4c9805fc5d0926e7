import { formatDateShort, formatRupiah, jenisPembayaranLabels, labelOf } from '@mizan/core';
import { Badge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';
import type { LoanPayment } from '../types';

/** Payment history of the loan (spec §2): Tanggal, Jenis, Jumlah, Status (always shown as selesai). */
export function PaymentHistory({ payments, loading, failed, layout }: { payments: LoanPayment[]; loading: boolean; failed: boolean; layout: Layout }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Riwayat Pembayaran</CardTitle>
        {payments.length > 0 ? <span className="text-xs text-muted">{payments.length} pembayaran</span> : null}
      </CardHeader>
      <CardBody className={payments.length > 0 ? 'p-3' : undefined}>
        {loading ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : failed ? (
          <p className="text-sm text-red-700">Gagal memuat riwayat pembayaran</p>
        ) : payments.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">Belum ada data pembayaran</p>
        ) : layout === 'phone' ? (
          <ul className="divide-y divide-line">
            {payments.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 px-1 py-2.5">
                <div>
                  <p className="text-sm font-medium">
                    {labelOf(jenisPembayaranLabels, p.jenis)}
                    {p.angsuran_ke ? ` ke-${p.angsuran_ke}` : ''}
                  </p>
                  <p className="text-xs text-muted">{formatDateShort(p.tanggal)}</p>
                </div>
                <div className="text-right">
                  <p className="text-sm font-semibold">{formatRupiah(p.jumlah)}</p>
                  <Badge tone="green">selesai</Badge>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Table caption="Riwayat pembayaran">
            <THead>
              <tr>
                <Th>Tanggal</Th>
                <Th>Jenis</Th>
                <Th className="text-right">Jumlah</Th>
                <Th>Status</Th>
              </tr>
            </THead>
            <TBody>
              {payments.map((p) => (
                <Tr key={p.id}>
                  <Td className="whitespace-nowrap">{formatDateShort(p.tanggal)}</Td>
                  <Td>
                    {labelOf(jenisPembayaranLabels, p.jenis)}
                    {p.angsuran_ke ? ` ke-${p.angsuran_ke}` : ''}
                  </Td>
                  <Td className="text-right font-medium whitespace-nowrap">{formatRupiah(p.jumlah)}</Td>
                  <Td>
                    <Badge tone="green">selesai</Badge>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </CardBody>
    </Card>
  );
}
