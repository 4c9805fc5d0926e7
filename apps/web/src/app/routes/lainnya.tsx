import {
  AlarmClockCheck,
  BookOpenCheck,
  Building2,
  BellRing,
  ClipboardCheck,
  DatabaseBackup,
  HandHeart,
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
import { MenuCardList, type MenuCard } from '../../components/ui/menu-card-list';

interface RoleMenuCard extends MenuCard {
  /** Shown only to these roles (all roles when absent). */
  roles?: Role[];
}

interface MenuSection {
  title: string;
  cards: RoleMenuCard[];
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
      {
        to: '/pengaturan-akun',
        title: 'Bagan Akun & Pemetaan',
        description: 'Akun pembukuan, rekening bank lembaga, dan akun tujuan posting otomatis pembiayaan.',
        icon: <BookOpenCheck className="h-5 w-5" aria-hidden="true" />,
        roles: ['admin', 'manajer'],
      },
      {
        to: '/cadangan',
        title: 'Cadangan Data',
        description: 'Cadangan terjadwal dan Backup sekarang: hasil terakhir, file untuk diunduh, dan riwayatnya.',
        icon: <DatabaseBackup className="h-5 w-5" aria-hidden="true" />,
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
      {
        to: '/persetujuan',
        title: 'Persetujuan',
        description: 'Antrean pengajuan pinjaman yang menunggu keputusan, riwayatnya, dan pengaturannya.',
        icon: <ClipboardCheck className="h-5 w-5" aria-hidden="true" />,
      },
      {
        to: '/kebajikan',
        title: 'Ta’zir & Dana Kebajikan',
        description: 'Sanksi keterlambatan untuk diputuskan, saldo dan penyaluran dana sosial, pengaturan ta’zir akad.',
        icon: <HandHeart className="h-5 w-5" aria-hidden="true" />,
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
  const visible = (card: RoleMenuCard) => !card.roles || (user !== null && card.roles.includes(user.role));
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
              <MenuCardList cards={section.cards.filter(visible)} />
            </section>
          ))}
      </div>
    </>
  );
}
