/** Indonesian display labels of the loan types and payment kinds (spec §3, §4). */
import type { JenisPembayaran, StatusPinjamanFilter, TipePinjaman } from '../domain/types';
import type { JenisMutasi } from '../domain/mutasi';
import type { nasabahSortKeys, pembayaranSortKeys, pinjamanSortKeys, tunggakanSortKeys } from '../domain/list-keys';

type NasabahSortKey = (typeof nasabahSortKeys)[number];
type PinjamanSortKey = (typeof pinjamanSortKeys)[number];
type PembayaranSortKey = (typeof pembayaranSortKeys)[number];
type TunggakanSortKey = (typeof tunggakanSortKeys)[number];

/** Loan type labels: pokok is the Murabahah, non-pokok the Mudharabah. */
export const tipePinjamanLabels: Record<TipePinjaman, string> = {
  pokok: 'Pokok',
  'non-pokok': 'Non-Pokok',
};

/** Loan status labels (the list filter's `pending` included). */
export const statusPinjamanLabels: Record<StatusPinjamanFilter, string> = {
  aktif: 'Aktif',
  lunas: 'Lunas',
  macet: 'Macet',
  pending: 'Pending',
  ditolak: 'Ditolak',
  hapus_buku: 'Dihapusbukukan',
};

/** Payment kind labels. */
export const jenisPembayaranLabels: Record<JenisPembayaran, string> = {
  angsuran: 'Angsuran',
  bagi_hasil: 'Bagi Hasil',
  pokok: 'Pokok',
  pelunasan: 'Pelunasan',
};

/** Money event kinds as the loan's history names them (issue 47). */
export const jenisMutasiLabels: Record<JenisMutasi, string> = {
  akad: 'Akad (pencairan)',
  pembayaran: 'Pembayaran',
  pelunasan: 'Pelunasan',
  pembalikan: 'Pembalikan',
  penjadwalan: 'Penjadwalan kembali',
  penyesuaian: 'Penyesuaian',
  pembatalan: 'Pembatalan pinjaman',
  tazir: 'Ta’zir diterima',
  tawidh: 'Ta’widh diterima',
  hapus_buku: 'Hapus buku',
  pemulihan: 'Pemulihan (setelah hapus buku)',
};

/** The label of a loan type or payment kind; an unknown value is shown as it is. */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '-';
  return labels[value] ?? value;
}

/** A loan's code for people: its nomor_pinjaman, or 'Pinjaman #id' when the old system gave none. */
export function loanCode(loan: { id: number; nomor_pinjaman?: string | null }): string {
  return loan.nomor_pinjaman && loan.nomor_pinjaman.trim() !== '' ? loan.nomor_pinjaman : `Pinjaman #${loan.id}`;
}

/** What each sort key of the lists is called on screen and in an export's title rows (issue 26). */
export const sortKeyLabels = {
  nasabah: {
    nama: 'Nama',
    nik: 'NIK',
    telepon: 'Telepon',
    alamat: 'Alamat',
    status: 'Status',
    total_pinjaman: 'Total Pinjaman',
    created_at: 'Tanggal Dibuat',
  },
  pinjaman: {
    created_at: 'Tanggal Dibuat',
    nomor_pinjaman: 'No. Pinjaman',
    urutan_pinjaman: 'Pinjaman Ke',
    tanggal_pinjam: 'Tanggal Pinjam',
    nasabah: 'Nasabah',
    jumlah: 'Jumlah',
    persentase: 'Persentase',
    tipe: 'Tipe',
    status: 'Status',
    sisa_pokok: 'Sisa Pokok',
    hari_tunggakan: 'Hari Tunggakan',
  },
  pembayaran: {
    tanggal: 'Tanggal',
    jumlah: 'Jumlah',
    jenis: 'Jenis',
    nasabah: 'Nasabah',
    created_at: 'Tanggal Dibuat',
  },
  tunggakan: {
    hari_tunggakan: 'Hari Tunggakan',
    tunggakan_total: 'Jumlah Tunggakan',
    jatuh_tempo: 'Jatuh Tempo Tertua',
    nama: 'Nama Nasabah',
  },
} as const satisfies {
  nasabah: Record<NasabahSortKey, string>;
  pinjaman: Record<PinjamanSortKey, string>;
  pembayaran: Record<PembayaranSortKey, string>;
  tunggakan: Record<TunggakanSortKey, string>;
};

/** The options of a list's sort dialog: `keys` in the order shown, each with its label. */
export function sortOptionsOf<K extends string>(labels: Record<K, string>, keys: readonly K[]): { value: K; label: string }[] {
  return keys.map((value) => ({ value, label: labels[value] }));
}

/** A sort as people read it, as the lists' toolbar shows it: the key's label and an arrow up or down. */
export function sortText<K extends string>(labels: Record<K, string>, sortBy: K, sortOrder: 'asc' | 'desc'): string {
  return `${labels[sortBy]} ${sortOrder === 'asc' ? '↑' : '↓'}`;
}
