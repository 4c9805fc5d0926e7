import type { Kysely } from 'kysely';
import {
  kolektibilitasValues,
  type Pagination,
  type Tunggakan,
  type TunggakanListQuery,
  type TunggakanSummary,
  type TunggakanSummaryQuery,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import * as repo from './tunggakan.repository';
import { paginationOf } from '../../lib/envelope';

/** Loans in arrears, the longest first by default (issue 23, the Tunggakan screen). */
export async function listTunggakan(
  db: Kysely<DB>,
  query: TunggakanListQuery,
): Promise<{ data: Tunggakan[]; pagination: Pagination }> {
  const { rows, total } = await repo.listTunggakan(db, query);
  return {
    data: rows.map((row) => ({
      pinjaman_id: row.id,
      nomor_pinjaman: row.nomor_pinjaman,
      tipe: row.tipe,
      status: row.status,
      jumlah: row.jumlah,
      sisa_pokok: row.sisa_pokok,
      nasabah: {
        id: row.nasabah_id,
        nama: row.nasabah_nama,
        nik: row.nasabah_nik,
        telepon: row.telepon,
        kota: row.kota,
        kecamatan: row.kecamatan,
      },
      kolektibilitas: row.kolektibilitas,
      hari_tunggakan: row.hari_tunggakan,
      angsuran_tertunggak: row.angsuran_tertunggak,
      tunggakan_pokok: row.tunggakan_pokok,
      tunggakan_margin: row.tunggakan_margin,
      tunggakan_bagi_hasil: row.tunggakan_bagi_hasil,
      tunggakan_total: row.tunggakan_total,
      jatuh_tempo_tertua: row.jatuh_tempo_tertua,
      ledger_tanggal: row.ledger_tanggal,
    })),
    pagination: paginationOf(query, total),
  };
}

/** The loans in arrears per class (all five, zero where none) and in all, with the list's filters. */
export async function summarizeTunggakan(db: Kysely<DB>, query: TunggakanSummaryQuery): Promise<TunggakanSummary> {
  const rows = await repo.summarizeTunggakan(db, query);
  const kelas = kolektibilitasValues.map(
    (k) =>
      rows.find((row) => row.kolektibilitas === k) ?? {
        kolektibilitas: k,
        jumlah_pinjaman: 0,
        tunggakan_total: 0,
        sisa_pokok: 0,
      },
  );
  return {
    kelas,
    jumlah_pinjaman: kelas.reduce((sum, k) => sum + k.jumlah_pinjaman, 0),
    tunggakan_total: kelas.reduce((sum, k) => sum + k.tunggakan_total, 0),
    sisa_pokok: kelas.reduce((sum, k) => sum + k.sisa_pokok, 0),
  };
}
