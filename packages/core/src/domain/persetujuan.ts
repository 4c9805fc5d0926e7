/**
 * Approval of financing (issue 27 A): the requests that need a second person's decision, their
 * states, and the rule of who may decide. The workflow is described in docs/domain.md
 * ("Approval of financing").
 */
import { canApprove } from './roles';

/** What a request asks: a new loan, an early settlement with a khasm above the limit, a rescheduling, a write-off. */
export const jenisPersetujuan = ['pinjaman', 'pelunasan', 'penjadwalan', 'hapus_buku'] as const;
export type JenisPersetujuan = (typeof jenisPersetujuan)[number];

export const jenisPersetujuanLabels: Record<JenisPersetujuan, string> = {
  pinjaman: 'Pinjaman Baru',
  pelunasan: 'Pelunasan Dipercepat',
  penjadwalan: 'Penjadwalan Kembali',
  hapus_buku: 'Hapus Buku',
};

/** `ditarik`: withdrawn by its proposer while it waited (issue 51); `dibatalkan`: its loan was deleted. */
export const statusPersetujuan = ['menunggu', 'disetujui', 'ditolak', 'dibatalkan', 'ditarik'] as const;
export type StatusPersetujuan = (typeof statusPersetujuan)[number];

export const statusPersetujuanLabels: Record<StatusPersetujuan, string> = {
  menunggu: 'Menunggu Persetujuan',
  disetujui: 'Disetujui',
  ditolak: 'Ditolak',
  dibatalkan: 'Dibatalkan',
  ditarik: 'Ditarik Kembali',
};

export const persetujuanMessages = {
  bukanPenyetuju: 'Hanya administrator atau manajer yang dapat memutuskan persetujuan',
  milikSendiri: 'Anda tidak dapat memutuskan pengajuan Anda sendiri; keputusan harus diambil oleh orang lain',
  sudahDiputuskan: 'Pengajuan ini sudah diputuskan sebelumnya',
  catatanWajib: 'Alasan penolakan wajib diisi',
  alasanTarikWajib: 'Alasan penarikan wajib diisi',
  bukanPengaju: 'Hanya pengaju yang dapat menarik kembali pengajuan ini',
  jenisInvalid: 'Jenis pengajuan harus pinjaman, pelunasan, penjadwalan atau hapus_buku',
  tidakAdaPemutus:
    'Belum ada orang lain yang dapat memutuskan pengajuan ini: keputusan harus diambil administrator atau manajer selain pengaju. Tambahkan pengguna dengan peran Manajer di Pengguna, lalu ajukan kembali.',
  catatanMax: 'Catatan paling banyak 500 karakter',
  pinjamanMenunggu: 'Pinjaman ini menunggu persetujuan; pembayaran belum dapat dicatat',
  pinjamanDitolak: 'Pinjaman ini ditolak; pembayaran tidak dapat dicatat',
  batasDiskon: 'Batas potongan harus angka 0 sampai 100',
} as const;

/**
 * Why `user` may not decide on a request proposed by `diajukanOleh`, or null when they may: only
 * an administrator or a manager, and never the person who proposed it (four eyes).
 */
export function decisionRefusal(user: { id: number; role: string }, diajukanOleh: number): string | null {
  if (!canApprove(user.role)) return persetujuanMessages.bukanPenyetuju;
  if (user.id === diajukanOleh) return persetujuanMessages.milikSendiri;
  return null;
}

/**
 * Who may decide a request that `requester` proposes: the active administrators and managers other
 * than the requester (four eyes). A request is only opened when this is not empty (issue 51).
 */
export function pemutusOf<T extends { id: number; role: string; aktif: boolean }>(users: readonly T[], requesterId: number): T[] {
  return users.filter((u) => u.aktif && canApprove(u.role) && u.id !== requesterId);
}

/** Why a loan with this status takes no payment (never disbursed), or null when it may. */
export function paymentRefusalOfStatus(status: string): string | null {
  if (status === 'pending') return persetujuanMessages.pinjamanMenunggu;
  if (status === 'ditolak') return persetujuanMessages.pinjamanDitolak;
  return null;
}
