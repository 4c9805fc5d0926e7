import { z } from 'zod';

/** Staff roles known to the product (spec §6). */
export const roles = ['admin', 'operator', 'user'] as const;
export type Role = (typeof roles)[number];

/** Indonesian labels of the roles (spec §6). */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  operator: 'Operator',
  user: 'User',
};

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
