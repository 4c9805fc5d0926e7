/**
 * Opening, cancelling and reading approval requests (issue 27): what the workflows that need a
 * decision (a new loan, a settlement above the khasm limit, a rescheduling) call inside their own
 * transaction. Kept apart from persetujuan.service, which decides and so reaches those workflows.
 */
import type { Kysely } from 'kysely';
import { pemutusOf, persetujuanMessages, type JenisPersetujuan, type Pemutus, type Persetujuan } from '@mizan/core';
import type { DB } from '../../db/schema';
import { instantText, jsonValue } from '../../db/json-rows';
import { conflict } from '../../lib/errors';
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
 * Who could decide a request of `jenis` that `requesterId` sends: the active administrators and
 * managers other than the requester (issue 51). With none, `alasan` says why nothing can be sent
 * and what to do; the screens show it before the request, the server refuses the request.
 */
export async function pemutusFor(db: Kysely<DB>, requesterId: number, jenis: JenisPersetujuan): Promise<Pemutus> {
  const users = (await repo.activeApprovers(db)).map((u) => ({
    id: u.id,
    nama: u.nama,
    role: u.role as Pemutus['pemutus'][number]['role'],
    aktif: true,
  }));
  const pemutus = pemutusOf(users, requesterId).map(({ id, nama, role }) => ({ id, nama, role }));
  return { jenis, pemutus, alasan: pemutus.length === 0 ? persetujuanMessages.tidakAdaPemutus : null };
}

/**
 * Refuses (409) a request nobody else could decide: one that would wait for ever. Called inside the
 * proposing transaction, before anything is written.
 */
export async function assertDecidable(trx: Kysely<DB>, requesterId: number, jenis: JenisPersetujuan) {
  const { alasan } = await pemutusFor(trx, requesterId, jenis);
  if (alasan) throw conflict(alasan);
}

/**
 * Proposes a change of a loan for another person's decision: opens the request of `jenis` holding
 * `data`, and records the proposal (`<jenis>.ajukan`, on the loan, with what it says and its
 * amount) in the feed. What a settlement above the khasm limit, a rescheduling and a write-off do
 * inside their transaction; answers the request's id. Refused (409) when nobody else could decide it.
 */
export async function proposeToLoan(
  trx: Kysely<DB>,
  proposal: { jenis: JenisPersetujuan; pinjamanId: number; userId: number; data: unknown },
  activity: { description: string; amount: number },
): Promise<number> {
  const { jenis, pinjamanId, userId, data } = proposal;
  await assertDecidable(trx, userId, jenis);
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
