/**
 * WhatsApp notifications to the staff's recipients list (issue 24, part A): the events, the
 * placeholders each event's template may use, the templates shipped with the product, and the one
 * validation and rendering both the server (sending) and the browser (live preview) use.
 */
import { formatDateLong } from '../format/date';
import { jenisPembayaranLabels, labelOf, loanCode, tipePinjamanLabels } from '../format/labels';
import { formatPercent } from '../format/percent';
import { formatRupiah } from '../format/rupiah';
import { kolektibilitasLabels, type Kolektibilitas } from './kolektibilitas';

export const notifikasiEvents = [
  'pembayaran_baru',
  'pinjaman_baru',
  'pinjaman_lunas',
  'kolektibilitas_memburuk',
  'rekap_harian',
] as const;
export type NotifikasiEvent = (typeof notifikasiEvents)[number];

/** Each event's name on the settings screen. */
export const notifikasiEventLabels: Record<NotifikasiEvent, string> = {
  pembayaran_baru: 'Pembayaran baru',
  pinjaman_baru: 'Pinjaman baru',
  pinjaman_lunas: 'Pinjaman lunas',
  kolektibilitas_memburuk: 'Kolektibilitas memburuk (golongan 3–5)',
  rekap_harian: 'Rekap harian',
};

/** What each placeholder stands for (the settings screen lists them under each template). */
export const placeholderDescriptions = {
  lembaga: 'nama lembaga',
  nama_nasabah: 'nama nasabah',
  nomor_pinjaman: 'nomor pinjaman',
  tipe: 'tipe pinjaman',
  jenis: 'jenis pembayaran',
  angsuran_ke: 'angsuran ke-',
  jumlah: 'jumlah (Rp)',
  tanggal: 'tanggal',
  sisa_pokok: 'sisa pokok (Rp)',
  petugas: 'petugas yang mencatat',
  durasi: 'jangka waktu (bulan)',
  kolektibilitas: 'golongan kolektibilitas sekarang',
  kolektibilitas_lama: 'golongan kolektibilitas sebelumnya',
  hari_tunggakan: 'hari tunggakan',
  tunggakan: 'jumlah tunggakan (Rp)',
  jumlah_pembayaran: 'banyaknya pembayaran hari ini',
  total_pembayaran: 'total pembayaran hari ini (Rp)',
  pinjaman_baru: 'banyaknya pinjaman baru hari ini',
  nilai_pinjaman_baru: 'nilai pinjaman baru hari ini (Rp)',
  menunggak_hari_ini: 'pinjaman yang mulai menunggak hari ini',
  npf: 'NPF sekarang',
} as const;
export type Placeholder = keyof typeof placeholderDescriptions;

/** The placeholders each event's template may use. */
export const notifikasiPlaceholders: Record<NotifikasiEvent, readonly Placeholder[]> = {
  pembayaran_baru: [
    'lembaga',
    'nama_nasabah',
    'nomor_pinjaman',
    'tipe',
    'jenis',
    'angsuran_ke',
    'jumlah',
    'tanggal',
    'sisa_pokok',
    'petugas',
  ],
  pinjaman_baru: ['lembaga', 'nama_nasabah', 'nomor_pinjaman', 'tipe', 'jumlah', 'tanggal', 'durasi', 'petugas'],
  pinjaman_lunas: ['lembaga', 'nama_nasabah', 'nomor_pinjaman', 'tipe', 'jumlah', 'tanggal', 'petugas'],
  kolektibilitas_memburuk: [
    'lembaga',
    'nama_nasabah',
    'nomor_pinjaman',
    'tipe',
    'kolektibilitas_lama',
    'kolektibilitas',
    'hari_tunggakan',
    'tunggakan',
    'sisa_pokok',
    'tanggal',
  ],
  rekap_harian: [
    'lembaga',
    'tanggal',
    'jumlah_pembayaran',
    'total_pembayaran',
    'pinjaman_baru',
    'nilai_pinjaman_baru',
    'menunggak_hari_ini',
    'npf',
  ],
};

/** The templates a new installation starts with. */
export const defaultNotifikasiTemplates: Record<NotifikasiEvent, string> = {
  pembayaran_baru:
    '[{lembaga}] Pembayaran baru: {nama_nasabah}, {nomor_pinjaman}, {jenis} {jumlah} tanggal {tanggal}. ' +
    'Sisa pokok {sisa_pokok}. Dicatat oleh {petugas}.',
  pinjaman_baru:
    '[{lembaga}] Pinjaman baru: {nama_nasabah}, {nomor_pinjaman} ({tipe}) sebesar {jumlah}, ' +
    'tanggal {tanggal}, {durasi}. Dicatat oleh {petugas}.',
  pinjaman_lunas:
    '[{lembaga}] Pinjaman lunas: {nama_nasabah}, {nomor_pinjaman} ({tipe}) sebesar {jumlah}, lunas tanggal {tanggal}.',
  kolektibilitas_memburuk:
    '[{lembaga}] Kolektibilitas memburuk: {nama_nasabah}, {nomor_pinjaman} dari {kolektibilitas_lama} menjadi ' +
    '{kolektibilitas} ({hari_tunggakan} hari, tunggakan {tunggakan}, sisa pokok {sisa_pokok}) per {tanggal}.',
  rekap_harian:
    '[{lembaga}] Rekap {tanggal}: {jumlah_pembayaran} pembayaran sebesar {total_pembayaran}; ' +
    '{pinjaman_baru} pinjaman baru sebesar {nilai_pinjaman_baru}; {menunggak_hari_ini} pinjaman mulai menunggak hari ini; NPF {npf}.',
};

/** The longest template accepted (a WhatsApp text, read on a phone). */
export const TEMPLATE_MAX_LENGTH = 1000;

const TOKEN = /\{([^{}]*)\}/g;

/**
 * Why a template cannot be used for an event, in Indonesian; null when it can. Refused: an empty
 * template, one longer than TEMPLATE_MAX_LENGTH, a `{name}` the event does not know, a brace
 * without its pair.
 */
export function templateProblem(template: string, allowed: readonly string[]): string | null {
  if (template.trim() === '') return 'Template tidak boleh kosong';
  if (template.length > TEMPLATE_MAX_LENGTH)
    return `Template paling banyak ${TEMPLATE_MAX_LENGTH.toLocaleString('id-ID')} karakter`;
  for (const match of template.matchAll(TOKEN)) {
    const name = match[1]!;
    if (!allowed.includes(name))
      return `Placeholder {${name}} tidak dikenal. Yang dapat dipakai: ${allowed.map((p) => `{${p}}`).join(', ')}`;
  }
  if (/[{}]/.test(template.replace(TOKEN, ''))) return 'Tanda { dan } harus berpasangan, misalnya {nama_nasabah}';
  return null;
}

/** The template with every `{name}` replaced by its value (a name without a value stays as written). */
export function renderTemplate(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(TOKEN, (whole, name: string) => values[name] ?? whole);
}

// The values of each event, formatted as the app shows them (money as 'Rp 1.500.000', dates as
// '31 Januari 2024'), from the records' raw fields.

interface LoanFacts {
  id: number;
  nomor_pinjaman: string | null;
  tipe: 'pokok' | 'non-pokok';
  jumlah: number;
}

/** What every loan event is told from: the institution, the customer, the loan. */
interface LoanEventFacts {
  lembaga: string;
  nama_nasabah: string;
  loan: LoanFacts;
}

/** The values every loan event shares: the institution, the customer, the loan's code and type. */
function loanHead(f: LoanEventFacts) {
  return {
    lembaga: f.lembaga,
    nama_nasabah: f.nama_nasabah,
    nomor_pinjaman: loanCode(f.loan),
    tipe: labelOf(tipePinjamanLabels, f.loan.tipe),
  };
}

export function pembayaranBaruValues(
  f: LoanEventFacts & {
    jenis: string;
    angsuran_ke: number | null;
    jumlah: number;
    tanggal: string;
    sisa_pokok: number;
    petugas: string;
  },
): Record<string, string> {
  return {
    ...loanHead(f),
    jenis: labelOf(jenisPembayaranLabels, f.jenis),
    angsuran_ke: f.angsuran_ke === null ? '-' : String(f.angsuran_ke),
    jumlah: formatRupiah(f.jumlah),
    tanggal: formatDateLong(f.tanggal),
    sisa_pokok: formatRupiah(f.sisa_pokok),
    petugas: f.petugas,
  };
}

export function pinjamanValues(
  f: LoanEventFacts & {
    tanggal: string;
    durasi: number | null;
    petugas: string;
  },
): Record<string, string> {
  return {
    ...loanHead(f),
    jumlah: formatRupiah(f.loan.jumlah),
    tanggal: formatDateLong(f.tanggal),
    durasi: f.durasi === null ? 'tanpa jangka waktu' : `${f.durasi} bulan`,
    petugas: f.petugas,
  };
}

const kelasText = (k: Kolektibilitas) => `${k} (${kolektibilitasLabels[k]})`;

export function kolektibilitasMemburukValues(
  f: LoanEventFacts & {
    lama: Kolektibilitas;
    baru: Kolektibilitas;
    hari_tunggakan: number;
    tunggakan: number;
    sisa_pokok: number;
    tanggal: string;
  },
): Record<string, string> {
  return {
    ...loanHead(f),
    kolektibilitas_lama: kelasText(f.lama),
    kolektibilitas: kelasText(f.baru),
    hari_tunggakan: f.hari_tunggakan.toLocaleString('id-ID'),
    tunggakan: formatRupiah(f.tunggakan),
    sisa_pokok: formatRupiah(f.sisa_pokok),
    tanggal: formatDateLong(f.tanggal),
  };
}

export function rekapHarianValues(f: {
  lembaga: string;
  tanggal: string;
  jumlah_pembayaran: number;
  total_pembayaran: number;
  pinjaman_baru: number;
  nilai_pinjaman_baru: number;
  menunggak_hari_ini: number;
  npf: number | null;
}): Record<string, string> {
  return {
    lembaga: f.lembaga,
    tanggal: formatDateLong(f.tanggal),
    jumlah_pembayaran: f.jumlah_pembayaran.toLocaleString('id-ID'),
    total_pembayaran: formatRupiah(f.total_pembayaran),
    pinjaman_baru: f.pinjaman_baru.toLocaleString('id-ID'),
    nilai_pinjaman_baru: formatRupiah(f.nilai_pinjaman_baru),
    menunggak_hari_ini: f.menunggak_hari_ini.toLocaleString('id-ID'),
    npf: f.npf === null ? '-' : formatPercent(f.npf),
  };
}

/** A loan whose class moves from below 3 to 3 or worse has become non-performing: it is notified. */
export function becameNonPerforming(before: number, after: number): boolean {
  return before < 3 && after >= 3;
}
