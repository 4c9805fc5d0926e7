import type { NasabahListQuery, StatusNasabah } from '@mizan/core';

/** A customer as GET /api/nasabah answers it (spec §3). */
export interface Nasabah {
  id: number;
  nama: string;
  nama_lengkap: string;
  nik: string | null;
  telepon: string | null;
  alamat: string | null;
  kecamatan: string | null;
  kota: string | null;
  tanggal_nasabah: string | null;
  status: StatusNasabah;
  total_pinjaman: number;
  data_completeness: string[];
  created_at: string;
  updated_at: string;
}

export interface NasabahStats {
  total_nasabah: number;
  total: number;
  aktif: number;
  nonaktif: number;
}

export type NasabahSortKey = NasabahListQuery['sortBy'];
export type NasabahStatusFilter = 'all' | StatusNasabah;

/** What the list page filters and sorts by. */
export interface NasabahFilters {
  search: string;
  status: NasabahStatusFilter;
  sortBy: NasabahSortKey;
  sortOrder: 'asc' | 'desc';
}

export const defaultNasabahFilters: NasabahFilters = { search: '', status: 'all', sortBy: 'created_at', sortOrder: 'desc' };

/** The customer sort keys of spec §9 with their Indonesian labels. */
export const nasabahSortOptions: readonly { value: NasabahSortKey; label: string }[] = [
  { value: 'nama', label: 'Nama' },
  { value: 'nik', label: 'NIK' },
  { value: 'telepon', label: 'Telepon' },
  { value: 'alamat', label: 'Alamat' },
  { value: 'status', label: 'Status' },
  { value: 'total_pinjaman', label: 'Total Pinjaman' },
  { value: 'created_at', label: 'Tanggal Dibuat' },
];

/** A loan of the customer's history (GET /api/pinjaman?nasabah_id=…); only the fields the page reads. */
export interface NasabahLoan {
  id: number;
  tipe: string;
  jumlah: number;
  status: string;
  tanggal_pinjam: string;
  nomor_pinjaman?: string | null;
  urutan_pinjaman?: number | null;
}

/** A payment of the customer's history (GET /api/pembayaran?nasabah_id=…). */
export interface NasabahPayment {
  id: number;
  tanggal: string;
  jumlah: number;
  jenis: string;
  pinjaman_id?: number;
  pinjaman?: { id: number; nomor_pinjaman?: string | null; nasabah?: { nama: string; nik: string | null } | null } | null;
}
