import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersRoutes } from './users/users.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { nasabahRoutes } from './nasabah/nasabah.routes';
import { pinjamanRoutes } from './pinjaman/pinjaman.routes';
import { pembayaranRoutes } from './pembayaran/pembayaran.routes';
import { waRecipientsRoutes } from './wa-recipients/wa-recipients.routes';
import { waSessionsRoutes } from './wa-sessions/wa-sessions.routes';
import { backupRoutes } from './backup/backup.routes';
import { tunggakanRoutes } from './tunggakan/tunggakan.routes';
import { portfolioRoutes } from './portfolio/portfolio.routes';
import { settingsRoutes } from './settings/settings.routes';
import { notifikasiRoutes } from './notifikasi/notifikasi.routes';
import { waMessagesRoutes } from './wa-messages/wa-messages.routes';
import { pengingatRoutes } from './pengingat/pengingat.routes';
import { dokumenRoutes } from './dokumen/dokumen.routes';
import { profilLembagaRoutes } from './profil-lembaga/profil-lembaga.routes';
import { laporanRoutes } from './laporan/laporan.routes';
import { imporRoutes } from './impor/impor.routes';
import { persetujuanRoutes } from './persetujuan/persetujuan.routes';
import { pelunasanRoutes } from './pelunasan/pelunasan.routes';
import { tazirRoutes } from './tazir/tazir.routes';
import { penjadwalanRoutes } from './penjadwalan/penjadwalan.routes';
import { mutasiRoutes } from './mutasi/mutasi.routes';
import { akuntansiRoutes } from './akuntansi/akuntansi.routes';
import { rekonsiliasiRoutes } from './akuntansi/rekonsiliasi.routes';
import { hapusBukuRoutes } from './hapus-buku/hapus-buku.routes';

/**
 * Route plugins of the business modules. Each is registered under /api behind authentication.
 * Add a module here: one import, one entry.
 */
export const protectedModules: FastifyPluginAsyncZod[] = [
  usersRoutes,
  dashboardRoutes,
  portfolioRoutes,
  nasabahRoutes,
  pinjamanRoutes,
  pembayaranRoutes,
  tunggakanRoutes,
  waRecipientsRoutes,
  waSessionsRoutes,
  backupRoutes,
  settingsRoutes,
  notifikasiRoutes,
  waMessagesRoutes,
  pengingatRoutes,
  dokumenRoutes,
  profilLembagaRoutes,
  laporanRoutes,
  imporRoutes,
  persetujuanRoutes,
  pelunasanRoutes,
  tazirRoutes,
  penjadwalanRoutes,
  mutasiRoutes,
  akuntansiRoutes,
  rekonsiliasiRoutes,
  hapusBukuRoutes,
];
