import * as m0900 from './2026_11_22_0900_create_users_and_sessions';
import * as m0910 from './2026_11_22_0910_create_nasabah_pinjaman_pembayaran';
import * as m0920 from './2026_11_22_0920_create_whatsapp';
import * as m1100nasabah from './2026_11_22_1100_nasabah_sort_indexes';
import * as m1110pinjaman from './2026_11_22_1110_pinjaman_list_and_generated';
import * as m1130pembayaran from './2026_11_22_1130_pembayaran_sort_indexes';
import * as m1200counters from './2026_11_22_1200_stat_counters';
import * as m1210version from './2026_11_22_1210_nasabah_search_version';
import * as m0900authNotify from './2026_11_23_0900_auth_change_notify';
import * as m0910searchText from './2026_11_23_0910_nasabah_search_text';
import * as m1100nasabahCopy from './2026_11_23_1100_pinjaman_nasabah_copy';
import * as m1430statusTanggal from './2026_11_23_1430_pinjaman_status_tanggal_index';
import * as m1800searchTrigram from './2026_11_23_1800_search_trigram_indexes';
import * as m0600digitGrams from './2026_11_24_0600_nasabah_digit_grams';
import * as m0900waMessagesSession from './2026_11_25_0900_wa_messages_session';
import * as m1200loanLedger from './2026_11_25_1200_loan_ledger';
import * as m1500tunggakanClassIndex from './2026_11_25_1500_tunggakan_class_index';
import * as m1800portfolioSnapshots from './2026_11_25_1800_portfolio_snapshots';
import * as m0900pembayaranDayCounts from './2026_11_26_0900_pembayaran_day_counts';
import * as m0910settingsNotify from './2026_11_26_0910_settings_change_notify';
import * as m1000waNotifications from './2026_11_26_1000_wa_notifications';
import * as m0900waMessageLog from './2026_11_27_0900_wa_message_log';
import * as m0910waMessageSearch from './2026_11_27_0910_wa_message_search';
import * as m0920waRecipientsNotify from './2026_11_27_0920_wa_recipients_change_notify';
import * as m0930terimaPengingat from './2026_11_27_0930_nasabah_terima_pengingat';
import * as m0900waReminders from './2026_11_28_0900_wa_reminders';
import * as m0900kwitansiPembayaran from './2026_11_29_0900_kwitansi_pembayaran';
import * as m0910lembagaLogo from './2026_11_29_0910_lembaga_logo';
import * as m0900impor from './2026_11_30_0900_impor';
import * as m0910bulkWrites from './2026_11_30_0910_bulk_writes';
import * as m0900persetujuan from './2026_12_01_0900_persetujuan';
import * as m0910pelunasan from './2026_12_01_0910_pelunasan_dipercepat';
import * as m0920tazir from './2026_12_01_0920_tazir';
import * as m0900hapusBuku from './2026_12_05_0900_hapus_buku';
import * as m0900idempotencyKeys from './2026_12_06_0900_idempotency_keys';
import * as m0900countersAtCommit from './2026_12_07_0900_counters_at_commit';
import * as m0910buku from './2026_12_07_0910_buku';
import * as m0900kasBank from './2026_12_08_0900_kas_bank';
import * as m0920rekonsiliasiBuku from './2026_12_08_0920_rekonsiliasi_buku';
import * as m0930persetujuanDitarik from './2026_12_08_0930_persetujuan_ditarik';
import * as m0930penjadwalan from './2026_12_01_0930_penjadwalan';
import * as m0900operations from './2026_12_02_0900_operations';
import * as m0910waQueueAge from './2026_12_02_0910_wa_queue_age_index';
import * as m0900reactions from './2026_12_03_0900_reactions';
import * as m0910posisiPinjaman from './2026_12_03_0910_posisi_pinjaman';
import * as m0900mutasiPinjaman from './2026_12_04_0900_mutasi_pinjaman';
import * as m0910macetKelas5 from './2026_12_04_0910_macet_kelas_5';
import * as m0920pinjamanBerjalan from './2026_12_04_0920_pinjaman_berjalan';
import * as m0930activitiesReaction from './2026_12_04_0930_activities_reaction';

/** Every migration, by name; names sort in the order they run. Append, never edit a landed one. */
export const migrations = {
  '2026_11_22_0900_create_users_and_sessions': m0900,
  '2026_11_22_0910_create_nasabah_pinjaman_pembayaran': m0910,
  '2026_11_22_0920_create_whatsapp': m0920,
  '2026_11_22_1100_nasabah_sort_indexes': m1100nasabah,
  '2026_11_22_1110_pinjaman_list_and_generated': m1110pinjaman,
  '2026_11_22_1130_pembayaran_sort_indexes': m1130pembayaran,
  '2026_11_22_1200_stat_counters': m1200counters,
  '2026_11_22_1210_nasabah_search_version': m1210version,
  '2026_11_23_0900_auth_change_notify': m0900authNotify,
  '2026_11_23_0910_nasabah_search_text': m0910searchText,
  '2026_11_23_1100_pinjaman_nasabah_copy': m1100nasabahCopy,
  '2026_11_23_1430_pinjaman_status_tanggal_index': m1430statusTanggal,
  '2026_11_23_1800_search_trigram_indexes': m1800searchTrigram,
  '2026_11_24_0600_nasabah_digit_grams': m0600digitGrams,
  '2026_11_25_0900_wa_messages_session': m0900waMessagesSession,
  '2026_11_25_1200_loan_ledger': m1200loanLedger,
  '2026_11_25_1500_tunggakan_class_index': m1500tunggakanClassIndex,
  '2026_11_25_1800_portfolio_snapshots': m1800portfolioSnapshots,
  '2026_11_26_0900_pembayaran_day_counts': m0900pembayaranDayCounts,
  '2026_11_26_0910_settings_change_notify': m0910settingsNotify,
  '2026_11_26_1000_wa_notifications': m1000waNotifications,
  '2026_11_27_0900_wa_message_log': m0900waMessageLog,
  '2026_11_27_0910_wa_message_search': m0910waMessageSearch,
  '2026_11_27_0920_wa_recipients_change_notify': m0920waRecipientsNotify,
  '2026_11_27_0930_nasabah_terima_pengingat': m0930terimaPengingat,
  '2026_11_28_0900_wa_reminders': m0900waReminders,
  '2026_11_29_0900_kwitansi_pembayaran': m0900kwitansiPembayaran,
  '2026_11_29_0910_lembaga_logo': m0910lembagaLogo,
  '2026_11_30_0900_impor': m0900impor,
  '2026_11_30_0910_bulk_writes': m0910bulkWrites,
  '2026_12_01_0900_persetujuan': m0900persetujuan,
  '2026_12_01_0910_pelunasan_dipercepat': m0910pelunasan,
  '2026_12_01_0920_tazir': m0920tazir,
  '2026_12_01_0930_penjadwalan': m0930penjadwalan,
  '2026_12_02_0900_operations': m0900operations,
  '2026_12_02_0910_wa_queue_age_index': m0910waQueueAge,
  '2026_12_03_0900_reactions': m0900reactions,
  '2026_12_03_0910_posisi_pinjaman': m0910posisiPinjaman,
  '2026_12_04_0900_mutasi_pinjaman': m0900mutasiPinjaman,
  '2026_12_04_0910_macet_kelas_5': m0910macetKelas5,
  '2026_12_04_0920_pinjaman_berjalan': m0920pinjamanBerjalan,
  '2026_12_04_0930_activities_reaction': m0930activitiesReaction,
  '2026_12_05_0900_hapus_buku': m0900hapusBuku,
  '2026_12_06_0900_idempotency_keys': m0900idempotencyKeys,
  '2026_12_07_0900_counters_at_commit': m0900countersAtCommit,
  '2026_12_07_0910_buku': m0910buku,
  '2026_12_08_0900_kas_bank': m0900kasBank,
  '2026_12_08_0920_rekonsiliasi_buku': m0920rekonsiliasiBuku,
  '2026_12_08_0930_persetujuan_ditarik': m0930persetujuanDitarik,
};
