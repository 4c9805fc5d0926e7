import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AlarmClockCheck,
  Building2,
  BellRing,
  ChevronRight,
  History,
  Gauge,
  FileUp,
  MessageCircle,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import type { Role } from '@mizan/core';
import { useAuth } from '../../features/auth';
import { PageHeader } from '../../components/ui/page-header';

interface MenuCard {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  /** Shown only to these roles (all roles when absent). */
  roles?: Role[];
}

interface MenuSection {
  title: string;
  cards: MenuCard[];
}

/** Sections of the Lainnya menu (spec §2). Add a section by adding an entry. */
const sections: MenuSection[] = [
  {
    title: 'Lembaga',
    cards: [
      {
        to: '/profil-lembaga',
        title: 'Profil Lembaga',
        description: 'Nama, alamat, kontak, logo dan catatan kwitansi untuk dokumen dan halaman depan.',
        icon: <Building2 className="h-5 w-5" aria-hidden="true" />,
        roles: ['admin'],
      },
      {
        to: '/impor',
        title: 'Impor Data',
        description: 'Pindahkan nasabah, pinjaman dan pembayaran dari sistem lama lewat Excel atau CSV.',
        icon: <FileUp className="h-5 w-5" aria-hidden="true" />,
        roles: ['admin'],
      },
    ],
  },
  {
    title: 'Pembiayaan',
    cards: [
      {
        to: '/kolektibilitas',
        title: 'Kolektibilitas',
        description: 'Golongan hari tunggakan, satu nasabah satu kualitas, dan PPAP.',
        icon: <Gauge className="h-5 w-5" aria-hidden="true" />,
      },
    ],
  },
  {
    title: 'Pengaturan WA-Gateway',
    cards: [
      {
        to: '/wa-settings',
        title: 'Pengaturan Umum',
        description: 'Hubungkan WhatsApp dengan QR code dan kirim pesan test.',
        icon: <MessageCircle className="h-5 w-5" aria-hidden="true" />,
      },
      {
        to: '/wa-notification-recipients',
        title: 'Penerima Notifikasi',
        description: 'Kelola nomor yang menerima notifikasi WhatsApp.',
        icon: <Users className="h-5 w-5" aria-hidden="true" />,
      },
      {
        to: '/wa-notifikasi',
        title: 'Notifikasi',
        description: 'Pilih kabar yang dikirim, ubah templatenya, dan atur jam rekap harian.',
        icon: <BellRing className="h-5 w-5" aria-hidden="true" />,
      },
      {
        to: '/wa-pengingat',
        title: 'Pengingat Angsuran',
        description: 'Ingatkan nasabah sebelum dan sesudah jatuh tempo: tahap, template, jam kirim dan batas harian.',
        icon: <AlarmClockCheck className="h-5 w-5" aria-hidden="true" />,
      },
      {
        to: '/wa-riwayat-pesan',
        title: 'Riwayat Pesan',
        description: 'Semua pesan WhatsApp dan statusnya; kirim ulang pesan yang gagal.',
        icon: <History className="h-5 w-5" aria-hidden="true" />,
      },
    ],
  },
  {
    title: 'Akun',
    cards: [
      {
        to: '/profil',
        title: 'Profil Saya',
        description: 'Ubah nama, username dan password Anda.',
        icon: <UserCog className="h-5 w-5" aria-hidden="true" />,
      },
      {
        to: '/pengguna',
        title: 'Pengguna',
        description: 'Kelola akun staf: peran, status dan password.',
        icon: <ShieldCheck className="h-5 w-5" aria-hidden="true" />,
        roles: ['admin'],
      },
    ],
  },
];

export default function LainnyaPage() {
  const { user } = useAuth();
  const visible = (card: MenuCard) => !card.roles || (user !== null && card.roles.includes(user.role));
  return (
    <>
      <PageHeader title="Lainnya" subtitle="Pengaturan lain aplikasi." />
      <div className="space-y-8">
        {sections
          .filter((section) => section.cards.some(visible))
          .map((section, index) => (
            <section key={section.title} aria-labelledby={`lainnya-section-${index}`}>
              <h2 id={`lainnya-section-${index}`} className="mb-3 text-base font-semibold text-ink">
                {section.title}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {section.cards.filter(visible).map((card) => (
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
            </section>
          ))}
      </div>
    </>
  );
}
