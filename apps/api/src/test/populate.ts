import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Insertable } from 'kysely';
import type { NasabahTable } from '../db/schema';
import type { TestApp } from './test-app';

/** A PNG by its magic bytes (the upload check reads the content, not the name). */
export const pngBytes = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)]);

/** A file part of `multipart`, under the field `kwitansi` unless `field` says otherwise. */
export interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
  field?: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it, with an optional file: a field
 * `undefined` is left out, `null` is sent empty (as a form sends a cleared input).
 */
export function multipart(fields: Record<string, string | number | null | undefined>, file?: FilePart) {
  const boundary = `----mizan${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value ?? ''}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'kwitansi'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The spec's worked example of a loan: A001, a Murabahah of Rp 12.000.000 at 2 % for 12 months from 2024-01-31. */
export const workedExampleLoan = {
  nomor_pinjaman: 'A001',
  tanggal_pinjam: '2024-01-31',
  jumlah: 12_000_000,
  persentase: 2,
  tipe: 'pokok',
  durasi_angsuran: 12,
} as const;

/**
 * A loan as the loan form sends it (for `multipart`): the worked example with a BPKB as
 * collateral, unless `fields` say otherwise.
 */
export const loanFormFields = (nasabahId: number, fields: Record<string, string | number | null | undefined> = {}) => ({
  nasabah_id: nasabahId,
  ...workedExampleLoan,
  jaminan: 'BPKB motor',
  ...fields,
});

async function created<T>(res: { statusCode: number; body: string; json(): { data: T } }, what: string): Promise<T> {
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export interface Populated {
  operator: { id: number; token: string };
  nasabah: { id: number }[];
  loans: { id: number; kwitansi: string | null }[];
  payments: { id: number }[];
  recipients: { id: number }[];
}

/**
 * A small but complete book through the API: an operator, customers, loans (one with a PNG
 * receipt, one soft-deleted), payments (one soft-deleted) and WhatsApp recipients.
 */
export async function populate(t: TestApp, options: { customers?: number } = {}): Promise<Populated> {
  const operator = await t.createUser({ username: 'operator1', password: 'rahasia-operator-1', role: 'operator' });
  const nasabah: { id: number }[] = [];
  for (let i = 1; i <= (options.customers ?? 3); i++) {
    const res = await t.request({
      method: 'POST',
      url: '/api/nasabah',
      payload: {
        nama: `Nasabah ${i} <b>'"`,
        nik: `32010000000${String(i).padStart(5, '0')}`,
        telepon: '0812-3456-7890',
        alamat: `Jl. Mawar No. ${i}, RT 01/RW 02 — Bogor 💰`,
        kecamatan: 'Cibinong',
        kota: 'Bogor',
      },
    });
    nasabah.push(await created(res, 'nasabah'));
  }
  const loanFields = (nasabahId: number, nomor: string) => loanFormFields(nasabahId, { nomor_pinjaman: nomor });
  const loans: { id: number; kwitansi: string | null }[] = [];
  loans.push(
    await created(
      await t.request({
        method: 'POST',
        url: '/api/pinjaman',
        ...multipart(loanFields(nasabah[0]!.id, 'A001'), { filename: 'k.png', type: 'image/png', data: pngBytes() }),
      }),
      'loan with receipt',
    ),
  );
  loans.push(
    await created(await t.request({ method: 'POST', url: '/api/pinjaman', payload: loanFields(nasabah[1]!.id, 'A002') }), 'loan'),
  );
  const gone = await created<{ id: number; kwitansi: string | null }>(
    await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      payload: { ...loanFields(nasabah[1]!.id, 'A003'), tipe: 'non-pokok', durasi_angsuran: null },
    }),
    'loan to delete',
  );
  const del = await t.request({ method: 'DELETE', url: `/api/pinjaman/${gone.id}` });
  if (del.statusCode !== 200) throw new Error(`delete loan: ${del.statusCode} ${del.body}`);
  loans.push(gone);

  const payments: { id: number }[] = [];
  for (const [loan, ke] of [
    [loans[0]!, 1],
    [loans[0]!, 2],
    [loans[1]!, 1],
  ] as const) {
    const res = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: {
        pinjaman_id: loan.id,
        tanggal: `2024-0${ke + 1}-15`,
        jumlah: 1_240_000,
        jenis: 'angsuran',
        keterangan: `Angsuran ke-${ke}`,
        angsuran_ke: ke,
      },
    });
    payments.push(await created(res, 'payment'));
  }
  const delPayment = await t.request({ method: 'DELETE', url: `/api/pembayaran/${payments[2]!.id}` });
  if (delPayment.statusCode !== 200) throw new Error(`delete payment: ${delPayment.statusCode} ${delPayment.body}`);

  const recipients: { id: number }[] = [];
  for (const [name, phone] of [
    ['Pak Ahmad', '081234567890'],
    ['Bu Siti', '6285712345678'],
  ]) {
    const res = await t.request({
      method: 'POST',
      url: '/api/wa-notification-recipients',
      payload: { name, phone_number: phone, status: 'active' },
    });
    recipients.push(await created(res, 'recipient'));
  }
  return { operator, nasabah, loans, payments, recipients };
}

/** A customer for `POST /api/nasabah`: Budi Santoso of Cibinong unless `fields` say otherwise. */
export const nasabahPayload = (fields: Record<string, unknown> = {}) => ({
  nama: 'Budi Santoso',
  nik: '3201000000000001',
  telepon: '081234567890',
  alamat: 'Jl. Mawar 1',
  kecamatan: 'Cibinong',
  kota: 'Bogor',
  ...fields,
});

/** Records a customer through `POST /api/nasabah` (`nasabahPayload`); answers its id. */
export async function postNasabah(t: TestApp, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: nasabahPayload(fields) });
  return (await created<{ id: number }>(res, 'postNasabah')).id;
}

let nikCounter = 0;
/** A NIK not used before in this test file: 3201 and a running number. */
export const nextNik = () => `3201${String(++nikCounter).padStart(12, '0')}`;

/**
 * Writes a customer straight to the database, for tests of another module than the customer's:
 * aktif, of Jl. Melati 1, Cibinong, Bogor, with a fresh NIK (`nextNik`) unless `fields` say otherwise.
 */
export async function addNasabah(t: TestApp, nama: string, fields: Partial<Insertable<NasabahTable>> = {}) {
  return t.app.db
    .insertInto('nasabah')
    .values({
      nama,
      telepon: '081234567890',
      alamat: 'Jl. Melati 1',
      kecamatan: 'Cibinong',
      kota: 'Bogor',
      status: 'aktif',
      ...fields,
      // Only a customer without a NIK of its own takes the next one, so the sequence stays the same.
      nik: fields.nik === undefined ? nextNik() : fields.nik,
    })
    .returning(['id', 'nama', 'nik'])
    .executeTakeFirstOrThrow();
}

/**
 * A loan for `POST /api/pinjaman` as JSON: the worked example, the customer's first, unless
 * `fields` say otherwise.
 */
export const loanPayload = (nasabahId: number, fields: Record<string, unknown> = {}) => ({
  nasabah_id: nasabahId,
  ...workedExampleLoan,
  urutan_pinjaman: 1,
  jaminan: null,
  keterangan: null,
  ...fields,
});

/** Records a loan through `POST /api/pinjaman` as JSON (`loanPayload`). */
export async function postLoan<T extends { id: number } = { id: number }>(
  t: TestApp,
  nasabahId: number,
  fields: Record<string, unknown> = {},
): Promise<T> {
  const res = await t.request({ method: 'POST', url: '/api/pinjaman', payload: loanPayload(nasabahId, fields) });
  return created<T>(res, 'postLoan');
}

/**
 * A payment for `POST /api/pembayaran`: the first instalment of the worked example (Rp 1.240.000
 * on 2024-02-29) unless `fields` say otherwise.
 */
export const paymentPayload = (pinjamanId: number, fields: Record<string, unknown> = {}) => ({
  pinjaman_id: pinjamanId,
  tanggal: '2024-02-29',
  jumlah: 1_240_000,
  jenis: 'angsuran',
  keterangan: null,
  angsuran_ke: 1,
  ...fields,
});

/** Records a payment through `POST /api/pembayaran` (`paymentPayload`), as `token`'s user if given. */
export async function postPayment<T extends { id: number } = { id: number }>(
  t: TestApp,
  pinjamanId: number,
  fields: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await t.request({
    method: 'POST',
    url: '/api/pembayaran',
    payload: paymentPayload(pinjamanId, fields),
    ...(token === undefined ? {} : { token }),
  });
  return created<T>(res, 'postPayment');
}

/** The cashier most tests sign in: Siti Kasir, an operator (`fields` change her name). */
export const createKasir = (t: TestApp, fields: { nama_lengkap?: string } = {}) =>
  t.createUser({ username: 'kasir', password: 'rahasia-kasir-123', role: 'operator', nama_lengkap: 'Siti Kasir', ...fields });

/** The manager who decides what the four-eyes rule holds back: Pak Manajer. */
export const createManajer = (t: TestApp) =>
  t.createUser({ username: 'manajer', password: 'rahasia-manajer-1', role: 'manajer', nama_lengkap: 'Pak Manajer' });

/**
 * Approves (`setujui`) or rejects (`tolak`) an approval request through `POST /api/persetujuan/{id}/…`,
 * as `token`'s user (the administrator unless given), with `catatan` when given.
 */
export const decideRequest = (
  t: TestApp,
  requestId: number,
  decision: 'setujui' | 'tolak',
  { token, ...payload }: { token?: string; catatan?: string | null } = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/persetujuan/${requestId}/${decision}`,
    payload,
    ...(token === undefined ? {} : { token }),
  });

/** A real PNG image (width × height, one colour), as an image decoder reads it: for logos. */
export function realPng(width = 4, height = 4, rgb: [number, number, number] = [16, 110, 80]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
