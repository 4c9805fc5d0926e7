import { Link } from 'react-router';
import { AlarmClock, CalendarCheck, ChevronRight, HandCoins, Landmark, ShieldCheck, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header';

interface ReportCard {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

/** The reports there are (issue 26 A); each opens on today or this month and exports to Excel or CSV. */
const reports: ReportCard[] = [
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

/** /laporan: the list of reports. */
export default function LaporanPage() {
  return (
    <>
      <PageHeader title="Laporan" subtitle="Laporan harian dan bulanan, bisa diunduh sebagai Excel atau CSV." />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reports.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="group flex h-full items-start gap-4 rounded-xl border border-line bg-white p-5 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                {card.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink">{card.title}</span>
                <span className="mt-1 block text-sm text-muted">{card.description}</span>
              </span>
              <ChevronRight className="mt-2 h-4 w-4 shrink-0 text-muted group-hover:text-brand-700" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
