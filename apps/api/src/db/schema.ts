import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { HasilCek, JenisMutasi, KelompokAkun, MutasiParts, PeranAkun, SaldoNormal, SumberJurnal } from '@mizan/core';

// Row types of every table, written once; Selectable/Insertable/Updateable derive the rest.
// BIGINT and NUMERIC come back as numbers and DATE as 'YYYY-MM-DD' text (see database.ts).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  nama_lengkap: string;
  role: 'admin' | 'manajer' | 'operator' | 'user';
  password_hash: string;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface LoginAttemptsTable {
  key: string;
  window_start: Date;
  failures: number;
}

export interface NasabahTable {
  id: Generated<number>;
  nama: string;
  nik: string | null;
  telepon: string | null;
  alamat: string | null;
  kecamatan: string | null;
  kota: string | null;
  tanggal_nasabah: string | null;
  /** The server filled tanggal_nasabah with today because none was given (data_completeness). */
  tanggal_nasabah_generated: Generated<boolean>;
  /** WhatsApp reminders of the instalments (issue 24; migration 2026_11_27_0930), yes by default. */
  terima_pengingat: Generated<boolean>;
  /** Came from an import of the old system's data (issue 26 C; migration 2026_11_30_0900). */
  diimpor: Generated<boolean>;
  status: 'aktif' | 'nonaktif';
  total_pinjaman: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** nama, nik, telepon, alamat lower-cased, for the list search (migration 2026_11_23_0910). */
  search_text: GeneratedAlways<string>;
}

export interface PinjamanTable {
  id: Generated<number>;
  nasabah_id: number;
  /** Copies of the customer's nama and NIK, set by triggers only (migration 2026_11_23_1100). */
  nasabah_nama: Generated<string>;
  nasabah_nik: Generated<string | null>;
  nomor_pinjaman: string;
  urutan_pinjaman: number;
  /** The server took the customer's next number because none was sent (data_completeness). */
  urutan_pinjaman_generated: Generated<boolean>;
  tanggal_pinjam: string;
  jumlah: number;
  persentase: number;
  tipe: 'pokok' | 'non-pokok';
  jaminan: string | null;
  keterangan: string | null;
  durasi_angsuran: number | null;
  status: 'aktif' | 'lunas' | 'macet' | 'pending' | 'ditolak' | 'hapus_buku';
  /** Principal not yet repaid (core loanPosition, issue 47). */
  sisa_pokok: number;
  /** The akad's margin not yet paid (Murabahah; 0 once settled). */
  sisa_margin: Generated<number>;
  /** What the customer still owes: sisa_pokok + sisa_margin + tunggakan_bagi_hasil (generated). */
  sisa_kewajiban: GeneratedAlways<number>;
  total_pembayaran: Generated<number>;
  angsuran_per_bulan: number | null;
  kwitansi: string | null;
  /** Came from an import of the old system's data (issue 26 C). */
  diimpor: Generated<boolean>;
  /** Ta'zir agreed in the akad (issue 27 C): the amount per instalment paid late and the grace; null when none applies. */
  tazir_jumlah: Generated<number | null>;
  tazir_tenggang_hari: Generated<number | null>;
  /** The schedule a rescheduling froze (issue 27 D): every line, paid history then new; null when never rescheduled. */
  jadwal_ulang: Generated<{ jadwal: { jatuh_tempo: string; pokok: number; margin: number }[]; angsuran?: number } | null>;
  /**
   * Written off (hapus buku, issue 47, migration 2026_12_05_0900): the day, and the last payment the
   * write-off counted (the payments after it are recoveries; null: there was none). Null when never.
   */
  hapus_buku_tanggal: Generated<string | null>;
  hapus_buku_pembayaran_id: Generated<number | null>;
  /** The cash or bank account the loan was disbursed from (migration 2026_12_08_0900); null: cash (role `kas`). */
  akun_kas_id: Generated<number | null>;
  /** The ledger summary on `ledger_tanggal` (issue 23, migration 2026_11_25_1200). */
  hari_tunggakan: Generated<number>;
  kolektibilitas: Generated<1 | 2 | 3 | 4 | 5>;
  tunggakan_pokok: Generated<number>;
  tunggakan_margin: Generated<number>;
  tunggakan_bagi_hasil: Generated<number>;
  tunggakan_total: Generated<number>;
  angsuran_tertunggak: Generated<number>;
  jatuh_tempo_tertua: string | null;
  jatuh_tempo_berikutnya: string | null;
  jumlah_berikutnya: number | null;
  ledger_tanggal: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface PembayaranTable {
  id: Generated<number>;
  pinjaman_id: number;
  tanggal: string;
  jumlah: number;
  jenis: 'angsuran' | 'bagi_hasil' | 'pokok' | 'pelunasan';
  keterangan: string | null;
  angsuran_ke: number | null;
  /** Came from an import (issue 26 C); its key makes a second import of the same file add nothing. */
  diimpor: Generated<boolean>;
  impor_kunci: string | null;
  /** The cash or bank account the payment was received into (migration 2026_12_08_0900); null: cash (role `kas`). */
  akun_kas_id: Generated<number | null>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface ActivitiesTable {
  id: Generated<number>;
  type: string;
  description: string;
  category: 'pinjaman' | 'pembayaran' | 'other';
  status: Generated<string>;
  amount: number | null;
  entity_type: string | null;
  entity_id: number | null;
  user_id: number | null;
  /** The reaction that wrote the row (issue 47; null for rows written before). */
  reaction_id: number | null;
  created_at: CreatedAt;
}

export interface WaRecipientsTable {
  id: Generated<number>;
  name: string;
  phone_number: string;
  status: 'active' | 'inactive';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WaAuthStateTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface WaMessagesTable {
  id: Generated<number>;
  idempotency_key: string;
  recipient_id: number | null;
  phone_number: string;
  text: string;
  status: 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED' | 'DELIVERED' | 'READ' | 'UNCERTAIN' | 'SKIPPED' | 'EXPIRED';
  /** What kind of message (migration 2026_11_26_1000): a test, a notification, a reminder, one by hand. */
  jenis: Generated<'test' | 'notifikasi' | 'pengingat' | 'manual' | 'balasan'>;
  /** The event a notification tells of (core notifikasiEvents). */
  acara: Generated<string | null>;
  /** The recipient's name when the message was written (migration 2026_11_27_0900). */
  nama: Generated<string | null>;
  /** How many times the message was handed to WhatsApp (claimed for sending). */
  attempts: Generated<number>;
  message_id: string | null;
  error: string | null;
  created_by: number | null;
  /** The gateway session that sent it (null before migration 2026_11_25_0900). */
  session_id: Generated<string | null>;
  /** A reminder's or hand-sent message's customer, loan, instalment and due date (migration 2026_11_28_0900). */
  nasabah_id: Generated<number | null>;
  pinjaman_id: Generated<number | null>;
  angsuran_ke: Generated<number | null>;
  jatuh_tempo: Generated<string | null>;
  /** The Jakarta day a reminder belongs to: EXPIRED after it. */
  untuk_tanggal: Generated<string | null>;
  /** When a reminder or a message by hand was handed to WhatsApp (the day's cap counts them). */
  dikirim_pada: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** When each WhatsApp number was first linked (migration 2026_11_28_0900): the first week's cap. */
export interface WaLinkedNumbersTable {
  phone_number: string;
  linked_at: Generated<Date>;
}

/** Maintained aggregates (migration 2026_11_22_1200): kept exact by triggers; readers sum the slots. */
export interface NasabahCountsTable {
  status: 'aktif' | 'nonaktif';
  slot: number;
  n: number;
}

export interface PinjamanCountsTable {
  status: 'aktif' | 'lunas' | 'macet' | 'pending' | 'ditolak' | 'hapus_buku';
  slot: number;
  n: number;
  jumlah: number;
}

/** Living payments of living loans per date (migration 2026_11_26_0900_pembayaran_day_counts). */
export interface PembayaranHariCountsTable {
  tanggal: string;
  slot: number;
  n: number;
  jumlah: number;
}

export interface PembayaranCountsTable {
  /** First day of the month, 'YYYY-MM-01'. */
  bulan: string;
  jenis: 'angsuran' | 'bagi_hasil' | 'pokok' | 'pelunasan';
  slot: number;
  n: number;
  jumlah: number;
}

/** Version numbers of data that in-process memos depend on (migration 2026_11_22_1210). */
export interface DataVersionsTable {
  name: string;
  version: number;
}

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface JobRunsTable {
  job: string;
  tanggal: string;
  cursor: Generated<number>;
  processed: Generated<number>;
  started_at: Generated<Date>;
  finished_at: Date | null;
}

/** A reaction to a committed money event, waiting, done or failed for now (migration 2026_12_03_0900; modules/reactions). */
export interface ReactionsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<'waiting' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
  done_at: Date | null;
}

/**
 * A money event of a loan, immutable (migration 2026_12_04_0900; modules/mutasi): the signed parts
 * it moved (core `MutasiParts`); a reversal names the event it reverses.
 */
export interface MutasiPinjamanTable extends MutasiParts {
  id: Generated<number>;
  pinjaman_id: number;
  jenis: JenisMutasi;
  tanggal: string;
  pembayaran_id: number | null;
  tazir_id: number | null;
  tawidh_id: number | null;
  membalik_id: number | null;
  alasan: string | null;
  /** Derived from the payments of a loan recorded before the money module (not posted as it happened). */
  diturunkan: Generated<boolean>;
  dicatat_oleh: number | null;
  /** The account the event's cash moved through (migration 2026_12_08_0900); null: the role `kas`. */
  akun_kas_id: Generated<number | null>;
  created_at: CreatedAt;
}

/** An account of the chart (migration 2026_12_07_0910; modules/akuntansi). */
export interface AkunTable {
  id: Generated<number>;
  kode: string;
  nama: string;
  kelompok: KelompokAkun;
  saldo_normal: SaldoNormal;
  aktif: Generated<boolean>;
  /** Holds cash or a bank account of the institution: money is received into or paid from it (migration 2026_12_08_0900). */
  kas_bank: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The account each posting role of the money events goes to. */
export interface AkunPeranTable {
  peran: PeranAkun;
  akun_id: number;
}

/** Every account a posting role has gone to, the current one included (migration 2026_12_08_0900). */
export interface AkunPeranRiwayatTable {
  peran: PeranAkun;
  akun_id: number;
  sejak: Generated<Date>;
}

/** A journal, immutable: of a money event (`mutasi_id`), of the dana kebajikan, or general. */
export interface JurnalTable {
  id: Generated<number>;
  tanggal: string;
  sumber: SumberJurnal;
  mutasi_id: number | null;
  /** A disbursement of the dana kebajikan (`dana_kebajikan` row, arah 'keluar'). */
  dana_kebajikan_id: number | null;
  keterangan: string | null;
  membalik_id: number | null;
  dicatat_oleh: number | null;
  created_at: CreatedAt;
}

/** A line of a journal, immutable: one account debited or credited, dated as its journal. */
export interface JurnalBarisTable {
  id: Generated<number>;
  jurnal_id: number;
  akun_id: number;
  tanggal: string;
  debit: Generated<number>;
  kredit: Generated<number>;
}

/** Debits and credits per account and day, kept by the database at each commit. */
export interface SaldoAkunHarianTable {
  akun_id: number;
  tanggal: string;
  debit: number;
  kredit: number;
}

/** The same per month (`bulan`: its first day). */
/** A run of the books' reconciliation (issue 48 item 5): the day reconciled and whether every check held. */
export interface RekonsiliasiBukuTable {
  id: Generated<number>;
  tanggal: string;
  cocok: boolean;
  /** Who ran it by hand; null for the daily job. */
  dijalankan_oleh: number | null;
  created_at: CreatedAt;
}

/** One check of a reconciliation run (core `HasilCek`), in report order. */
export interface RekonsiliasiBukuCekTable extends HasilCek {
  rekonsiliasi_id: number;
  urutan: number;
}

export interface SaldoAkunBulananTable {
  akun_id: number;
  bulan: string;
  debit: number;
  kredit: number;
}

/** Values shared by every server process on this database (migration 2026_12_02_0900; lib/server-secrets.ts). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** A backup made by the server (migration 2026_12_02_0900; modules/backup). */
export interface BackupRunsTable {
  id: Generated<number>;
  jenis: 'terjadwal' | 'manual';
  /** A scheduled run's Jakarta day (one run per slot); null for "Backup sekarang". */
  slot: string | null;
  status: 'berjalan' | 'berhasil' | 'gagal';
  started_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
  finished_at: Date | null;
  file_name: string | null;
  bytes: number | null;
  pesan: string | null;
  oleh: string | null;
}

/** The portfolio at the close of a day (migration 2026_11_25_1800). Money is whole rupiah (bigint, read as numbers). */
export interface PortfolioSnapshotsTable {
  tanggal: string;
  jenis: 'harian' | 'susulan';
  lengkap: Generated<boolean>;
  jumlah_nasabah: Generated<number>;
  pinjaman_aktif: Generated<number>;
  /** Null in a row stored before issue 47 (it counted aktif loans only; migration 2026_12_04_0920). */
  nilai_pinjaman_aktif: Generated<number | null>;
  jumlah_k1: Generated<number>;
  outstanding_k1: Generated<number>;
  jumlah_k2: Generated<number>;
  outstanding_k2: Generated<number>;
  jumlah_k3: Generated<number>;
  outstanding_k3: Generated<number>;
  jumlah_k4: Generated<number>;
  outstanding_k4: Generated<number>;
  jumlah_k5: Generated<number>;
  outstanding_k5: Generated<number>;
  outstanding_par30: Generated<number>;
  penagihan_hari: Generated<number>;
  penagihan_bulan: Generated<number>;
  created_at: Generated<Date>;
}

/** The receipt number of a payment (issue 25): KW/<tahun>/<urut>, and how often it was printed. */
export interface KwitansiPembayaranTable {
  pembayaran_id: number;
  tahun: number;
  urut: number;
  dicetak: Generated<number>;
  terakhir_dicetak: Date | null;
}

/** The last receipt number given in a calendar year. */
export interface KwitansiPembayaranCountersTable {
  tahun: number;
  terakhir: number;
}

/** The institution's logo (one row). */
export interface LembagaLogoTable {
  id: Generated<number>;
  mime: string;
  data: Buffer;
  updated_at: Generated<Date>;
}

/** A request waiting for (or given) a second person's decision (issue 27, migration 2026_12_01_0900). */
export interface PersetujuanTable {
  id: Generated<number>;
  jenis: 'pinjaman' | 'pelunasan' | 'penjadwalan' | 'hapus_buku';
  pinjaman_id: number;
  status: Generated<'menunggu' | 'disetujui' | 'ditolak' | 'dibatalkan' | 'ditarik'>;
  /** What is proposed (a settlement's figures, a new schedule's terms); null for a new loan. */
  data: unknown;
  diajukan_oleh: number;
  diajukan_pada: Generated<Date>;
  diputuskan_oleh: number | null;
  diputuskan_pada: Date | null;
  catatan: string | null;
}

/** What an early settlement did not collect, and why (issue 27 B, migration 2026_12_01_0910). */
export interface PelunasanDipercepatTable {
  id: Generated<number>;
  pinjaman_id: number;
  pembayaran_id: number;
  tanggal: string;
  metode: 'proporsional' | 'anuitas';
  bulan_berjalan: number;
  pokok_sisa: number;
  margin_berjalan: number;
  margin_sisa: number;
  margin_tidak_ditagih: number;
  khasm: number;
  alasan_khasm: 'tepat_waktu' | 'penurunan_kemampuan' | null;
  persetujuan_id: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A late sanction on one instalment (issue 27 C, migration 2026_12_01_0920). */
export interface TazirTable {
  id: Generated<number>;
  pinjaman_id: number;
  angsuran_ke: number;
  jatuh_tempo: string;
  tanggal_lunas: string;
  hari_terlambat: number;
  jumlah: number;
  status: Generated<'diusulkan' | 'ditagih' | 'diterima' | 'dibebaskan'>;
  catatan: string | null;
  diputuskan_oleh: number | null;
  diputuskan_pada: Date | null;
  tanggal_terima: string | null;
  created_at: Generated<Date>;
}

/** The social fund's ledger: collected ta'zir in, disbursements to charity out. */
export interface DanaKebajikanTable {
  id: Generated<number>;
  tanggal: string;
  arah: 'masuk' | 'keluar';
  jumlah: number;
  tazir_id: number | null;
  tujuan: string | null;
  penerima: string | null;
  keterangan: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A real, documented cost of a default (ta'widh), with its evidence file. */
export interface TawidhTable {
  id: Generated<number>;
  pinjaman_id: number;
  tanggal: string;
  jumlah: number;
  uraian: string;
  bukti: string;
  created_by: number | null;
  created_at: Generated<Date>;
  deleted_at: Date | null;
}

/** One rescheduling of a loan: before, after, the plan and its approval (issue 27 D). */
export interface PenjadwalanUlangTable {
  id: Generated<number>;
  pinjaman_id: number;
  tanggal: string;
  durasi: number;
  tenggang: number;
  sisa_kewajiban: number;
  jadwal_lama: unknown;
  jadwal_baru: unknown;
  persetujuan_id: number | null;
  diajukan_oleh: number | null;
  created_at: Generated<Date>;
}

/** A claimed `Idempotency-Key` and the answer of its request (issue 51). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  method: string;
  url: string;
  body_hash: string;
  /** Null while the first request with the key runs. */
  status_code: number | null;
  response: string | null;
  content_type: string | null;
  created_at: Generated<Date>;
}

export interface DB {
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  nasabah: NasabahTable;
  pinjaman: PinjamanTable;
  pembayaran: PembayaranTable;
  activities: ActivitiesTable;
  wa_recipients: WaRecipientsTable;
  wa_auth_state: WaAuthStateTable;
  wa_messages: WaMessagesTable;
  wa_linked_numbers: WaLinkedNumbersTable;
  nasabah_counts: NasabahCountsTable;
  pinjaman_counts: PinjamanCountsTable;
  pembayaran_counts: PembayaranCountsTable;
  pembayaran_hari_counts: PembayaranHariCountsTable;
  data_versions: DataVersionsTable;
  settings: SettingsTable;
  job_runs: JobRunsTable;
  reactions: ReactionsTable;
  mutasi_pinjaman: MutasiPinjamanTable;
  akun: AkunTable;
  akun_peran: AkunPeranTable;
  akun_peran_riwayat: AkunPeranRiwayatTable;
  jurnal: JurnalTable;
  jurnal_baris: JurnalBarisTable;
  saldo_akun_harian: SaldoAkunHarianTable;
  saldo_akun_bulanan: SaldoAkunBulananTable;
  rekonsiliasi_buku: RekonsiliasiBukuTable;
  rekonsiliasi_buku_cek: RekonsiliasiBukuCekTable;
  server_secrets: ServerSecretsTable;
  backup_runs: BackupRunsTable;
  portfolio_snapshots: PortfolioSnapshotsTable;
  kwitansi_pembayaran: KwitansiPembayaranTable;
  kwitansi_pembayaran_counters: KwitansiPembayaranCountersTable;
  lembaga_logo: LembagaLogoTable;
  persetujuan: PersetujuanTable;
  pelunasan_dipercepat: PelunasanDipercepatTable;
  tazir: TazirTable;
  dana_kebajikan: DanaKebajikanTable;
  tawidh: TawidhTable;
  penjadwalan_ulang: PenjadwalanUlangTable;
}

/** A customer as the API reads it: every column but the search column. */
export type NasabahRow = Omit<Selectable<NasabahTable>, 'search_text'>;
export type NewNasabah = Insertable<NasabahTable>;
export type NasabahUpdate = Updateable<NasabahTable>;
export type PinjamanRow = Selectable<PinjamanTable>;
export type NewPinjaman = Insertable<PinjamanTable>;
export type NewPembayaran = Insertable<PembayaranTable>;
export type NewActivity = Insertable<ActivitiesTable>;
