// `npm run user -- create <username> [--role admin|operator|user] [--name "Nama Lengkap"]`
// `npm run user -- reset-password <username>`
// Manages staff accounts from the shell (for the first admin, or a forgotten password). The new
// password is read from MIZAN_NEW_PASSWORD when set, otherwise generated and printed once.
import { parseArgs } from 'node:util';
import { roles, type Role } from '@mizan/core';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../app';
import { generatePassword, hashPassword } from '../lib/password';
import { findUserByUsername, insertUser, revokeUserSessions, updateUser } from '../modules/auth/auth.service';

const usage = `Pemakaian:
  npm run user -- create <username> [--role admin|manajer|operator|user] [--name "Nama Lengkap"]
  npm run user -- reset-password <username>
Password baru diambil dari MIZAN_NEW_PASSWORD bila diisi; jika tidak, dibuat acak dan ditampilkan sekali.`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string', default: 'operator' }, name: { type: 'string' } },
  });
  const [command, username] = positionals;
  if (!command || !username || !['create', 'reset-password'].includes(command)) {
    console.error(usage);
    process.exit(2);
  }
  const password = process.env.MIZAN_NEW_PASSWORD || generatePassword();
  if (password.length < 8) throw new Error('Password minimal 8 karakter');
  const handle = await openDatabase(loadConfig());
  try {
    const existing = await findUserByUsername(handle.db, username);
    if (command === 'create') {
      if (existing) throw new Error(`Username ${username} sudah digunakan`);
      const role = values.role as Role;
      if (!roles.includes(role)) throw new Error(`Peran harus salah satu dari: ${roles.join(', ')}`);
      await insertUser(handle.db, {
        username,
        nama_lengkap: values.name ?? username,
        role,
        password_hash: await hashPassword(password),
      });
      console.log(`Pengguna ${username} (${role}) dibuat.`);
    } else {
      if (!existing) throw new Error(`Pengguna ${username} tidak ditemukan`);
      await handle.db.transaction().execute(async (trx) => {
        await updateUser(trx, existing.id, { password_hash: await hashPassword(password), is_active: true });
        await revokeUserSessions(trx, existing.id);
      });
      console.log(`Password ${username} diganti; semua sesinya dikeluarkan.`);
    }
    if (!process.env.MIZAN_NEW_PASSWORD) console.log(`Password: ${password}`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
});
