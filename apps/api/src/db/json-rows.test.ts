import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { instantText, selectJsonRows, sortKeyColumn } from './json-rows';
import { databasePerFile } from '../test/test-app';
import type { DatabaseHandle } from './database';

// A list page read as JSON text must give every field the value the ordinary select gives (the
// same numbers: BIGINT rupiah, NUMERIC percentages; 'YYYY-MM-DD' dates, booleans, nulls, text;
// timestamps naming the same instant to the millisecond the API sends), in the page's order.
let handle: DatabaseHandle;
databasePerFile(async (fresh) => {
  handle = fresh;
  const { db } = handle;
  const [nasabah] = await db
    .insertInto('nasabah')
    .values([
      {
        nama: 'Siti "Ani" Rahma\\n',
        nik: '3201010101010001',
        telepon: null,
        alamat: 'Jl. Melati 5, RT 02/03',
        kecamatan: null,
        kota: 'Bogor',
        tanggal_nasabah: '2026-02-28',
        status: 'aktif',
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('pinjaman')
    .values({
      nasabah_id: nasabah!.id,
      nomor_pinjaman: 'PJM-1',
      urutan_pinjaman: 1,
      tanggal_pinjam: '2026-03-01',
      jumlah: 9_007_199_254_000,
      persentase: 2.75,
      tipe: 'pokok',
      jaminan: 'BPKB motor',
      keterangan: null,
      durasi_angsuran: 12,
      status: 'aktif',
      sisa_pokok: 1_234_567,
      total_pembayaran: 0,
      angsuran_per_bulan: 127_123,
      kwitansi: null,
      // Microseconds and a time zone other than UTC: the JSON text carries both.
      created_at: sql<Date>`'2026-03-01 08:15:30.123456+07'::timestamptz`,
    })
    .execute();
});

const instants = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date || /_at$/.test(key) ? (value === null ? null : new Date(value as string).toISOString()) : value,
    ]),
  );

describe('selectJsonRows', () => {
  const columns = [
    'pinjaman.id',
    'pinjaman.jumlah',
    'pinjaman.persentase',
    'pinjaman.tanggal_pinjam',
    'pinjaman.urutan_pinjaman_generated',
    'pinjaman.keterangan',
    'pinjaman.created_at',
    'nasabah.nama as nasabah_nama',
    'nasabah.telepon as nasabah_telepon',
  ] as const;
  const joined = () => handle.db.selectFrom('pinjaman').innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id');

  it('gives every field the value the ordinary select gives', async () => {
    const [plain] = await joined().select(columns).execute();
    const page = joined()
      .select(columns)
      .select(sortKeyColumn(sql.ref('pinjaman.id')))
      .orderBy('pinjaman.id')
      .limit(10);
    const [json] = await selectJsonRows(handle.db, page, 'asc');
    expect(instants(json!)).toEqual({ ...instants(plain!), __key: plain!.id });
    expect(json).toMatchObject({
      jumlah: 9_007_199_254_000,
      persentase: 2.75,
      tanggal_pinjam: '2026-03-01',
      nasabah_telepon: null,
      keterangan: null,
    });
    expect(new Date(json!.created_at).toISOString()).toBe('2026-03-01T01:15:30.123Z');
    expect(instantText(json!.created_at)).toBe('2026-03-01T01:15:30.123Z');
    expect(instantText(json!.created_at)).toBe(instantText(plain!.created_at));
    const [customer] = await selectJsonRows(
      handle.db,
      handle.db
        .selectFrom('nasabah')
        .selectAll()
        .select(sortKeyColumn(sql.ref('nasabah.id')))
        .limit(1),
      'asc',
    );
    expect(customer).toMatchObject({
      nama: 'Siti "Ani" Rahma\\n',
      telepon: null,
      tanggal_nasabah: '2026-02-28',
      tanggal_nasabah_generated: false,
    });
  });

  it("keeps the page's order, ties broken by id, in both directions", async () => {
    const { db } = handle;
    const names = ['Budi', 'ani', 'Citra', 'budi', 'Ani', 'Dewi', null];
    await db
      .insertInto('nasabah')
      .values(names.map((nama, i) => ({ nama: nama ?? `Tanpa alamat ${i}`, alamat: nama, status: 'aktif' as const })))
      .execute();
    for (const direction of ['asc', 'desc'] as const) {
      const page = () =>
        db
          .selectFrom('nasabah')
          .select(['id', 'nama', 'alamat'])
          .orderBy(sql`lower(alamat)`, direction)
          .orderBy('id', direction)
          .limit(5)
          .offset(1);
      const expected = await page().execute();
      const rows = await selectJsonRows(db, page().select(sortKeyColumn(sql`lower(alamat)`)), direction);
      expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      expect(rows).toHaveLength(5);
    }
  });
});

describe('instantText', () => {
  it('gives exactly what Date.prototype.toISOString gives', () => {
    const texts = [
      '2026-03-01T01:15:30+00:00',
      '2026-03-01T01:15:30.1+00:00',
      '2026-03-01T01:15:30.12+00:00',
      '2026-03-01T01:15:30.123+00:00',
      '2026-03-01T01:15:30.1239+00:00',
      '2026-03-01T01:15:30.999999+00:00',
      '1999-12-31T23:59:59.000001+00:00',
      '2026-03-01T08:15:30.123456+07:00',
      '2026-03-01T08:15:30.5-03:30',
    ];
    for (const text of texts) expect(instantText(text), text).toBe(new Date(text).toISOString());
    expect(instantText('2026-03-01T01:15:30.12+00')).toBe('2026-03-01T01:15:30.120Z');
    const date = new Date(Date.UTC(2026, 10, 23, 1, 2, 3, 45));
    expect(instantText(date)).toBe('2026-11-23T01:02:03.045Z');
    // Random instants written the way PostgreSQL writes them in UTC (trailing zeros dropped).
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i += 1) {
      const ms = Math.floor(random() * 4e12);
      const micros = String(Math.floor(random() * 1000)).padStart(3, '0');
      const [whole, fraction] = new Date(ms).toISOString().slice(0, -1).split('.');
      const digits = `${fraction}${micros}`.replace(/0+$/, '');
      const text = `${whole}${digits ? `.${digits}` : ''}+00:00`;
      expect(instantText(text), text).toBe(new Date(text).toISOString());
    }
  });
});
