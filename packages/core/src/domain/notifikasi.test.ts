import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  becameNonPerforming,
  defaultNotifikasiTemplates,
  kolektibilitasMemburukValues,
  notifikasiEvents,
  notifikasiPlaceholders,
  pembayaranBaruValues,
  placeholderDescriptions,
  rekapHarianValues,
  renderTemplate,
  templateProblem,
  TEMPLATE_MAX_LENGTH,
} from './notifikasi';
import { defaultNotifikasiSetting, notifikasiSettingSchema } from '../schemas/settings';

const loan = { id: 7, nomor_pinjaman: 'MRB-001', tipe: 'pokok' as const, jumlah: 12_000_000 };

describe('templateProblem', () => {
  const allowed = notifikasiPlaceholders.pembayaran_baru;
  it.each([
    ['', 'Template tidak boleh kosong'],
    ['   \n ', 'Template tidak boleh kosong'],
    ['Halo {nama}', 'Placeholder {nama} tidak dikenal. Yang dapat dipakai: {lembaga}, {nama_nasabah}'],
    ['Halo {}', 'Placeholder {} tidak dikenal.'],
    ['Halo {NAMA_NASABAH}', 'Placeholder {NAMA_NASABAH} tidak dikenal.'],
    ['Halo {nama_nasabah', 'Tanda { dan } harus berpasangan, misalnya {nama_nasabah}'],
    ['Halo nama_nasabah}', 'Tanda { dan } harus berpasangan, misalnya {nama_nasabah}'],
    ['x'.repeat(TEMPLATE_MAX_LENGTH + 1), 'Template paling banyak 1.000 karakter'],
  ])('refuses %j', (template, message) => {
    expect(templateProblem(template, allowed)).toContain(message);
  });

  it('accepts text, known placeholders, repeated ones, and the longest allowed text', () => {
    expect(templateProblem('Terima kasih', allowed)).toBeNull();
    expect(templateProblem('{nama_nasabah} {jumlah} {nama_nasabah}', allowed)).toBeNull();
    expect(templateProblem('x'.repeat(TEMPLATE_MAX_LENGTH), allowed)).toBeNull();
  });

  it('refuses a placeholder of another event', () => {
    expect(templateProblem('{npf}', allowed)).toContain('{npf} tidak dikenal');
    expect(templateProblem('{npf}', notifikasiPlaceholders.rekap_harian)).toBeNull();
  });

  it('accepts every shipped template for its event, and each uses only described placeholders', () => {
    for (const event of notifikasiEvents) {
      expect([event, templateProblem(defaultNotifikasiTemplates[event], notifikasiPlaceholders[event])]).toEqual([event, null]);
      for (const p of notifikasiPlaceholders[event]) expect(placeholderDescriptions[p]).toBeTruthy();
    }
    expect(notifikasiSettingSchema.parse(defaultNotifikasiSetting)).toEqual(defaultNotifikasiSetting);
  });
});

describe('renderTemplate', () => {
  it('replaces every placeholder with its value and leaves the rest as written', () => {
    expect(renderTemplate('Halo {nama_nasabah}, {jumlah}. {nama_nasabah}!', { nama_nasabah: 'Siti', jumlah: 'Rp 1.000' })).toBe(
      'Halo Siti, Rp 1.000. Siti!',
    );
    expect(renderTemplate('{tidak_ada} tetap', {})).toBe('{tidak_ada} tetap');
  });

  it('property: a valid template rendered with values for its placeholders keeps no placeholder and every text part', () => {
    const allowed = notifikasiPlaceholders.kolektibilitas_memburuk;
    const text = fc.string({ maxLength: 20 }).map((s) => s.replace(/[{}]/g, ''));
    const part = fc.oneof(
      text,
      fc.constantFrom(...allowed).map((p) => `{${p}}`),
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 12 }), fc.string({ maxLength: 10 }), (parts, value) => {
        const template = parts.join('');
        fc.pre(template.trim() !== '');
        expect(templateProblem(template, allowed)).toBeNull();
        const clean = value.replace(/[{}]/g, '');
        const out = renderTemplate(template, Object.fromEntries(allowed.map((p) => [p, clean])));
        expect(out).not.toMatch(/\{[a-z_]+\}/);
        expect(out).toBe(parts.map((p) => (p.startsWith('{') ? clean : p)).join(''));
      }),
    );
  });
});

describe('event values', () => {
  it('format money, dates and labels as the app does', () => {
    const v = pembayaranBaruValues({
      lembaga: 'BMT Amanah',
      nama_nasabah: 'Siti Aminah',
      loan,
      jenis: 'angsuran',
      angsuran_ke: 3,
      jumlah: 1_250_000,
      tanggal: '2026-01-31',
      sisa_pokok: 9_500_000,
      petugas: 'Admin',
    });
    expect(renderTemplate(defaultNotifikasiTemplates.pembayaran_baru, v)).toBe(
      '[BMT Amanah] Pembayaran baru: Siti Aminah, MRB-001, Angsuran Rp 1.250.000 tanggal 31 Januari 2026. ' +
        'Sisa pokok Rp 9.500.000. Dicatat oleh Admin.',
    );
    const k = kolektibilitasMemburukValues({
      lembaga: 'BMT',
      nama_nasabah: 'Budi',
      loan: { ...loan, nomor_pinjaman: null },
      lama: 2,
      baru: 3,
      hari_tunggakan: 91,
      tunggakan: 3_000_000,
      sisa_pokok: 8_000_000,
      tanggal: '2026-02-28',
    });
    expect(k).toMatchObject({
      nomor_pinjaman: 'Pinjaman #7',
      kolektibilitas_lama: '2 (Dalam Perhatian Khusus)',
      kolektibilitas: '3 (Kurang Lancar)',
      hari_tunggakan: '91',
      tanggal: '28 Februari 2026',
    });
    const r = rekapHarianValues({
      lembaga: 'BMT',
      tanggal: '2026-12-31',
      jumlah_pembayaran: 1234,
      total_pembayaran: 0,
      pinjaman_baru: 0,
      nilai_pinjaman_baru: 0,
      menunggak_hari_ini: 2,
      npf: 4.5,
    });
    expect(r).toMatchObject({ jumlah_pembayaran: '1.234', total_pembayaran: 'Rp 0', npf: '4,50%', tanggal: '31 Desember 2026' });
    expect(
      rekapHarianValues({
        ...{
          lembaga: 'B',
          tanggal: '2026-01-01',
          jumlah_pembayaran: 0,
          total_pembayaran: 0,
          pinjaman_baru: 0,
          nilai_pinjaman_baru: 0,
          menunggak_hari_ini: 0,
        },
        npf: null,
      }).npf,
    ).toBe('-');
  });

  it('a loan becomes non-performing when its class moves from 1–2 to 3–5', () => {
    expect(becameNonPerforming(2, 3)).toBe(true);
    expect(becameNonPerforming(1, 5)).toBe(true);
    expect(becameNonPerforming(3, 4)).toBe(false);
    expect(becameNonPerforming(2, 2)).toBe(false);
    expect(becameNonPerforming(4, 2)).toBe(false);
  });
});
