import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { useLayout } from '../../components/ui/use-media-query';
import { akunQuery } from '../../features/akuntansi/api/get-akun';
import { BooksActions } from '../../features/akuntansi/components/books-actions';
import { BaganAkunGroups } from '../../features/akuntansi/components/bagan-akun-view';

/** Laporan → Akuntansi → Bagan Akun (issue 48): the chart of accounts by group, read-only here. */
export default function BaganAkunPage() {
  const layout = useLayout();
  const chart = useQuery(akunQuery());
  return (
    <>
      <PageHeader
        title="Bagan Akun"
        subtitle="Akun-akun pembukuan per kelompok, saldo normalnya, dan transaksi yang dicatat ke setiap akun."
        actions={<BooksActions what="bagan akun" exportName="akun" pdfName="bagan-akun" query={{}} />}
      />
      <QueryView query={chart} errorTitle="Gagal memuat bagan akun">
        {(data) => <BaganAkunGroups chart={data} layout={layout} />}
      </QueryView>
    </>
  );
}
