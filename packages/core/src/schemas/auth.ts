import { z } from './zod';
import { roles } from '../domain/roles';

/** Login form and `POST /api/auth/login` body (spec §5 Login). */
export const loginSchema = z.object({
  username: z
    .string({ error: 'Username tidak boleh kosong' })
    .trim()
    .min(1, 'Username tidak boleh kosong')
    .max(100, 'Username maksimal 100 karakter'),
  password: z
    .string({ error: 'Password tidak boleh kosong' })
    .min(1, 'Password tidak boleh kosong')
    .max(200, 'Password maksimal 200 karakter'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user as the API returns it. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nama_lengkap: z.string(),
  role: z.enum(roles),
});
export type User = z.infer<typeof userSchema>;

const usernameField = z
  .string({ error: 'Username tidak boleh kosong' })
  .trim()
  .min(1, 'Username tidak boleh kosong')
  .min(3, 'Username minimal 3 karakter')
  .max(50, 'Username maksimal 50 karakter')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username hanya boleh berisi huruf, angka, titik, garis bawah atau strip');

const namaLengkapField = z
  .string({ error: 'Nama lengkap tidak boleh kosong' })
  .trim()
  .min(1, 'Nama lengkap tidak boleh kosong')
  .max(150, 'Nama lengkap maksimal 150 karakter');

/** Minimum length of a new password. */
export const PASSWORD_MIN_LENGTH = 8;

const newPasswordField = z
  .string({ error: 'Password baru tidak boleh kosong' })
  .min(1, 'Password baru tidak boleh kosong')
  .min(PASSWORD_MIN_LENGTH, `Password minimal ${PASSWORD_MIN_LENGTH} karakter`)
  .max(200, 'Password maksimal 200 karakter');

/** `PUT /api/auth/profile` body and the profile form. */
export const profileUpdateSchema = z.object({
  nama_lengkap: namaLengkapField,
  username: usernameField,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** `PUT /api/auth/change-password` body. */
export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Password saat ini tidak boleh kosong' })
    .min(1, 'Password saat ini tidak boleh kosong')
    .max(200, 'Password maksimal 200 karakter'),
  new_password: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** `POST /api/auth/register` body (admins only). */
export const registerSchema = z.object({
  username: usernameField,
  nama_lengkap: namaLengkapField,
  password: newPasswordField,
  role: z.enum(roles, { error: 'Peran harus dipilih' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** A staff account as administrators see it (`GET /api/users`). */
export const staffUserSchema = userSchema.extend({
  is_active: z.boolean(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** `PUT /api/users/{id}/role` body. */
export const userRoleUpdateSchema = z.object({ role: z.enum(roles, { error: 'Peran harus dipilih' }) });

/** `PUT /api/users/{id}/status` body. */
export const userStatusUpdateSchema = z.object({ is_active: z.boolean({ error: 'Status harus dipilih' }) });

/** `PUT /api/users/{id}/password` body (reset by an administrator). */
export const userPasswordResetSchema = z.object({ new_password: newPasswordField });
