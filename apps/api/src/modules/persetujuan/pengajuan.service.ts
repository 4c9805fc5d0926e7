/**
 * Opening, cancelling and reading approval requests (issue 27): what the workflows that need a
 * decision (a new loan, a settlement above the khasm limit, a rescheduling) call inside their own
 * transaction. Kept apart from persetujuan.service, which decides and so reaches those workflows.
 */
import type { Kysely } from 'kysely';
import type { JenisPersetujuan, Persetujuan } from '@mizan/core';
import type { DB } from '../../db/schema';
import { instantText, jsonValue } from '../../db/json-rows';
import { recordActivity } from '../activities/activity.service';
import * as repo from './persetujuan.repository';

export { cancelRequestsOf, insertRequest } from './persetujuan.repository';

const when = (value: Date | string | null) => (value === null ? null : instantText(value));

export function toPersetujuanJson(row: repo.RequestRow): Persetujuan {
  return {
    id: row.id,
    jenis: row.jenis,
    status: row.status,
    pinjaman: {
      id: row.pinjaman_id,
      nomor_pinjaman: row.nomor_pinjaman,
      tipe: row.tipe,
      jumlah: row.jumlah,
      persentase: row.persentase,
      durasi_angsuran: row.durasi_angsuran,
      tanggal_pinjam: row.tanggal_pinjam,
      status: row.pinjaman_status,
      nasabah: { id: row.nasabah_id, nama: row.nasabah_nama },
    },
    data: jsonValue<Record<string, unknown> | null>(row.data),
    diajukan_oleh: { id: row.diajukan_oleh, nama: row.diajukan_nama },
    diajukan_pada: instantText(row.diajukan_pada),
    diputuskan_oleh:
      row.diputuskan_oleh === null ? null : { id: row.diputuskan_oleh, nama: row.diputuskan_nama ?? String(row.diputuskan_oleh) },
    diputuskan_pada: when(row.diputuskan_pada),
    catatan: row.catatan,
  };
}

/**
 * Proposes a change of a loan for another person's decision: opens the request of `jenis` holding
 * `data`, and records the proposal (`<jenis>.ajukan`, on the loan, with what it says and its
 * amount) in the feed. What a settlement above the khasm limit, a rescheduling and a write-off do
 * inside their transaction; answers the request's id.
 */
export async function proposeToLoan(
  trx: Kysely<DB>,
  proposal: { jenis: JenisPersetujuan; pinjamanId: number; userId: number; data: unknown },
  activity: { description: string; amount: number },
): Promise<number> {
  const { jenis, pinjamanId, userId, data } = proposal;
  const requestId = await repo.insertRequest(trx, { jenis, pinjaman_id: pinjamanId, diajukan_oleh: userId, data });
  await recordActivity(trx, {
    type: `${jenis}.ajukan`,
    ...activity,
    category: 'pinjaman',
    entityType: 'pinjaman',
    entityId: pinjamanId,
    userId,
  });
  return requestId;
}

/** The request of a kind waiting on a loan, as the API shows it, or null. */
export async function waitingRequestOf(db: Kysely<DB>, pinjamanId: number, jenis: JenisPersetujuan) {
  const row = await repo.waitingRequestOf(db, pinjamanId, jenis);
  return row ? toPersetujuanJson(row) : null;
}
