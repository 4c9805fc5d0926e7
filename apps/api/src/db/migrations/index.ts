import * as m0900 from './2026_11_22_0900_create_users_and_sessions';
import * as m0910 from './2026_11_22_0910_create_nasabah_pinjaman_pembayaran';
import * as m0920 from './2026_11_22_0920_create_whatsapp';

/** Every migration, by name; names sort in the order they run. Append, never edit a landed one. */
export const migrations = {
  '2026_11_22_0900_create_users_and_sessions': m0900,
  '2026_11_22_0910_create_nasabah_pinjaman_pembayaran': m0910,
  '2026_11_22_0920_create_whatsapp': m0920,
};
