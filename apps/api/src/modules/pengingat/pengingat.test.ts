import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPengingatSetting, jakartaInstant, type PengingatSetting, type PengingatSettingsResponse } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { postLoan } from '../../test/populate';
import { activityDescriptions } from '../../test/rows';
import { manualClock } from '../../lib/clock';
import type { SimulatorGateway } from '../../lib/whatsapp/simulator';
import { PLANNER_JOB, forgetPlan, planReminders } from './pengingat.service';
import { EXPIRED_MESSAGE } from './pengingat.repository';

// Reminders to customers (issue 24, part B) through the real server: the setting with its field
// errors, the day's plan (once per loan, instalment and stage), the sender (window, pause, cap,
// the check right before sending, expiry at the day's end), a reminder by hand, and a customer's
// BERHENTI. The clock is the test's: Monday 2 March 2026, Jakarta.

const wib = (date: string, hhmm: string) => jakartaInstant(date, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
const clock = manualClock(wib('2026-03-02', '09:00'));
const pauses: number[] = [];
let t: TestApp;
let operatorToken: string;
const sim = () => t.app.wa.gateway as SimulatorGateway;

const on: PengingatSetting = { ...structuredClone(defaultPengingatSetting), aktif: true };
const put = (payload: unknown, token?: string) =>
  t.request({ method: 'PUT', url: '/api/settings/pengingat', payload: payload as object, ...(token ? { token } : {}) });
const get = async () =>
  (await t.request({ method: 'GET', url: '/api/settings/pengingat' })).json().data as PengingatSettingsResponse;
const reminders = () =>
  t.app.db
    .selectFrom('wa_messages')
    .select(['id', 'idempotency_key', 'phone_number', 'nama', 'text', 'status', 'error', 'acara', 'untuk_tanggal', 'jatuh_tempo'])
    .where('jenis', '=', 'pengingat')
    .orderBy('id')
    .execute();
const settle = async () => {
  await t.app.reminders.idle();
  await t.app.reminders.kick();
  await t.app.reminders.idle();
};
const plan = (tanggal: string) => planReminders(t.app.db, 'BMT Amanah', tanggal, { span: 3 });

async function customer(nama: string, telepon: string | null, extra: Record<string, unknown> = {}) {
  return (
    await t.app.db
      .insertInto('nasabah')
      .values({ nama, telepon, status: 'aktif', ...extra })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** Customers and loans of the day: due in 3 days (H-3), today (H), yesterday (H+1), and ones never reminded. */
const loans: Record<string, number> = {};
const people: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp(
    { institutionName: 'BMT Amanah' },
    {
      clock,
      reminders: {
        sleep: async (ms) => {
          pauses.push(ms);
        },
        random: () => 0.5,
      },
    },
  );
  operatorToken = (await t.createUser({ username: 'operator1', password: 'rahasia-operator-1', role: 'operator' })).token;
  people.siti = await customer('Siti Aminah', '0812-3456-7890');
  people.budi = await customer('Budi Santoso', '+62 813 1111 2222');
  people.rina = await customer('Rina Wati', '081355556666');
  people.menolak = await customer('Pak Menolak', '081377778888', { terima_pengingat: false });
  people.nonaktif = await customer('Bu Nonaktif', '081399990000', { status: 'nonaktif' });
  people.telepon = await customer('Tanpa WA', '021-555-1234');
  people.gagal = await customer('Nomor Gagal', '081200000000');
  const loan = (key: string, who: string, tanggal_pinjam: string, extra: Record<string, unknown> = {}) =>
    postLoan(t, people[who]!, { nomor_pinjaman: key, tanggal_pinjam, jumlah: 12_000_000, persentase: 1, ...extra }).then(
      (l) => (loans[key] = l.id),
    );
  await loan('H3', 'siti', '2026-02-05'); // instalment 1 due 5 March: H-3 today
  await loan('H0', 'budi', '2026-02-02'); // due today
  await loan('H1', 'rina', '2026-01-01'); // instalment 2 due 1 March: H+1 today (instalment 1 is late too)
  await loan('TOLAK', 'menolak', '2026-02-05');
  await loan('TELP', 'telepon', '2026-02-05');
  await loan('GAGAL', 'gagal', '2026-02-05');
  // A customer made inactive after the loan was granted.
  await loan('NONAKTIF', 'siti', '2026-02-05', { urutan_pinjaman: 2 });
  await t.app.db.updateTable('pinjaman').set({ nasabah_id: people.nonaktif! }).where('id', '=', loans.NONAKTIF!).execute();
  // A Murabahah paid ahead: nothing to remind.
  await loan('LUNASDULU', 'budi', '2026-02-05', { urutan_pinjaman: 2 });
  const paid = await t.request({
    method: 'POST',
    url: '/api/pembayaran',
    payload: { pinjaman_id: loans.LUNASDULU, tanggal: '2026-03-01', jumlah: 1_120_000, jenis: 'angsuran', angsuran_ke: 1 },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/create' })).statusCode).toBeLessThan(300);
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.reminders.idle();
  await t.app.db.deleteFrom('wa_messages').execute();
  await t.app.db.deleteFrom('job_runs').where('job', '=', PLANNER_JOB).execute();
  await t.app.db
    .updateTable('nasabah')
    .set({ terima_pengingat: true })
    .where('id', 'in', [people.siti!, people.budi!, people.rina!])
    .execute();
  sim().sent.length = 0;
  pauses.length = 0;
  clock.set(wib('2026-03-02', '09:00'));
});

describe('GET/PUT /api/settings/pengingat', () => {
  it('is off by default with H-3, H, H+1, H+7 and the values of a real loan for the preview', async () => {
    await put({ ...on, aktif: false });
    const data = await get();
    expect(data.bawaan).toEqual(defaultPengingatSetting);
    expect(data.bawaan.aktif).toBe(false);
    expect(data.setting.tahap.map((s) => s.hari)).toEqual([-3, 0, 1, 7]);
    expect(data.contoh).toMatchObject({ lembaga: 'BMT Amanah' });
    expect(data.contoh!.angsuran_ke).toMatch(/^\d+$/);
    expect(data.contoh!.jumlah).toMatch(/^Rp [\d.]+$/);
    // The stages after the due date are previewed on a loan in arrears (Rina's, 29 days).
    expect(data.contoh_tunggakan).toMatchObject({ nama_nasabah: 'Rina Wati', hari_tunggakan: '29' });
  });

  it.each([
    [{ mulai: '20:00', selesai: '08:00' }, 'selesai', 'Jam selesai harus setelah jam mulai'],
    [{ mulai: '8:00' }, 'mulai', 'Jam mulai harus berformat JJ:MM, misalnya 08:00'],
    [{ jeda_detik: { min: 50, max: 20 } }, 'jeda_detik.max', 'Jeda minimal tidak boleh lebih dari jeda maksimal'],
    [{ batas_harian: 0 }, 'batas_harian', 'Batas harian harus bilangan bulat 1 sampai 1000'],
    [{ hari_kirim: [] }, 'hari_kirim', 'Pilih paling sedikit satu hari kirim'],
    [{ libur: ['2026-02-30'] }, 'libur.0', 'Format tanggal tidak valid'],
    [{ tahap: [{ hari: -3, template: 'Halo {nama}' }] }, 'tahap.0.template', 'Placeholder {nama} tidak dikenal'],
    [
      {
        tahap: [
          { hari: 1, template: 'a' },
          { hari: 1, template: 'b' },
        ],
      },
      'tahap',
      'Dua tahap tidak boleh pada hari yang sama',
    ],
  ])('refuses %j with a field error and stores nothing', async (change, path, message) => {
    const before = await get();
    const res = await put({ ...on, ...change });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Array<{ path: string; msg: string }>;
    expect(errors.find((e) => e.path === path)?.msg ?? JSON.stringify(errors)).toContain(message);
    expect((await get()).diubah_pada).toBe(before.diubah_pada);
  });

  it('is changed by an administrator only, and says who changed it', async () => {
    expect((await put(on, operatorToken)).statusCode).toBe(403);
    const res = await put(on);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Pengaturan pengingat disimpan.');
    expect(res.json().data.diubah_oleh).toBeTruthy();
    expect((await t.request({ method: 'GET', url: '/api/settings/pengingat', token: operatorToken })).statusCode).toBe(200);
  });
});

describe('the day’s plan', () => {
  it('plans nothing while reminders are off, and the day when they are switched on', async () => {
    await put({ ...on, aktif: false });
    expect((await plan('2026-03-02')).outcome).toBe('off');
    expect(await reminders()).toEqual([]);
    clock.set(wib('2026-03-02', '07:00')); // before the window: planned, not sent
    await put(on);
    await t.app.reminders.idle();
    const rows = await reminders();
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(
      [
        `pengingat:${loans.H3}:1:-3`,
        `pengingat:${loans.H0}:1:0`,
        `pengingat:${loans.H1}:2:1`,
        `pengingat:${loans.GAGAL}:1:-3`,
      ].sort(),
    );
    expect(rows.every((r) => r.status === 'QUEUED' && r.untuk_tanggal === '2026-03-02')).toBe(true);
    const siti = rows.find((r) => r.idempotency_key.startsWith(`pengingat:${loans.H3}:`))!;
    expect(siti).toMatchObject({ phone_number: '6281234567890', nama: 'Siti Aminah', acara: 'H-3', jatuh_tempo: '2026-03-05' });
    expect(siti.text).toContain(
      'Assalamu’alaikum Siti Aminah. Kami mengingatkan angsuran ke-1 pembiayaan H3 sebesar Rp 1.120.000',
    );
    expect(siti.text).toContain('jatuh tempo pada 5 Maret 2026');
    const rina = rows.find((r) => r.idempotency_key.startsWith(`pengingat:${loans.H1}:`))!;
    expect(rina.text).toContain('yang jatuh tempo pada 1 Maret 2026 belum kami terima');
  });

  it('plans each reminder once: run again, forgotten and run again, by batches', async () => {
    await put(on);
    await t.app.reminders.idle();
    const first = await reminders();
    expect((await plan('2026-03-02')).outcome).toBe('already');
    await forgetPlan(t.app.db, '2026-03-02');
    const again = await plan('2026-03-02');
    expect(again).toEqual({ outcome: 'done', planned: 0 });
    expect((await reminders()).map((r) => r.idempotency_key)).toEqual(first.map((r) => r.idempotency_key));
  });

  it('plans nothing on a Sunday or a national holiday', async () => {
    await put(on);
    await t.app.reminders.idle();
    await t.app.db.deleteFrom('wa_messages').execute();
    expect(await plan('2026-03-01')).toEqual({ outcome: 'done', planned: 0 }); // Sunday
    expect(await plan('2026-03-19')).toEqual({ outcome: 'done', planned: 0 }); // Nyepi
    expect(await reminders()).toEqual([]);
  });

  it('finds instalments due on a month’s last day (a loan of the 31st)', async () => {
    await put(on);
    await t.app.reminders.idle();
    const id = (
      await postLoan(t, people.rina!, {
        nomor_pinjaman: 'AKHIR',
        urutan_pinjaman: 2,
        tanggal_pinjam: '2026-01-31',
        jumlah: 6_000_000,
        persentase: 1,
      })
    ).id;
    // Instalment 1 falls on 28 February 2026: H-3 is Wednesday 25 February.
    await plan('2026-02-25');
    expect((await reminders()).map((r) => r.idempotency_key)).toContain(`pengingat:${id}:1:-3`);
    // Out of the later tests' way (a loan with money events is never removed, only deleted as staff delete it).
    await t.app.db.updateTable('pinjaman').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  });
});

describe('sending', () => {
  it('sends in the window in due-date order with the pause between two, each once', async () => {
    await put(on);
    await settle();
    const rows = await reminders();
    // Earliest due date first: Rina's (1 March), Budi's (today), Siti's (5 March).
    expect(sim().sent.map((s) => s.phone)).toEqual(['6281355556666', '6281311112222', '6281234567890']);
    expect(rows.find((r) => r.acara === 'H-3' && r.status === 'FAILED')?.phone_number).toMatch(/0000$/);
    expect(sim().sent).toHaveLength(3);
    // A random pause of 20–45 s (random 0.5 → 33 s) before each reminder after the first.
    expect(pauses.length).toBeGreaterThanOrEqual(2);
    for (const ms of pauses) expect(ms).toBeGreaterThan(0);
    for (const ms of pauses) expect(ms).toBeLessThanOrEqual(33_000);
    await settle();
    expect(sim().sent).toHaveLength(3);
  });

  it.each([
    ['07:59', 0],
    ['08:00', 3],
    ['19:59', 3],
    ['20:00', 0],
  ])('at %s Jakarta sends %i', async (hhmm, count) => {
    clock.set(wib('2026-03-02', hhmm));
    await put(on);
    await settle();
    expect(sim().sent).toHaveLength(count);
  });

  it('keeps to the day’s cap (the first week’s for a new number), and the rest expire at midnight', async () => {
    await put({ ...on, batas_harian: 5, batas_minggu_pertama: 1 });
    await settle();
    expect(sim().sent).toHaveLength(1);
    const summary = (await t.request({ method: 'GET', url: '/api/wa-messages/ringkasan' })).json().data;
    expect(summary).toMatchObject({ batas: 1, sisa_batas: 0 });
    clock.set(wib('2026-03-02', '23:59'));
    await settle();
    expect((await reminders()).filter((r) => r.status === 'QUEUED')).toHaveLength(3);
    clock.set(wib('2026-03-03', '00:00'));
    await settle();
    const expired = (await reminders()).filter((r) => r.status === 'EXPIRED');
    expect(expired).toHaveLength(3);
    expect(expired[0]!.error).toBe(EXPIRED_MESSAGE);
  });

  it('the linked number’s second week has the full cap', async () => {
    await t.app.db
      .updateTable('wa_linked_numbers')
      .set({ linked_at: wib('2026-02-23', '09:00') })
      .execute();
    await put({ ...on, batas_harian: 2, batas_minggu_pertama: 1 });
    await settle();
    expect(sim().sent).toHaveLength(2);
    await t.app.db
      .updateTable('wa_linked_numbers')
      .set({ linked_at: wib('2026-03-01', '09:00') })
      .execute();
  });

  it('checks again right before sending: paid meanwhile or opted out → SKIPPED with the reason', async () => {
    clock.set(wib('2026-03-02', '07:30'));
    await put(on);
    await t.app.reminders.idle();
    const pay = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: { pinjaman_id: loans.H3, tanggal: '2026-03-02', jumlah: 1_120_000, jenis: 'angsuran', angsuran_ke: 1 },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    await t.app.db.updateTable('nasabah').set({ terima_pengingat: false }).where('id', '=', people.budi!).execute();
    clock.set(wib('2026-03-02', '08:00'));
    await settle();
    const rows = await reminders();
    expect(rows.find((r) => r.acara === 'H-3' && r.nama === 'Siti Aminah')).toMatchObject({
      status: 'SKIPPED',
      error: 'Angsuran sudah dibayar',
    });
    expect(rows.find((r) => r.nama === 'Budi Santoso')).toMatchObject({
      status: 'SKIPPED',
      error: 'Nasabah menolak pengingat WhatsApp',
    });
    expect(sim().sent.map((s) => s.phone)).not.toContain('6281234567890');
    await t.request({ method: 'DELETE', url: `/api/pembayaran/${pay.json().data.id}` });
  });

  it('waits while WhatsApp is not connected', async () => {
    // Disconnected before the reminders are turned on: nothing can go out before the check below.
    await sim().logout();
    await put(on);
    await settle();
    expect((await reminders()).every((r) => r.status === 'QUEUED')).toBe(true);
    await t.request({ method: 'POST', url: '/api/wa-sessions/create' });
    await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' });
    await settle();
    expect(sim().sent).toHaveLength(3);
  });
});

describe('a reminder by hand (POST /api/pinjaman/:id/pengingat)', () => {
  it('fills the stage that fits and sends the edited text to the customer’s own number', async () => {
    await put(on);
    await settle();
    sim().sent.length = 0;
    const preview = await t.request({ method: 'GET', url: `/api/pinjaman/${loans.H1}/pengingat`, token: operatorToken });
    expect(preview.statusCode).toBe(200);
    // Her oldest instalment (1 February) is 29 days late: the H+7 text, with the arrears of both instalments.
    expect(preview.json().data).toMatchObject({ nama: 'Rina Wati', nomor: '6281355556666', tahap: 'H+7', alasan: null });
    expect(preview.json().data.teks).toContain('Pembiayaan H1 memiliki tunggakan Rp 2.240.000 (29 hari)');
    const res = await t.request({
      method: 'POST',
      url: `/api/pinjaman/${loans.H1}/pengingat`,
      token: operatorToken,
      payload: { teks: 'Bu Rina, mohon angsurannya. Terima kasih.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Pengingat terkirim ke Rina Wati.', data: { jenis: 'manual', status: 'SENT' } });
    expect(sim().sent).toEqual([
      expect.objectContaining({ phone: '6281355556666', text: 'Bu Rina, mohon angsurannya. Terima kasih.' }),
    ]);
    const [activity] = await activityDescriptions(t.app.db, 'pinjaman.pengingat');
    expect(activity).toBe('Pengingat WhatsApp dikirim ke Rina Wati (H1)');
  });

  it('refuses outside the window, to an opted-out customer, an empty text, an unknown loan', async () => {
    // Switched on on a Sunday: nothing is planned, so nothing goes out behind the test's back.
    clock.set(wib('2026-03-01', '10:00'));
    await put(on);
    await t.app.reminders.idle();
    const sunday = await t.request({ method: 'POST', url: `/api/pinjaman/${loans.H1}/pengingat`, payload: { teks: 'Halo' } });
    expect(sunday.statusCode).toBe(409);
    expect(sunday.json().message).toBe(
      'Pesan ke nasabah hanya dikirim Senin–Sabtu pukul 08:00–20:00 WIB, kecuali hari libur (POJK 22/2023 Pasal 62). Kirim lagi mulai 2 Maret 2026 pukul 08.00.',
    );
    clock.set(wib('2026-03-02', '10:00'));
    const refused = await t.request({ method: 'POST', url: `/api/pinjaman/${loans.TOLAK}/pengingat`, payload: { teks: 'Halo' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Nasabah menolak pengingat WhatsApp');
    // A macet loan may be reminded by hand (only the automatic reminders are for active loans); a lunas one not.
    await t.app.db.updateTable('pinjaman').set({ status: 'macet' }).where('id', '=', loans.H1!).execute();
    const macet = await t.request({ method: 'GET', url: `/api/pinjaman/${loans.H1}/pengingat` });
    expect(macet.json().data).toMatchObject({ tahap: 'H+7', alasan: null });
    await t.app.db.updateTable('pinjaman').set({ status: 'lunas' }).where('id', '=', loans.H1!).execute();
    const lunas = await t.request({ method: 'GET', url: `/api/pinjaman/${loans.H1}/pengingat` });
    expect(lunas.json().data).toMatchObject({ tahap: null, teks: '', alasan: 'Pinjaman sudah lunas' });
    await t.app.db.updateTable('pinjaman').set({ status: 'aktif' }).where('id', '=', loans.H1!).execute();
    const empty = await t.request({ method: 'POST', url: `/api/pinjaman/${loans.H1}/pengingat`, payload: { teks: '  ' } });
    expectFieldError(empty, 'teks', 'Teks pengingat wajib diisi');
    const missing = await t.request({ method: 'GET', url: '/api/pinjaman/999999/pengingat' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pinjaman tidak ditemukan');
    expect(sim().sent).toEqual([]);
  });
});

describe('Kirim ulang of a reminder', () => {
  it('checks it again: an instalment paid meanwhile is not resent', async () => {
    await put(on);
    await settle();
    const failed = (await reminders()).find((r) => r.status === 'FAILED')!;
    const pay = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: { pinjaman_id: loans.GAGAL, tanggal: '2026-03-02', jumlah: 1_120_000, jenis: 'angsuran', angsuran_ke: 1 },
    });
    expect(pay.statusCode).toBe(201);
    const res = await t.request({ method: 'POST', url: `/api/wa-messages/${failed.id}/kirim-ulang` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Pengingat tidak dikirim ulang: Angsuran sudah dibayar');
    expect((await reminders()).find((r) => r.id === failed.id)?.status).toBe('FAILED');
    await t.request({ method: 'DELETE', url: `/api/pembayaran/${pay.json().data.id}` });
  });
});

describe('a customer’s BERHENTI', () => {
  const incoming = (phone: string, text: string) =>
    t.request({ method: 'POST', url: '/api/wa-sessions/simulator/pesan-masuk', payload: { phone, text } });
  const replies = () =>
    t.app.db.selectFrom('wa_messages').select(['phone_number', 'text', 'status']).where('jenis', '=', 'balasan').execute();
  /** Whether Siti still takes reminders, as stored. */
  const sitiTakesReminders = async () =>
    (await t.app.db.selectFrom('nasabah').select('terima_pengingat').where('id', '=', people.siti!).executeTakeFirstOrThrow())
      .terima_pengingat;

  it('turns the reminders off, logs it, and confirms once', async () => {
    await put(on);
    await settle();
    expect((await incoming('0812-3456-7890', 'Berhenti')).statusCode).toBe(200);
    expect(await sitiTakesReminders()).toBe(false);
    expect(await replies()).toEqual([
      {
        phone_number: '6281234567890',
        status: 'SENT',
        text: 'Permintaan Anda kami terima. BMT Amanah tidak akan lagi mengirim pengingat angsuran lewat WhatsApp ke nomor ini. Bila ingin menerimanya kembali, silakan hubungi kantor kami.',
      },
    ]);
    expect(await activityDescriptions(t.app.db, 'nasabah.berhenti_pengingat')).toEqual([
      'Siti Aminah meminta berhenti menerima pengingat WhatsApp (balasan "Berhenti" dari 6281234567890)',
    ]);
    await incoming('6281234567890', 'STOP');
    expect(await replies()).toHaveLength(1);
    const detail = await t.request({ method: 'GET', url: `/api/nasabah/${people.siti}` });
    expect(detail.json().data.terima_pengingat).toBe(false);
  });

  it('leaves other texts and numbers never written to alone', async () => {
    await put(on);
    await settle();
    await incoming('6281234567890', 'Baik, terima kasih');
    await incoming('6289999999999', 'STOP');
    expect(await replies()).toEqual([]);
    expect(await sitiTakesReminders()).toBe(true);
  });

  it('refuses a bad number, and while not connected', async () => {
    const bad = await incoming('abc', 'STOP');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'phone', msg: 'Format nomor telepon tidak valid. Gunakan format 08xxx atau 62xxx' },
    ]);
    await sim().logout();
    const off = await incoming('6281234567890', 'STOP');
    expect(off.statusCode).toBe(409);
    await t.request({ method: 'POST', url: '/api/wa-sessions/create' });
    await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' });
  });
});
