import type { Kysely } from 'kysely';
import { kwitansiDokumen, messages, sisaPokok, type Dokumen, type KopDokumen } from '@mizan/core';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import * as repo from './dokumen.repository';

/** The institution as documents show it, the receipt's footer and the logo. */
export interface Lembaga {
  kop: KopDokumen;
  catatan_kwitansi: string | null;
  logo: Buffer | null;
}

/**
 * The receipt of a payment, counted as one more print (the first is the original, every later one a
 * SALINAN with its print time; a deleted payment's is BATAL). Counted in the same statement that
 * reads the count, so two prints at once never both pass as the original.
 */
export async function printKwitansi(db: Kysely<DB>, lembaga: Lembaga, pembayaranId: number, now: Date): Promise<Dokumen> {
  const source = await repo.findKwitansiSource(db, pembayaranId);
  if (!source) throw notFound(messages.notFound.pembayaran);
  const payments = await repo.paymentsUpTo(db, source);
  const cetakanKe = await repo.countPrint(db, pembayaranId, now);
  return kwitansiDokumen(
    {
      tahun: source.tahun,
      urut: source.urut,
      tanggal: source.tanggal,
      jumlah: source.jumlah,
      jenis: source.jenis,
      angsuran_ke: source.angsuran_ke,
      keterangan: source.keterangan,
      nasabah: { nama: source.nama, nik: source.nik, alamat: source.alamat },
      pinjaman: { id: source.pinjaman_id, nomor_pinjaman: source.nomor_pinjaman, tipe: source.tipe },
      sisa_pokok_setelah: sisaPokok(source.pinjaman_jumlah, payments),
      petugas: source.petugas,
      batal: source.batal,
      cetakan_ke: cetakanKe,
    },
    lembaga.kop,
    lembaga.catatan_kwitansi,
    now,
  );
}
