import type { Kysely } from 'kysely';
import {
  messages,
  nasabahDataCompleteness,
  todayJakarta,
  totalPinjamanNasabah,
  type NasabahCreateInput,
  type NasabahListQuery,
  type NasabahUpdateInput,
  type Pagination,
  type Nasabah,
} from '@mizan/core';
import type { DB, NasabahRow } from '../../db/schema';
import { batchesByKey } from '../../lib/batches';
import { instantText, type JsonRow } from '../../db/json-rows';
import { conflict, notFound } from '../../lib/errors';
import { recordActivity } from '../activities/activity.service';
import * as repo from './nasabah.repository';
import { paginationOf } from '../../lib/envelope';

const m = messages.nasabah;

/** A customer row as the API sends it (core `nasabahSchema`, spec §3). */
export function toNasabah(row: NasabahRow | JsonRow<NasabahRow>): Nasabah {
  return {
    id: row.id,
    nama: row.nama,
    nama_lengkap: row.nama,
    nik: row.nik,
    telepon: row.telepon,
    alamat: row.alamat,
    kecamatan: row.kecamatan,
    kota: row.kota,
    tanggal_nasabah: row.tanggal_nasabah,
    status: row.status,
    terima_pengingat: row.terima_pengingat,
    diimpor: row.diimpor,
    total_pinjaman: row.total_pinjaman,
    data_completeness: nasabahDataCompleteness(row, row.tanggal_nasabah_generated ? ['tanggal_nasabah'] : []),
    created_at: instantText(row.created_at),
    updated_at: instantText(row.updated_at),
  };
}

const nikTaken = () => conflict(m.nikTaken, [{ path: 'nik', msg: m.nikTaken }]);

/** A unique violation of the living-NIK index: two requests registered one NIK at the same moment. */
function isNikUniqueViolation(error: unknown) {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint === 'nasabah_nik_key');
}

async function withNikGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isNikUniqueViolation(error)) throw nikTaken();
    throw error;
  }
}

export async function listNasabah(db: Kysely<DB>, query: NasabahListQuery): Promise<{ data: Nasabah[]; pagination: Pagination }> {
  const { rows, total } = await repo.listNasabah(db, query);
  return {
    data: rows.map(toNasabah),
    pagination: paginationOf(query, total),
  };
}

/** The customers of an export (issue 26 B) in batches of `limit`, in the list's order and with its filters. */
export function nasabahBatches(db: Kysely<DB>, query: Omit<NasabahListQuery, 'page' | 'limit'>, limit = 1000) {
  return batchesByKey((position) => repo.nasabahBatch(db, query, limit, position), limit, toNasabah);
}

/** `GET /api/nasabah/stats`: living customers only; `total` repeats `total_nasabah` (spec §3). */
export async function nasabahStats(db: Kysely<DB>) {
  const counts = await repo.countNasabahByStatus(db);
  return { total_nasabah: counts.total, total: counts.total, aktif: counts.aktif, nonaktif: counts.nonaktif };
}

export async function getNasabah(db: Kysely<DB>, id: number): Promise<Nasabah> {
  const row = await repo.findNasabah(db, id);
  if (!row) throw notFound(messages.notFound.nasabah);
  return toNasabah(row);
}

/** The customer's identity as the add and edit forms (and an import) give it, stored as given. */
const identityColumns = (input: Pick<NasabahCreateInput, 'nama' | 'nik' | 'telepon' | 'alamat' | 'kecamatan' | 'kota'>) => ({
  nama: input.nama,
  nik: input.nik,
  telepon: input.telepon,
  alamat: input.alamat,
  kecamatan: input.kecamatan,
  kota: input.kota,
});

/** The row of a new customer, from the form or an import (issue 26 C): no date means today, marked generated. */
export function newNasabahRow(input: NasabahCreateInput, today: string, userId: number, diimpor = false) {
  return {
    ...identityColumns(input),
    tanggal_nasabah: input.tanggal_nasabah ?? today,
    tanggal_nasabah_generated: input.tanggal_nasabah === null,
    status: input.status,
    terima_pengingat: input.terima_pengingat,
    diimpor,
    created_by: userId,
    updated_by: userId,
  };
}

/** The activity log's sentence for a new customer. */
export const nasabahCreatedText = (nama: string) => `Nasabah baru ditambahkan: ${nama}`;

/** Registers a customer; without tanggal_nasabah the server stores today's Jakarta date and says so. */
export async function createNasabah(
  db: Kysely<DB>,
  userId: number,
  input: NasabahCreateInput,
  now = new Date(),
): Promise<Nasabah> {
  return withNikGuard(() =>
    db.transaction().execute(async (trx) => {
      if (await repo.findNikHolder(trx, input.nik)) throw nikTaken();
      const row = await repo.insertNasabah(trx, newNasabahRow(input, todayJakarta(now), userId));
      await recordActivity(trx, {
        type: 'nasabah.create',
        description: nasabahCreatedText(row.nama),
        category: 'other',
        entityType: 'nasabah',
        entityId: row.id,
        userId,
      });
      return toNasabah(row);
    }),
  );
}

/**
 * Replaces a customer's fields. An empty tanggal_nasabah keeps the stored date (or, when there is
 * none, takes today's, marked as generated); a date that differs from the stored one is the staff's
 * own and clears the generated mark.
 */
export async function updateNasabah(
  db: Kysely<DB>,
  userId: number,
  id: number,
  input: NasabahUpdateInput,
  now = new Date(),
): Promise<Nasabah> {
  return withNikGuard(() =>
    db.transaction().execute(async (trx) => {
      const current = await repo.lockNasabah(trx, id);
      if (!current) throw notFound(messages.notFound.nasabah);
      if (await repo.findNikHolder(trx, input.nik, id)) throw nikTaken();

      let tanggal = input.tanggal_nasabah;
      let generated = current.tanggal_nasabah_generated && tanggal === current.tanggal_nasabah;
      if (tanggal === null) {
        tanggal = current.tanggal_nasabah ?? todayJakarta(now);
        generated = current.tanggal_nasabah === null || current.tanggal_nasabah_generated;
      }
      const row = await repo.updateNasabah(trx, id, {
        ...identityColumns(input),
        tanggal_nasabah: tanggal,
        tanggal_nasabah_generated: generated,
        status: input.status,
        // Absent: the customer's choice stays as it was.
        terima_pengingat: input.terima_pengingat ?? current.terima_pengingat,
        updated_by: userId,
      });
      await recordActivity(trx, {
        type: 'nasabah.update',
        description: `Data nasabah diperbarui: ${row.nama}`,
        category: 'other',
        entityType: 'nasabah',
        entityId: row.id,
        userId,
      });
      return toNasabah(row);
    }),
  );
}

/** Soft-deletes a customer; refused (409) while one of its living loans is aktif. */
export async function deleteNasabah(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockNasabah(trx, id);
    if (!current) throw notFound(messages.notFound.nasabah);
    if (await repo.hasActiveLoan(trx, id)) throw conflict(m.hasActiveLoan);
    await repo.softDeleteNasabah(trx, id, userId);
    await recordActivity(trx, {
      type: 'nasabah.delete',
      description: `Nasabah dihapus: ${current.nama}`,
      category: 'other',
      entityType: 'nasabah',
      entityId: id,
      userId,
    });
  });
}

/**
 * Recomputes the maintained `nasabah.total_pinjaman` (Σ jumlah of the customer's living loans)
 * from scratch, so it can never drift. The loan module calls it inside every loan write.
 */
export async function refreshTotalPinjaman(trx: Kysely<DB>, nasabahId: number): Promise<number> {
  const total = totalPinjamanNasabah(await repo.livingLoanAmounts(trx, nasabahId));
  await repo.setTotalPinjaman(trx, nasabahId, total);
  return total;
}
