import {
  AlarmClock,
  BookOpen,
  CalendarCheck,
  HandCoins,
  Landmark,
  ListTree,
  NotebookText,
  Scale,
  ShieldCheck,
  Target,
} from 'lucide-react';
import { canApprove } from '@mizan/core';
import { useAuth } from '../../features/auth';
import { PageHeader } from '../../components/ui/page-header';
import { MenuCardList, type MenuCard } from '../../components/ui/menu-card-list';

/** The reports there are (issue 26 A); each opens on today or this month and exports to Excel or CSV. */
const reports: MenuCard[] = [
  {
    to: '/laporan/rekap-harian',
    title: 'Rekap Harian',
    description: 'Pembayaran satu hari per jenis dan per petugas, rinciannya, dan pinjaman baru hari itu.',
    icon: <CalendarCheck className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/penagihan',
    title: 'Penagihan Bulanan',
    description: 'Target angsuran jatuh tempo dibanding realisasi per kota dan kecamatan, dan yang belum membayar.',
    icon: <Target className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/pencairan',
    title: 'Pencairan',
    description: 'Jumlah dan nilai pinjaman yang diberikan per bulan dan tipe, 12 bulan terakhir.',
    icon: <HandCoins className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/pendapatan',
    title: 'Pendapatan',
    description: 'Margin dan bagi hasil per bulan: diterima, diakui, dan margin yang masih ditangguhkan.',
    icon: <Landmark className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/kolektibilitas',
    title: 'Kolektibilitas',
    description: 'Outstanding per golongan, NPF dan PAR 30 hari ini atau pada akhir bulan yang lalu.',
    icon: <ShieldCheck className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/tunggakan',
    title: 'Tunggakan',
    description: 'Pinjaman yang lewat jatuh tempo per golongan kolektibilitas, kota dan kecamatan.',
    icon: <AlarmClock className="h-5 w-5" aria-hidden="true" />,
  },
];

/**
 * The books (issue 48), for administrators and managers: a section of Laporan rather than an eighth
 * link in the header (seven fit beside the institution's name at 1280 px; docs/decisions/books.md).
 */
const akuntansi: MenuCard[] = [
  {
    to: '/laporan/jurnal',
    title: 'Jurnal',
    description: 'Setiap jurnal dengan baris debit dan kreditnya, per tanggal, akun, jenis transaksi atau pinjaman.',
    icon: <NotebookText className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/buku-besar',
    title: 'Buku Besar',
    description: 'Mutasi satu akun dalam satu periode: saldo awal, saldo berjalan, dan saldo akhir.',
    icon: <BookOpen className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/neraca-saldo',
    title: 'Neraca Saldo',
    description: 'Saldo debit dan kredit setiap akun per tanggal, dari jurnal setiap transaksi.',
    icon: <Scale className="h-5 w-5" aria-hidden="true" />,
  },
  {
    to: '/laporan/bagan-akun',
    title: 'Bagan Akun',
    description: 'Daftar akun per kelompok, saldo normalnya, dan transaksi yang dicatat ke setiap akun.',
    icon: <ListTree className="h-5 w-5" aria-hidden="true" />,
  },
];

/** An operator's part of the books: the journals of what they recorded (docs/decisions/books.md). */
const jurnalOperator: MenuCard[] = [
  {
    to: '/laporan/jurnal',
    title: 'Jurnal',
    description: 'Jurnal dari transaksi yang Anda catat, dengan baris debit dan kreditnya.',
    icon: <NotebookText className="h-5 w-5" aria-hidden="true" />,
  },
];

/** /laporan: the list of reports, and the books for those who keep them (an operator: their journals). */
export default function LaporanPage() {
  const { user } = useAuth();
  const books = !user ? [] : canApprove(user.role) ? akuntansi : user.role === 'operator' ? jurnalOperator : [];
  return (
    <>
      <PageHeader title="Laporan" subtitle="Laporan harian dan bulanan, bisa diunduh sebagai Excel atau CSV." />
      <div className="space-y-8">
        <MenuCardList cards={reports} />
        {books.length > 0 ? (
          <section aria-labelledby="laporan-akuntansi">
            <h2 id="laporan-akuntansi" className="mb-3 text-base font-semibold text-ink">
              Akuntansi
            </h2>
            <MenuCardList cards={books} />
          </section>
        ) : null}
      </div>
    </>
  );
}
