import { messages } from '@mizan/core';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChangePasswordInput, ProfileUpdateInput, RegisterInput, User } from '@mizan/core';
import type { DB } from '../../db/schema';
import { conflict, notFound, tooManyRequests, unauthorized, validationFailed } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { TOKEN_LIFETIME_SECONDS, type TokenSigner } from '../../lib/tokens';
import * as repo from './auth.repository';

/** One message whatever was wrong, so it never tells whether the username exists. */
export const LOGIN_FAILED = 'Username atau password salah';

const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS_PER_USERNAME = 5;
const MAX_ATTEMPTS_PER_ADDRESS = 30;

export interface LoginResult {
  user: User;
  token: string;
}

/** Checks credentials with attempt limiting per username and per address, then opens a session. */
export async function login(
  db: Kysely<DB>,
  tokens: TokenSigner,
  input: { username: string; password: string; ip: string },
  now = new Date(),
): Promise<LoginResult> {
  const userKey = `u:${input.username.toLowerCase()}`;
  const ipKey = `ip:${input.ip}`;
  // Count the attempt before checking it, so fifty parallel guesses cannot all pass the limit.
  const perUser = await repo.bumpAttempts(db, userKey, now, ATTEMPT_WINDOW_MS);
  const perIp = await repo.bumpAttempts(db, ipKey, now, ATTEMPT_WINDOW_MS);
  if (perUser.failures > MAX_ATTEMPTS_PER_USERNAME || perIp.failures > MAX_ATTEMPTS_PER_ADDRESS) {
    const windowStart = perUser.failures > MAX_ATTEMPTS_PER_USERNAME ? perUser.window_start : perIp.window_start;
    const minutes = Math.max(1, Math.ceil((new Date(windowStart).getTime() + ATTEMPT_WINDOW_MS - now.getTime()) / 60000));
    throw tooManyRequests(`Terlalu banyak percobaan masuk. Silakan coba lagi dalam ${minutes} menit.`);
  }

  const user = await repo.findUserByUsername(db, input.username);
  const valid =
    user && user.is_active ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw unauthorized(LOGIN_FAILED);

  await repo.clearAttempts(db, userKey);
  // A successful sign-in from an office address should not count against its colleagues.
  await repo.forgiveOneFailure(db, ipKey);

  const token = await openSession(db, tokens, user.id, now);
  return { user: { id: user.id, username: user.username, nama_lengkap: user.nama_lengkap, role: user.role }, token };
}

async function openSession(db: Kysely<DB>, tokens: TokenSigner, userId: number, now: Date) {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000);
  await repo.deleteOldSessions(db, now);
  await repo.insertSession(db, { id: sessionId, user_id: userId, expires_at: expiresAt });
  return tokens.sign({ userId, sessionId }, expiresAt);
}

export async function logout(db: Kysely<DB>, sessionId: string) {
  await repo.revokeSession(db, sessionId);
}

export async function getProfile(db: Kysely<DB>, userId: number): Promise<User> {
  const user = await repo.findPublicUser(db, userId);
  if (!user) throw notFound(messages.notFound.pengguna);
  return user;
}

const USERNAME_TAKEN = 'Username sudah digunakan';

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export async function updateProfile(db: Kysely<DB>, userId: number, input: ProfileUpdateInput): Promise<User> {
  const other = await repo.findUserByUsername(db, input.username);
  if (other && other.id !== userId) throw conflict(USERNAME_TAKEN, [{ path: 'username', msg: USERNAME_TAKEN }]);
  try {
    const user = await repo.updateUser(db, userId, input);
    if (!user) throw notFound(messages.notFound.pengguna);
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, [{ path: 'username', msg: USERNAME_TAKEN }]);
    throw error;
  }
}

/** Changes the password and signs the user out everywhere else. */
export async function changePassword(db: Kysely<DB>, userId: number, sessionId: string, input: ChangePasswordInput) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound(messages.notFound.pengguna);
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw validationFailed([{ path: 'current_password', msg: 'Password saat ini salah' }], 'Password saat ini salah');
  }
  if (input.current_password === input.new_password) {
    throw validationFailed([{ path: 'new_password', msg: 'Password baru harus berbeda dari password saat ini' }]);
  }
  const password_hash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, userId, { password_hash });
    await repo.revokeUserSessions(trx, userId, sessionId);
  });
}

/** Creates a staff account (admins only; checked by the route). */
export async function registerUser(db: Kysely<DB>, input: RegisterInput): Promise<User> {
  if (await repo.findUserByUsername(db, input.username)) {
    throw conflict(USERNAME_TAKEN, [{ path: 'username', msg: USERNAME_TAKEN }]);
  }
  const password_hash = await hashPassword(input.password);
  try {
    return await repo.insertUser(db, {
      username: input.username,
      nama_lengkap: input.nama_lengkap,
      role: input.role,
      password_hash,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, [{ path: 'username', msg: USERNAME_TAKEN }]);
    throw error;
  }
}

/** Creates the first administrator on an empty database; returns the password when it was generated. */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  username: string,
  password: string | null,
  generate: () => string,
): Promise<{ created: boolean; generatedPassword: string | null }> {
  if ((await repo.countUsers(db)) > 0) return { created: false, generatedPassword: null };
  const actual = password ?? generate();
  await repo.insertUser(db, {
    username,
    nama_lengkap: 'Administrator',
    role: 'admin',
    password_hash: await hashPassword(actual),
  });
  return { created: true, generatedPassword: password ? null : actual };
}

/** Staff accounts (users module, `npm run user`) find, add and change users and end sessions through these. */
export { findLiveSession, findUserByUsername, insertUser, revokeUserSessions, updateUser } from './auth.repository';
