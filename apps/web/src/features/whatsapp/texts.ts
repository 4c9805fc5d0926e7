/** Texts of the WhatsApp screens: the results of spec §8 (with their ✅/❌ marks) and fallbacks. */
export const OK = '✅';
export const FAIL = '❌';

export const waTexts = {
  sessionCreated: `${OK} Session berhasil dibuat. Silakan scan QR code.`,
  qrLoaded: `${OK} QR Code berhasil dimuat`,
  statusRefreshed: `${OK} Status berhasil diperbarui`,
  disconnected: `${OK} WhatsApp berhasil diputus`,
  connected: 'WhatsApp berhasil terhubung!',
  recipientAdded: `${OK} Penerima notifikasi berhasil ditambahkan`,
  recipientUpdated: `${OK} Penerima notifikasi berhasil diperbarui`,
  recipientDeleted: `${OK} Penerima notifikasi berhasil dihapus`,
} as const;

/** Fallbacks when the server gives no message (spec §8). */
export const waFallbacks = {
  create: 'Gagal membuat session',
  status: 'Gagal mengambil status',
  qr: 'Gagal mengambil QR code',
  logout: 'Gagal logout session',
  test: 'Gagal mengirim pesan test',
  list: 'Gagal mengambil data penerima notifikasi',
  add: 'Gagal menambahkan penerima notifikasi',
  update: 'Gagal memperbarui penerima notifikasi',
  delete: 'Gagal menghapus penerima notifikasi',
  active: 'Gagal mengambil penerima aktif',
} as const;

/** 'Gagal ...: ' followed by the error (spec §8), with the cross mark. */
export function failureText(fallback: string, error: string): string {
  return `${FAIL} ${fallback}: ${error}`;
}
