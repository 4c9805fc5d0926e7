/**
 * Idempotent writes (issue 51): a payment sent three times, and twice at once, with one
 * `Idempotency-Key` makes one payment and one balance change, each answer the first's; the key
 * with another body is refused with 422; a key belongs to its user; a malformed key is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { countRows } from '../test/rows';
import { loanFormFields, multipart, paymentPayload, pngBytes, postLoan, postNasabah } from '../test/populate';
import { idempotencyMessages } from './idempotency';

let t: TestApp;
let operator: { id: number; token: string };
let loanId: number;

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.createUser({ username: 'kasir1', password: 'rahasia-kasir-123', role: 'operator' });
  loanId = (await postLoan(t, await postNasabah(t), { jumlah: 12_000_000 })).id;
});
afterAll(async () => {
  await t.close();
});

const send = (key: string | null, payload: Record<string, unknown>, token?: string) =>
  t.request({
    method: 'POST',
    url: '/api/pembayaran',
    payload,
    headers: key === null ? {} : { 'idempotency-key': key },
    ...(token ? { token } : {}),
  });
const loanRow = () =>
  t.app.db.selectFrom('pinjaman').select(['total_pembayaran', 'sisa_pokok']).where('id', '=', loanId).executeTakeFirstOrThrow();
const paymentsOfLoan = async () =>
  (await t.app.db.selectFrom('pembayaran').select('id').where('pinjaman_id', '=', loanId).execute()).length;

describe('POST /api/pembayaran with an Idempotency-Key', () => {
  it('sent three times makes one payment and one balance change; every answer is the first', async () => {
    const before = {
      payments: await paymentsOfLoan(),
      row: await loanRow(),
      events: await countRows(t.app.db, 'mutasi_pinjaman'),
    };
    const body = paymentPayload(loanId, { angsuran_ke: 1, tanggal: '2024-02-29' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send('bayar-angsuran-1-abc', body));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(answers.map((a) => a.headers['idempotent-replayed'])).toEqual([undefined, 'true', 'true']);
    expect(answers[2]!.body).toBe(answers[0]!.body);
    expect(await paymentsOfLoan()).toBe(before.payments + 1);
    expect((await loanRow()).total_pembayaran).toBe(before.row.total_pembayaran + 1_240_000);
    expect(await countRows(t.app.db, 'mutasi_pinjaman')).toBe(before.events + 1);
  });

  it('sent twice at once makes one payment', async () => {
    const before = await paymentsOfLoan();
    const body = paymentPayload(loanId, { angsuran_ke: 2, tanggal: '2024-03-31' });
    const [a, b] = await Promise.all([send('serentak-2', body), send('serentak-2', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await paymentsOfLoan()).toBe(before + 1);
  });

  it('refuses the key with another body (422) and writes nothing', async () => {
    const first = await send('kunci-dipakai', paymentPayload(loanId, { angsuran_ke: 3, tanggal: '2024-04-30' }));
    expect(first.statusCode).toBe(201);
    const before = await paymentsOfLoan();
    const other = await send('kunci-dipakai', paymentPayload(loanId, { angsuran_ke: 4, tanggal: '2024-05-31' }));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ success: false, message: idempotencyMessages.otherBody });
    expect(await paymentsOfLoan()).toBe(before);
  });

  it('answers a refusal again for the same body, and keeps the key of another user apart', async () => {
    const refused = paymentPayload(999_999, { angsuran_ke: 1 });
    const a = await send('pinjaman-tidak-ada', refused);
    const b = await send('pinjaman-tidak-ada', refused);
    expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
    expect(b.body).toBe(a.body);
    const before = await paymentsOfLoan();
    const body = paymentPayload(loanId, { angsuran_ke: 5, tanggal: '2024-06-30' });
    const mine = await send('kunci-bersama', body);
    const theirs = await send('kunci-bersama', { ...body, angsuran_ke: 6, tanggal: '2024-07-31' }, operator.token);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(await paymentsOfLoan()).toBe(before + 2);
  });

  it('without a key, two sends are two payments', async () => {
    const before = await paymentsOfLoan();
    const body = paymentPayload(loanId, { angsuran_ke: null, jenis: 'pokok', jumlah: 10_000, tanggal: '2024-08-01' });
    expect((await send(null, body)).statusCode).toBe(201);
    expect((await send(null, body)).statusCode).toBe(201);
    expect(await paymentsOfLoan()).toBe(before + 2);
  });

  it('refuses a malformed key with a 400 in Indonesian, before anything is written', async () => {
    const before = await paymentsOfLoan();
    for (const key of ['dengan spasi', 'x'.repeat(256)]) {
      const res = await send(key, paymentPayload(loanId, { angsuran_ke: 7, tanggal: '2024-08-31' }));
      expect(res.statusCode, key).toBe(400);
      expect(JSON.stringify(res.json())).toContain(idempotencyMessages.header);
    }
    expect(await paymentsOfLoan()).toBe(before);
  });

  it('a loan sent twice as multipart with its receipt photo is one loan', async () => {
    const nasabahId = await postNasabah(t, { nik: '3201000000000777', nama: 'Siti Berfoto' });
    const before = await countRows(t.app.db, 'pinjaman');
    const form = multipart(loanFormFields(nasabahId, { nomor_pinjaman: 'IK-001' }), {
      filename: 'k.png',
      type: 'image/png',
      data: pngBytes(),
    });
    const sendLoan = () =>
      t.request({
        method: 'POST',
        url: '/api/pinjaman',
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': 'pinjaman-foto-1' },
      });
    const [a, b] = [await sendLoan(), await sendLoan()];
    expect([a.statusCode, b.statusCode], b.body).toEqual([201, 201]);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await countRows(t.app.db, 'pinjaman')).toBe(before + 1);
  });

  it('is documented: the header on every create of money or records, 409 and 422 among its answers', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { operationId: string; parameters?: { in: string; name: string }[]; responses: object }>
      >;
    };
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const withKey = ops.filter((op) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'));
    expect(withKey.map((op) => op.operationId).sort()).toEqual([
      'createNasabah',
      'createPelunasan',
      'createPembayaran',
      'createPinjaman',
      'createTawidh',
      'terimaTazir',
    ]);
    for (const op of withKey) expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
  });
});
