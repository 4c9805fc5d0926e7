import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { addDays, addMonths, autofillPembayaran, formatRupiah, normalizeRecipientPhone, todayJakarta } from '@mizan/core';
import type { DB } from '../schema';
import { refreshTotalPinjaman } from '../../modules/nasabah/nasabah.service';
import { ensureLoanEvents, postHapusBuku, postLoanEvent } from '../../modules/mutasi/mutasi.service';
import { recordActivity } from '../../modules/activities/activity.service';
import { seededRandom } from './random';
import { businesses, collaterals, firstNames, lastNames, makeNik, places, streets } from './indonesia';
import { receiptPdf } from './receipt-pdf';

const DEMO_CUSTOMERS = 80;

/**
 * Fills an empty database with deterministic, realistic demo data: about 80 customers (a few
 * imported with incomplete data), Murabahah and Mudharabah loans in every status with receipt
 * files, up to 18 months of payments that follow the auto-fill rules (some late, some missed),
 * and five notification recipients. Does nothing when customers already exist (idempotent).
 */
export async function seedDemo(db: Kysely<DB>, dataDir: string, today = todayJakarta()): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('nasabah').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const rnd = seededRandom(20261122);
  const receiptDir = path.join(dataDir, 'uploads', 'kwitansi');
  fs.mkdirSync(receiptDir, { recursive: true });
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirst();
  const userId = admin?.id ?? null;

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < DEMO_CUSTOMERS; i++) {
      const female = rnd.chance(0.5);
      const nama = `${rnd.pick(firstNames)} ${rnd.pick(lastNames)}`;
      const place = rnd.pick(places);
      const imported = i % 16 === 7; // a few records from the old system with gaps
      const registered = addMonths(today, -rnd.int(1, 30));
      const nasabah = await trx
        .insertInto('nasabah')
        .values({
          nama,
          nik:
            imported && rnd.chance(0.5)
              ? null
              : makeNik(place.nik, rnd.int(1, 28), rnd.int(1, 12), rnd.int(1965, 2000), female, 1000 + i),
          telepon:
            imported && rnd.chance(0.5)
              ? null
              : `08${rnd.pick(['12', '13', '21', '52', '57', '77', '81', '95'])}${rnd.digits(8)}`,
          alamat: `${rnd.pick(streets)} No. ${rnd.int(1, 120)}, RT 0${rnd.int(1, 9)}/RW 0${rnd.int(1, 9)}`,
          kecamatan: imported ? null : place.kecamatan,
          kota: place.kota,
          tanggal_nasabah: imported ? null : registered,
          status: i % 13 === 5 ? 'nonaktif' : 'aktif',
          created_by: userId,
          updated_by: userId,
          created_at: new Date(`${registered}T09:00:00+07:00`),
        })
        .returning(['id', 'nama', 'status'])
        .executeTakeFirstOrThrow();
      if (nasabah.status === 'nonaktif' || rnd.chance(0.15)) continue;

      const loanCount = rnd.chance(0.25) ? 2 : 1;
      for (let k = 1; k <= loanCount; k++) {
        const pokok = rnd.chance(0.65);
        const durasi = pokok ? rnd.pick([6, 10, 12, 12, 18, 24]) : null;
        const jumlah = rnd.int(4, 100) * 500_000;
        const persentase = pokok ? rnd.pick([1.5, 1.75, 2, 2, 2.25, 2.5]) : rnd.pick([5, 7.5, 10, 12.5]);
        const monthsAgo = k === 1 ? rnd.int(2, 18) : rnd.int(0, 3);
        const tanggal_pinjam = addMonths(today, -monthsAgo);
        const nomor = `A${String(i + 1).padStart(3, '0')}`;
        let kwitansi: string | null = null;
        if (rnd.chance(0.8)) {
          kwitansi = `${rnd.hex(32)}.pdf`;
          fs.writeFileSync(
            path.join(receiptDir, kwitansi),
            receiptPdf([
              'KWITANSI PEMBIAYAAN',
              `No. Pinjaman: ${nomor} / ${k}`,
              `Telah terima dari: ${nasabah.nama}`,
              `Sejumlah: ${formatRupiah(jumlah)}`,
              `Akad: ${pokok ? 'Murabahah' : 'Mudharabah'} - ${rnd.pick(businesses)}`,
              `Tanggal: ${tanggal_pinjam}`,
            ]),
          );
        }
        const loan = await trx
          .insertInto('pinjaman')
          .values({
            nasabah_id: nasabah.id,
            nomor_pinjaman: nomor,
            urutan_pinjaman: k,
            tanggal_pinjam,
            jumlah,
            persentase,
            tipe: pokok ? 'pokok' : 'non-pokok',
            jaminan: rnd.pick(collaterals),
            keterangan: `Modal usaha ${rnd.pick(businesses).toLowerCase()}`,
            durasi_angsuran: durasi,
            status: 'aktif',
            sisa_pokok: jumlah,
            kwitansi,
            created_by: userId,
            updated_by: userId,
            created_at: new Date(`${tanggal_pinjam}T10:00:00+07:00`),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordActivity(trx, {
          type: 'pinjaman.create',
          description: `Pinjaman ${pokok ? 'Murabahah' : 'Mudharabah'} ${nomor} untuk ${nasabah.nama}`,
          category: 'pinjaman',
          amount: jumlah,
          entityType: 'pinjaman',
          entityId: loan.id,
          userId,
        });

        // Pay month by month up to today, following the auto-fill; a troubled loan stops paying.
        const troubled = rnd.chance(0.12);
        const stopAfter = troubled ? rnd.int(1, Math.max(1, monthsAgo - 2)) : Infinity;
        const paid: { angsuran_ke: number | null; jumlah: number; jenis: string }[] = [];
        for (let m = 1; m <= monthsAgo && m <= stopAfter; m++) {
          const fill = autofillPembayaran(loan, paid);
          if (fill.jumlah === null || (durasi && (fill.angsuran_ke ?? 0) > durasi)) break;
          const late = rnd.chance(0.15) ? rnd.int(3, 20) : 0;
          const due = addMonths(tanggal_pinjam, m);
          const tanggal = late ? addDays(due, late) : due;
          if (tanggal > today) break;
          await trx
            .insertInto('pembayaran')
            .values({
              pinjaman_id: loan.id,
              tanggal,
              jumlah: fill.jumlah,
              jenis: fill.jenis,
              angsuran_ke: fill.angsuran_ke,
              keterangan: late ? `Terlambat ${late} hari` : null,
              created_by: userId,
              updated_by: userId,
              created_at: new Date(`${tanggal}T11:00:00+07:00`),
            })
            .execute();
          paid.push({ angsuran_ke: fill.angsuran_ke, jumlah: fill.jumlah, jenis: fill.jenis });
        }
        // A Mudharabah partner who has shared profit for a year returns the capital.
        if (!pokok && paid.length >= 12 && rnd.chance(0.6)) {
          await trx
            .insertInto('pembayaran')
            .values({
              pinjaman_id: loan.id,
              tanggal: addMonths(tanggal_pinjam, 12),
              jumlah,
              jenis: 'pelunasan',
              keterangan: 'Pengembalian modal',
              created_by: userId,
              updated_by: userId,
            })
            .execute();
        }
        // Its history as money events (akad, then each payment), and its balances.
        await ensureLoanEvents(trx, [loan.id], today);
        await postLoanEvent(trx, loan.id, today, { jenis: 'penyesuaian', userId });
        if (troubled && monthsAgo - paid.length >= 3) {
          await trx
            .updateTable('pinjaman')
            .set({ status: 'macet' })
            .where('id', '=', loan.id)
            .where('status', '=', 'aktif')
            .execute();
        }
      }
      await refreshTotalPinjaman(trx, nasabah.id);
    }

    // One Murabahah declared macet written off (hapus buku, issue 47), and a first recovery of half an
    // instalment today: the status, the loan page's card and Laporan Pendapatan's Pemulihan have data.
    const macet = await trx
      .selectFrom('pinjaman')
      .select(['id', 'angsuran_per_bulan'])
      .where('status', '=', 'macet')
      .where('tipe', '=', 'pokok')
      .where('sisa_pokok', '>', 0)
      .orderBy('sisa_pokok', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (macet && userId !== null) {
      await postHapusBuku(trx, macet.id, today, { alasan: 'Usaha tutup; agunan sedang diproses', userId });
      await trx
        .insertInto('pembayaran')
        .values({
          pinjaman_id: macet.id,
          tanggal: today,
          jumlah: Math.round((macet.angsuran_per_bulan ?? 1_000_000) / 2),
          jenis: 'angsuran',
          angsuran_ke: null,
          keterangan: 'Pemulihan setelah hapus buku',
          created_by: userId,
          updated_by: userId,
        })
        .execute();
      await postLoanEvent(trx, macet.id, today, { jenis: 'pembayaran', userId });
    }

    const recipients = [
      ['Kepala Cabang', '081234567801'],
      ['Manajer Pembiayaan', '081234567802'],
      ['Petugas Lapangan 1', '085712345603'],
      ['Petugas Lapangan 2', '085712345604'],
      ['Bagian Keuangan (uji gagal)', '081300000000'],
    ] as const;
    for (const [name, phone] of recipients) {
      const normalized = normalizeRecipientPhone(phone);
      if (normalized.ok) {
        await trx
          .insertInto('wa_recipients')
          .values({ name, phone_number: normalized.value, status: name.startsWith('Petugas Lapangan 2') ? 'inactive' : 'active' })
          .execute();
      }
    }
  });
  return { seeded: true };
}
