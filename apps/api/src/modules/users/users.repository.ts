import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const staffColumns = ['id', 'username', 'nama_lengkap', 'role', 'is_active', 'created_at'] as const;

export function listUsers(db: Kysely<DB>) {
  return db.selectFrom('users').select(staffColumns).orderBy('is_active', 'desc').orderBy('nama_lengkap').orderBy('id').execute();
}

export function findStaffUser(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

/** Active administrators, locked for the rest of the transaction (PostgreSQL). */
export function lockActiveAdmins(db: Kysely<DB>) {
  return db.selectFrom('users').select('id').where('role', '=', 'admin').where('is_active', '=', true).forUpdate().execute();
}
