import { messages } from '@mizan/core';
import type { Kysely } from 'kysely';
import type { Role, StaffUser } from '@mizan/core';
import type { DB } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { revokeUserSessions, updateUser } from '../auth/auth.service';
import * as repo from './users.repository';

export const LAST_ADMIN = 'Tidak dapat menonaktifkan atau menurunkan peran administrator aktif terakhir';

const toStaff = (row: Awaited<ReturnType<typeof repo.findStaffUser>> & object): StaffUser => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
});

export async function listStaff(db: Kysely<DB>): Promise<StaffUser[]> {
  return (await repo.listUsers(db)).map(toStaff);
}

async function requireUser(db: Kysely<DB>, id: number) {
  const user = await repo.findStaffUser(db, id);
  if (!user) throw notFound(messages.notFound.pengguna);
  return user;
}

/** Refuses a change that would leave no active administrator. Runs inside the change's transaction. */
async function guardLastAdmin(trx: Kysely<DB>, target: { id: number; role: string; is_active: boolean }) {
  if (target.role !== 'admin' || !target.is_active) return;
  const admins = await repo.lockActiveAdmins(trx);
  if (admins.every((a) => a.id === target.id)) throw conflict(LAST_ADMIN);
}

export async function changeRole(db: Kysely<DB>, id: number, role: Role): Promise<StaffUser> {
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, id);
    if (role !== 'admin') await guardLastAdmin(trx, user);
    await updateUser(trx, id, { role });
    return toStaff({ ...user, role });
  });
}

/** Deactivating signs the user out everywhere at once; nobody may deactivate themselves. */
export async function setActive(db: Kysely<DB>, actorId: number, id: number, isActive: boolean): Promise<StaffUser> {
  if (!isActive && actorId === id) {
    throw validationFailed(
      [{ path: 'is_active', msg: 'Anda tidak dapat menonaktifkan akun sendiri' }],
      'Anda tidak dapat menonaktifkan akun sendiri',
    );
  }
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, id);
    if (!isActive) {
      await guardLastAdmin(trx, user);
      await revokeUserSessions(trx, id);
    }
    await updateUser(trx, id, { is_active: isActive });
    return toStaff({ ...user, is_active: isActive });
  });
}

/** An administrator sets a new password for someone; that person's sessions end. */
export async function resetPassword(db: Kysely<DB>, id: number, newPassword: string) {
  await requireUser(db, id);
  const password_hash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, id, { password_hash });
    await revokeUserSessions(trx, id);
  });
}
